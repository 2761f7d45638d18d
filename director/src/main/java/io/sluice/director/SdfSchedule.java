package io.sluice.director;

import io.sluice.actor.Port;
import io.sluice.actor.TokenRates;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.PortRef;
import io.sluice.workflow.Workflow;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The static schedule of a workflow under the SDF director: from the actors' token rates
 * ({@link TokenRates}; one token per port and firing unless declared), how often each actor fires
 * in one iteration (the smallest solution of the balance equations, per connected part of the
 * workflow), an order of those firings in which every take finds its tokens, and the most tokens
 * each channel then holds. A channel's initial tokens, its own and those its writer port declares
 * ({@link io.sluice.actor.InitialTokens}, a delay's), wait on it before the first firing: a cycle
 * fires only as far as they let it. Immutable; {@link #of} computes it.
 */
public final class SdfSchedule {
    private final Map<String, Long> repetitions;
    private final List<String> firings;
    private final Map<String, Long> bufferSizes;

    private SdfSchedule(Map<String, Long> repetitions, List<String> firings, Map<String, Long> bufferSizes) {
        this.repetitions = repetitions;
        this.firings = firings;
        this.bufferSizes = bufferSizes;
    }

    /**
     * The schedule of {@code workflow}.
     *
     * @throws SdfScheduleException if the rates are inconsistent (no repetition counts balance a
     *     channel: the message names the channel, its ports and their rates) or an iteration
     *     cannot complete (a cycle without enough initial tokens: the message names each actor
     *     that cannot fire and the channel it lacks tokens on), or an iteration would fire more
     *     than {@value #MAX_FIRINGS} times
     */
    public static SdfSchedule of(Workflow workflow) {
        return of(workflow, 1);
    }

    /**
     * The schedule of {@code blocking} iterations of {@code workflow} as one: each actor fires
     * {@code blocking} times as often, in an order that fires it as many times in a row as the
     * tokens allow, so that a run switches between actors less often, at the cost of larger
     * buffers. Its {@link #repetitions()} are those of one iteration times {@code blocking}.
     *
     * @throws SdfScheduleException as {@link #of(Workflow)}
     * @throws IllegalArgumentException if {@code blocking} is less than 1
     */
    public static SdfSchedule of(Workflow workflow, int blocking) {
        if (blocking < 1) {
            throw new IllegalArgumentException("blocking must be at least 1, was " + blocking);
        }
        List<ActorNode> actors = workflow.actors();
        for (ActorNode a : actors) {
            if (a.actor() instanceof io.sluice.workflow.ReplicatedActor r) {
                throw new SdfScheduleException("actor '" + a.name() + "' is replicated (" + r.replicas() + " copies): a replicated actor"
                        + " takes a round of tokens per firing, not the one token per firing the SDF director schedules; run the"
                        + " workflow under the data- or demand-driven director");
            }
        }
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < actors.size(); i++) {
            index.put(actors.get(i).name(), i);
        }
        long[] q = repetitions(workflow, actors, index);
        for (int a = 0; a < q.length; a++) {
            q[a] = Math.multiplyExact(q[a], blocking);
        }
        // Simulate one iteration: per channel and reader, the tokens waiting.
        List<ChannelDefinition> channels = workflow.channels();
        long[][] waiting = new long[channels.size()][];
        long[] peak = new long[channels.size()];
        for (int c = 0; c < channels.size(); c++) {
            waiting[c] = new long[channels.get(c).readers().size()];
            java.util.Arrays.fill(waiting[c], channels.get(c).initialTokens().size());
            peak[c] = channels.get(c).initialTokens().size();
        }
        long[] fired = new long[actors.size()];
        List<String> order = new ArrayList<>();
        long total = 0;
        for (long n : q) {
            total += n;
        }
        if (total > MAX_FIRINGS) {
            throw new SdfScheduleException("one iteration of workflow '" + workflow.name() + "' fires its actors " + total
                    + " times, more than the " + MAX_FIRINGS + " the SDF director schedules; repetitions: " + named(actors, q));
        }
        boolean progress = true;
        while (order.size() < total && progress) {
            progress = false;
            for (int a = 0; a < actors.size(); a++) {
                while (fired[a] < q[a] && canFire(workflow, actors.get(a), waiting)) {
                    fire(workflow, actors.get(a), waiting, peak);
                    fired[a]++;
                    order.add(actors.get(a).name());
                    progress = true;
                }
            }
        }
        if (order.size() < total) {
            throw new SdfScheduleException("an iteration of workflow '" + workflow.name() + "' cannot complete: "
                    + blocked(workflow, actors, q, fired, waiting) + "; a cycle needs more initial tokens: on a channel of it"
                    + " (initialTokens) or declared by an actor in it (InitialTokens, such as a sample-delay's initialOutputs)");
        }
        Map<String, Long> buffers = new LinkedHashMap<>();
        for (int c = 0; c < channels.size(); c++) {
            buffers.put(channels.get(c).name(), peak[c]);
        }
        return new SdfSchedule(named(actors, q), List.copyOf(order), java.util.Collections.unmodifiableMap(buffers));
    }

    /** The most firings one iteration may have: a schedule is a list of them. */
    public static final long MAX_FIRINGS = 10_000_000;

    /** How often each actor fires in one iteration, by actor name, in workflow order. */
    public Map<String, Long> repetitions() {
        return repetitions;
    }

    /** The firings of one iteration, in order, by actor name. */
    public List<String> firings() {
        return firings;
    }

    /** The most tokens each channel holds for one of its readers during an iteration, by channel name. */
    public Map<String, Long> bufferSizes() {
        return bufferSizes;
    }

    @Override
    public String toString() {
        return "SdfSchedule[repetitions=" + repetitions + ", buffers=" + bufferSizes + "]";
    }

    // ---- the balance equations ----

    /** The smallest positive integer solution of the balance equations, per connected part. */
    private static long[] repetitions(Workflow workflow, List<ActorNode> actors, Map<String, Integer> index) {
        int n = actors.size();
        BigInteger[] num = new BigInteger[n];
        BigInteger[] den = new BigInteger[n];
        long[] q = new long[n];
        for (int start = 0; start < n; start++) {
            if (num[start] != null) {
                continue;
            }
            List<Integer> part = new ArrayList<>();
            num[start] = BigInteger.ONE;
            den[start] = BigInteger.ONE;
            part.add(start);
            for (int i = 0; i < part.size(); i++) {
                int a = part.get(i);
                for (ChannelDefinition c : workflow.channels()) {
                    for (PortRef reader : c.readers()) {
                        int w = index.get(c.writer().actor());
                        int r = index.get(reader.actor());
                        if (w != a && r != a) {
                            continue;
                        }
                        long wr = rate(actors.get(w), c.writer());
                        long rr = rate(actors.get(r), reader);
                        // wr * x[w] = rr * x[r]
                        int known = w == a ? w : r;
                        int other = w == a ? r : w;
                        BigInteger on = w == a ? num[a].multiply(BigInteger.valueOf(wr)) : num[a].multiply(BigInteger.valueOf(rr));
                        BigInteger od = w == a ? den[a].multiply(BigInteger.valueOf(rr)) : den[a].multiply(BigInteger.valueOf(wr));
                        BigInteger g = on.gcd(od);
                        on = on.divide(g);
                        od = od.divide(g);
                        if (num[other] == null) {
                            num[other] = on;
                            den[other] = od;
                            part.add(other);
                        } else if (!num[other].multiply(od).equals(on.multiply(den[other]))) {
                            throw new SdfScheduleException("the token rates of workflow '" + workflow.name() + "' are inconsistent at"
                                    + " channel '" + c.name() + "': " + c.writer() + " puts " + wr + " per firing and " + reader
                                    + " takes " + rr + ", which no repetition counts of '" + actors.get(known).name() + "' and '"
                                    + actors.get(other).name() + "' balance together with the workflow's other channels");
                        }
                    }
                }
            }
            BigInteger lcm = BigInteger.ONE;
            for (int a : part) {
                lcm = lcm.divide(lcm.gcd(den[a])).multiply(den[a]);
            }
            BigInteger gcd = BigInteger.ZERO;
            for (int a : part) {
                gcd = gcd.gcd(num[a].multiply(lcm).divide(den[a]));
            }
            for (int a : part) {
                BigInteger value = num[a].multiply(lcm).divide(den[a]).divide(gcd);
                if (value.bitLength() > 40) {
                    throw new SdfScheduleException("actor '" + actors.get(a).name() + "' would fire " + value + " times per iteration");
                }
                q[a] = value.longValueExact();
            }
        }
        return q;
    }

    private static long rate(ActorNode actor, PortRef ref) {
        Port<?> port = actor.port(ref.port()).orElseThrow();
        int r = TokenRates.of(actor.actor(), port);
        if (r < 1) {
            throw new SdfScheduleException("actor '" + actor.name() + "' declares rate " + r + " for port '" + ref.port()
                    + "'; the SDF director needs at least 1 on every connected port");
        }
        return r;
    }

    // ---- simulating an iteration ----

    private static boolean canFire(Workflow workflow, ActorNode actor, long[][] waiting) {
        List<ChannelDefinition> channels = workflow.channels();
        for (int c = 0; c < channels.size(); c++) {
            List<PortRef> readers = channels.get(c).readers();
            for (int r = 0; r < readers.size(); r++) {
                if (readers.get(r).actor().equals(actor.name()) && waiting[c][r] < rate(actor, readers.get(r))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static void fire(Workflow workflow, ActorNode actor, long[][] waiting, long[] peak) {
        List<ChannelDefinition> channels = workflow.channels();
        for (int c = 0; c < channels.size(); c++) {
            ChannelDefinition channel = channels.get(c);
            List<PortRef> readers = channel.readers();
            for (int r = 0; r < readers.size(); r++) {
                if (readers.get(r).actor().equals(actor.name())) {
                    waiting[c][r] -= rate(actor, readers.get(r));
                }
            }
            if (channel.writer().actor().equals(actor.name())) {
                long put = rate(actor, channel.writer());
                for (int r = 0; r < readers.size(); r++) {
                    waiting[c][r] += put;
                    peak[c] = Math.max(peak[c], waiting[c][r]);
                }
            }
        }
    }

    /**
     * What keeps the iteration from completing: each actor that has not fired its count and the
     * channels it lacks tokens on, then the cycle of such actors found by following, from the
     * first of them, the writer of the first channel it lacks tokens on.
     */
    private static String blocked(Workflow workflow, List<ActorNode> actors, long[] q, long[] fired, long[][] waiting) {
        List<String> out = new ArrayList<>();
        List<ChannelDefinition> channels = workflow.channels();
        Map<String, PortRef> starvedOn = new LinkedHashMap<>();
        Map<String, ChannelDefinition> starvedChannel = new LinkedHashMap<>();
        for (int a = 0; a < actors.size(); a++) {
            if (fired[a] >= q[a]) {
                continue;
            }
            for (int c = 0; c < channels.size(); c++) {
                List<PortRef> readers = channels.get(c).readers();
                for (int r = 0; r < readers.size(); r++) {
                    long need = readers.get(r).actor().equals(actors.get(a).name()) ? rate(actors.get(a), readers.get(r)) : 0;
                    if (need > waiting[c][r]) {
                        out.add("'" + actors.get(a).name() + "' (fired " + fired[a] + " of " + q[a] + " times) needs " + need
                                + " tokens on channel '" + channels.get(c).name() + "', which holds " + waiting[c][r]
                                + " (port '" + readers.get(r) + "', written by port '" + channels.get(c).writer() + "')");
                        starvedOn.putIfAbsent(actors.get(a).name(), readers.get(r));
                        starvedChannel.putIfAbsent(actors.get(a).name(), channels.get(c));
                    }
                }
            }
        }
        String cycle = cycle(starvedOn, starvedChannel);
        return String.join("; ", out) + (cycle.isEmpty() ? "" : "; the cycle " + cycle);
    }

    /** The cycle of starved actors, as "'w.out' -> 'r.in', ..." from writer port to reader port, or empty if none is found. */
    private static String cycle(Map<String, PortRef> starvedOn, Map<String, ChannelDefinition> starvedChannel) {
        if (starvedOn.isEmpty()) {
            return "";
        }
        List<String> path = new ArrayList<>();
        String at = starvedOn.keySet().iterator().next();
        while (at != null && !path.contains(at)) {
            path.add(at);
            ChannelDefinition c = starvedChannel.get(at);
            at = c == null ? null : c.writer().actor();
        }
        if (at == null) {
            return "";
        }
        List<String> hops = new ArrayList<>();
        for (String actor : path.subList(path.indexOf(at), path.size())) {
            hops.add("'" + starvedChannel.get(actor).writer() + "' -> '" + starvedOn.get(actor) + "'");
        }
        return hops.stream().collect(java.util.stream.Collectors.joining(", ", "[", "]"));
    }

    private static Map<String, Long> named(List<ActorNode> actors, long[] q) {
        Map<String, Long> out = new LinkedHashMap<>();
        for (int a = 0; a < actors.size(); a++) {
            out.put(actors.get(a).name(), q[a]);
        }
        return java.util.Collections.unmodifiableMap(out);
    }
}
