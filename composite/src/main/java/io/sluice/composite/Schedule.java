package io.sluice.composite;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * A transfer schedule: for every piece of every receiver's wanted ranges, how many of its tokens
 * each sender that holds it sends ({@link #shares()}), the same as whole seq ranges
 * ({@link #assignments()}), and the completion time it predicts from the capacities it was made
 * for. Immutable and thread-safe.
 */
public final class Schedule {
    private final String scheduler;
    private final TransferSpec spec;
    private final Capacities capacities;
    private final List<Share> shares;
    private final List<Assignment> assignments;
    private final Map<String, Double> loads;
    private final double predictedSeconds;

    /**
     * Tokens of one segment of a receiver's wants that one sender sends: a fraction of a token
     * stands for a share of the segment's rate.
     *
     * @param sender the sender's name
     * @param receiver the receiver's name
     * @param segment the segment: a part of a wanted range whose seqs the same senders hold
     * @param tokens how many of its tokens this sender sends
     */
    public record Share(String sender, String receiver, SeqRange segment, double tokens) {}

    /**
     * Seqs one sender sends to one receiver.
     *
     * @param sender the sender's name
     * @param receiver the receiver's name
     * @param range the seqs
     */
    public record Assignment(String sender, String receiver, SeqRange range) {}

    private Schedule(String scheduler, TransferSpec spec, Capacities capacities, List<Share> shares) {
        this.scheduler = scheduler;
        this.spec = spec;
        this.capacities = capacities;
        this.shares = List.copyOf(shares);
        this.assignments = round(this.shares);
        this.loads = loads(this.shares);
        this.predictedSeconds = predict(spec, capacities, this.shares);
    }

    /**
     * A schedule of {@code shares}, for {@link Scheduler} implementations: the shares of each
     * segment must add up to its size and come in the order of the receiver's wants.
     */
    public static Schedule of(String scheduler, TransferSpec spec, Capacities capacities, List<Share> shares) {
        return new Schedule(Objects.requireNonNull(scheduler), spec, capacities, shares);
    }

    /** The name of the scheduler that made it. */
    public String scheduler() {
        return scheduler;
    }

    /** What it schedules. */
    public TransferSpec spec() {
        return spec;
    }

    /** The capacities it was made for. */
    public Capacities capacities() {
        return capacities;
    }

    /** Every segment's split among its senders, receiver by receiver, in the order of their wants. */
    public List<Share> shares() {
        return shares;
    }

    /**
     * The shares as whole seq ranges: each segment is cut into one range per sender with a share,
     * in the order of the spec's senders, sizes rounded so that the segment is covered exactly
     * once.
     */
    public List<Assignment> assignments() {
        return assignments;
    }

    /** Tokens each node sends or receives, by name. */
    public Map<String, Double> loads() {
        return loads;
    }

    /**
     * The completion time the capacities predict: the largest of every node's and link's tokens
     * divided by its capacity; 0 if no capacity limits it.
     */
    public double predictedSeconds() {
        return predictedSeconds;
    }

    private static List<Assignment> round(List<Share> shares) {
        List<Assignment> out = new ArrayList<>();
        int i = 0;
        while (i < shares.size()) {
            int j = i;
            Share first = shares.get(i);
            while (j < shares.size() && shares.get(j).receiver().equals(first.receiver()) && shares.get(j).segment().equals(first.segment())) {
                j++;
            }
            List<Share> group = shares.subList(i, j);
            long size = first.segment().size();
            long[] n = new long[group.size()];
            double[] rest = new double[group.size()];
            long total = 0;
            double sum = group.stream().mapToDouble(Share::tokens).sum();
            for (int k = 0; k < n.length; k++) {
                double exact = sum <= 0 ? (k == 0 ? size : 0) : group.get(k).tokens() * size / sum;
                n[k] = (long) Math.floor(exact);
                rest[k] = exact - n[k];
                total += n[k];
            }
            while (total < size) { // largest remainders first
                int best = 0;
                for (int k = 1; k < n.length; k++) {
                    if (rest[k] > rest[best]) {
                        best = k;
                    }
                }
                n[best]++;
                rest[best] = -1;
                total++;
            }
            long at = first.segment().start();
            for (int k = 0; k < n.length; k++) {
                if (n[k] > 0) {
                    out.add(new Assignment(group.get(k).sender(), first.receiver(), new SeqRange(at, at + n[k])));
                    at += n[k];
                }
            }
            i = j;
        }
        return List.copyOf(out);
    }

    private static Map<String, Double> loads(List<Share> shares) {
        Map<String, Double> m = new LinkedHashMap<>();
        for (Share s : shares) {
            m.merge(s.sender(), s.tokens(), Double::sum);
            m.merge(s.receiver(), s.tokens(), Double::sum);
        }
        return Map.copyOf(m);
    }

    /** The predicted completion time of {@code shares} under {@code c}. */
    static double predict(TransferSpec spec, Capacities c, List<Share> shares) {
        Map<String, Double> send = new LinkedHashMap<>();
        Map<String, Double> receive = new LinkedHashMap<>();
        Map<List<String>, Double> link = new LinkedHashMap<>();
        for (Share s : shares) {
            send.merge(s.sender(), s.tokens(), Double::sum);
            receive.merge(s.receiver(), s.tokens(), Double::sum);
            link.merge(List.of(s.sender(), s.receiver()), s.tokens(), Double::sum);
        }
        double t = 0;
        for (Map.Entry<String, Double> e : send.entrySet()) {
            t = Math.max(t, time(e.getValue(), c.sender(e.getKey())));
        }
        for (Map.Entry<String, Double> e : receive.entrySet()) {
            t = Math.max(t, time(e.getValue(), c.receiver(e.getKey())));
        }
        for (Map.Entry<List<String>, Double> e : link.entrySet()) {
            t = Math.max(t, time(e.getValue(), c.link(e.getKey().get(0), e.getKey().get(1))));
        }
        return t;
    }

    private static double time(double tokens, double rate) {
        if (tokens <= 1e-9) {
            return 0;
        }
        return rate == 0 ? Double.POSITIVE_INFINITY : tokens / rate;
    }

    /**
     * The plan in text: who sends which ranges to whom, each node's tokens and, where its
     * capacity is known, its expected rate and busy time, and the predicted completion time.
     */
    public String describe() {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "plan of %s (%s schedule): %,d tokens to %d receivers from %d senders%n", spec.channel(), scheduler,
                spec.wantedTokens(), spec.receivers().size(), spec.senders().size()));
        Map<List<String>, List<SeqRange>> bySenderAndReceiver = new LinkedHashMap<>();
        List<Assignment> sorted = new ArrayList<>(assignments);
        sorted.sort(Comparator.comparingInt((Assignment a) -> index(a.sender())).thenComparingInt(a -> index(a.receiver())));
        for (Assignment a : sorted) {
            List<SeqRange> rs = bySenderAndReceiver.computeIfAbsent(List.of(a.sender(), a.receiver()), k -> new ArrayList<>());
            if (!rs.isEmpty() && rs.get(rs.size() - 1).end() == a.range().start()) {
                rs.set(rs.size() - 1, new SeqRange(rs.get(rs.size() - 1).start(), a.range().end()));
            } else {
                rs.add(a.range());
            }
        }
        bySenderAndReceiver.forEach((k, rs) -> b.append(String.format(Locale.ROOT, "  %s -> %s: %s (%,d tokens)%n", k.get(0), k.get(1),
                SeqRanges.describe(rs), rs.stream().mapToLong(SeqRange::size).sum())));
        for (TransferSpec.Sender s : spec.senders()) {
            b.append(node("sender", s.name(), loads.getOrDefault(s.name(), 0.0), capacities.nodes().get(s.name())));
        }
        for (TransferSpec.Receiver r : spec.receivers()) {
            b.append(node("receiver", r.name(), loads.getOrDefault(r.name(), 0.0), capacities.nodes().get(r.name())));
        }
        if (predictedSeconds > 0 && Double.isFinite(predictedSeconds)) {
            b.append(String.format(Locale.ROOT, "predicted time: %.3f s%n", predictedSeconds));
        } else {
            b.append("predicted time: unknown (no capacities measured)").append(System.lineSeparator());
        }
        return b.toString();
    }

    private String node(String role, String name, double tokens, Double capacity) {
        if (capacity == null) {
            return String.format(Locale.ROOT, "  %s %s: %,.0f tokens%n", role, name, tokens);
        }
        return String.format(Locale.ROOT, "  %s %s: %,.0f tokens at %,.0f tokens/s, busy %.3f s%n", role, name, tokens, capacity,
                capacity == 0 ? Double.POSITIVE_INFINITY : tokens / capacity);
    }

    private int index(String node) {
        for (int i = 0; i < spec.senders().size(); i++) {
            if (spec.senders().get(i).name().equals(node)) {
                return i;
            }
        }
        for (int i = 0; i < spec.receivers().size(); i++) {
            if (spec.receivers().get(i).name().equals(node)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        return scheduler + " schedule of " + spec.channel() + ", predicted " + predictedSeconds + " s";
    }
}
