package io.sluice.workflow.internal;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InitialTokens;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.actor.WritesFiles;
import io.sluice.run.WorkLayout;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.ReplicatedActor.CopySlice;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The replicated actor ({@link ReplicatedActor}): K copies of a {@link Stateless} actor with one
 * input. Marked {@code @Stateless} itself, since each firing's outputs derive from that firing's
 * round alone, so a resumed run restarts it at its checkpoint.
 */
@Stateless
public final class Replicas implements ReplicatedActor, InitialTokens {
    /** The line a resumed run starts its part of the copy log with. */
    public static final String RESUMED = "#resumed";
    /** The first line of a copy log. */
    static final String HEADER = "# firing\tcopy\toffset\tcount\tputs (port=count; per output port)";
    private final String name;
    private final List<Actor> copies;
    private final List<Port<?>> ports;
    private final InputPort<?> input;
    private final Map<String, OutputPort<Object>> outputs = new LinkedHashMap<>();
    private final int roundTokens;
    private final CopyRates rates;
    private final AtomicLongArray tokens;
    private final long[] copyFirings;
    private int initialized;
    private ExecutorService threads;
    private String runId;
    private Path work;
    private BufferedWriter log;

    private Replicas(String name, List<? extends Actor> copies, int roundTokens) {
        this.name = name;
        this.copies = List.copyOf(copies);
        this.ports = List.copyOf(copies.get(0).ports());
        this.input = (InputPort<?>) ports.stream().filter(p -> p instanceof InputPort<?>).findFirst().orElseThrow();
        for (Port<?> p : ports) {
            if (p instanceof OutputPort<?> out) {
                @SuppressWarnings("unchecked")
                OutputPort<Object> o = (OutputPort<Object>) out;
                outputs.put(out.name(), o);
            }
        }
        this.roundTokens = roundTokens;
        this.rates = new CopyRates(copies.size());
        this.tokens = new AtomicLongArray(copies.size());
        this.copyFirings = new long[copies.size()];
    }

    /**
     * Checks that {@code copies} can be run as the replicated actor {@code name} and makes it.
     *
     * @throws IllegalArgumentException naming the actor and what is wrong: fewer than one copy or
     *     more than {@link ReplicatedActor#MAX_REPLICAS}, a round smaller than the copies, copies
     *     that are not distinct instances of one {@code @Stateless} class, that write files, or
     *     that have other than one input port
     */
    public static Replicas of(String name, List<? extends Actor> copies, int roundTokens) {
        String cannot = "actor '" + name + "' cannot be replicated: ";
        if (copies.isEmpty()) {
            throw new IllegalArgumentException(cannot + "it needs at least one copy (replicas >= 1)");
        }
        if (copies.size() > MAX_REPLICAS) {
            throw new IllegalArgumentException(cannot + copies.size() + " copies are more than the " + MAX_REPLICAS
                    + " a replicated actor may have");
        }
        if (roundTokens < copies.size()) {
            throw new IllegalArgumentException(cannot + "a round of " + roundTokens + " tokens is smaller than its "
                    + copies.size() + " copies");
        }
        Set<Actor> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Class<?> type = copies.get(0) == null ? null : copies.get(0).getClass();
        for (Actor copy : copies) {
            if (copy == null || !seen.add(copy)) {
                throw new IllegalArgumentException(cannot + "its copies must be distinct, non-null instances");
            }
            if (copy.getClass() != type) {
                throw new IllegalArgumentException(cannot + "its copies are of different classes, " + type.getName()
                        + " and " + copy.getClass().getName());
            }
        }
        if (!type.isAnnotationPresent(Stateless.class)) {
            throw new IllegalArgumentException(cannot + type.getName() + " is not @Stateless; each copy sees only some "
                    + "of the tokens, so what a firing puts must derive only from the one token it takes");
        }
        if (copies.get(0) instanceof WritesFiles) {
            throw new IllegalArgumentException(cannot + type.getName() + " writes files, which its copies would share");
        }
        List<Port<?>> ports = copies.get(0).ports();
        long inputs = ports.stream().filter(p -> p instanceof InputPort<?>).count();
        if (inputs != 1) {
            throw new IllegalArgumentException(cannot + "it has " + inputs + " input ports "
                    + ports.stream().filter(p -> p instanceof InputPort<?>).map(Port::name).toList()
                    + "; a replicated actor reads one input, striped across its copies");
        }
        for (Actor copy : copies) {
            if (!copy.ports().equals(ports)) {
                throw new IllegalArgumentException(cannot + "its copies declare different ports, " + ports + " and "
                        + copy.ports());
            }
        }
        return new Replicas(name, copies, roundTokens);
    }

    @Override
    public List<Port<?>> ports() {
        return ports;
    }

    /** The initial tokens the copies declare: they come from no firing, so the copies share them. */
    @Override
    public List<?> initialTokens(OutputPort<?> port) {
        return InitialTokens.of(copies.get(0), port);
    }

    @Override
    public int replicas() {
        return copies.size();
    }

    @Override
    public Class<? extends Actor> copyClass() {
        return copies.get(0).getClass();
    }

    @Override
    public int roundTokens() {
        return roundTokens;
    }

    @Override
    public long[] tokensByCopy() {
        long[] out = new long[tokens.length()];
        for (int i = 0; i < out.length; i++) {
            out[i] = tokens.get(i);
        }
        return out;
    }

    @Override
    public void initialize(ActorContext context) throws Exception {
        runId = context.runId();
        try {
            work = context.workDirectory();
        } catch (IllegalStateException e) {
            work = null; // a run without a work directory keeps no copy log
        }
        AtomicInteger made = new AtomicInteger();
        threads = Executors.newFixedThreadPool(copies.size(), r -> {
            Thread t = new Thread(r, "sluice-replica-" + name + "-" + made.getAndIncrement());
            t.setDaemon(true);
            return t;
        });
        for (Actor copy : copies) {
            copy.initialize(context);
            initialized++;
        }
    }

    @Override
    public void fire(FiringContext context) throws Exception {
        List<Object> round = new ArrayList<>(roundTokens);
        round.add(context.take(input)); // at the end of the input this ends the actor
        while (round.size() < roundTokens && context.hasNext(input)) {
            round.add(context.take(input));
        }
        int[] shares = rates.split(round.size());
        List<Future<List<CopyFiring>>> slices = new ArrayList<>(copies.size());
        long[] nanos = new long[copies.size()];
        int offset = 0;
        for (int c = 0; c < copies.size(); c++) {
            int copy = c;
            int from = offset;
            int to = offset + shares[c];
            offset = to;
            slices.add(threads.submit(() -> fireSlice(copy, round, from, to, nanos)));
        }
        List<CopyFiring> firings = new ArrayList<>(round.size());
        Exception failure = null;
        for (Future<List<CopyFiring>> slice : slices) {
            try {
                firings.addAll(slice.get());
            } catch (InterruptedException e) { // the run is stopping: no copy may fire on after this firing
                slices.forEach(f -> f.cancel(true));
                throw e;
            } catch (ExecutionException e) {
                failure = failure != null ? failure
                        : e.getCause() instanceof Exception cause ? cause : new IllegalStateException(e.getCause());
            }
        }
        if (failure != null) {
            throw failure;
        }
        for (int c = 0; c < copies.size(); c++) {
            rates.measured(c, shares[c], nanos[c]);
        }
        logRound(context.firing(), shares, firings);
        for (CopyFiring f : firings) {
            for (CopyFiring.Put put : f.puts()) {
                context.put(put.port(), put.token());
            }
        }
    }

    /** Fires {@code copy} once for each token {@code [from, to)} of the round; on the copy's own thread. */
    private List<CopyFiring> fireSlice(int copy, List<Object> round, int from, int to, long[] nanos) throws Exception {
        long start = System.nanoTime();
        List<CopyFiring> done = new ArrayList<>(to - from);
        Actor actor = copies.get(copy);
        for (int i = from; i < to; i++) {
            CopyFiring firing = new CopyFiring(this, copy, copyFirings[copy]++, round.get(i));
            try {
                actor.fire(firing);
            } catch (Exception | Error e) {
                throw new ReplicaFailedException(copyName(copy) + " failed on token " + (i - from) + " of its slice "
                        + "(token " + i + " of the round): " + e, e);
            }
            if (!firing.taken()) {
                throw new ReplicaFailedException(copyName(copy) + " fired without taking a token; a copy of a "
                        + "replicated actor takes exactly one token per firing", null);
            }
            done.add(firing);
            tokens.incrementAndGet(copy);
        }
        nanos[copy] = System.nanoTime() - start;
        return done;
    }

    /**
     * Writes which copy took which tokens of the round and how many it put on each output, one
     * line per copy that took any ({@link ReplicatedActor.CopySlice#line()}), before the round's
     * tokens are put: a firing that provenance records is in the log.
     */
    private void logRound(long firing, int[] shares, List<CopyFiring> firings) throws IOException {
        if (work == null) {
            return;
        }
        if (log == null) {
            Path file = WorkLayout.replicaLog(work, name);
            Files.createDirectories(file.getParent());
            log = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    firing == 0 ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND);
            // a resumed run starts on a line of its own, after any line a killed run cut off
            log.write(firing == 0 ? HEADER + "\n" : "\n" + RESUMED + "\n");
        }
        List<Map<String, Long>> puts = new ArrayList<>(shares.length);
        for (int c = 0; c < shares.length; c++) {
            Map<String, Long> byPort = new LinkedHashMap<>();
            outputs.keySet().forEach(port -> byPort.put(port, 0L));
            puts.add(byPort);
        }
        for (CopyFiring f : firings) {
            for (CopyFiring.Put put : f.puts()) {
                puts.get(f.copy()).merge(put.port().name(), 1L, Long::sum);
            }
        }
        int offset = 0;
        for (int c = 0; c < shares.length; c++) {
            if (shares[c] > 0) {
                log.write(new CopySlice(firing, c, offset, shares[c], puts.get(c)).line() + "\n");
            }
            offset += shares[c];
        }
        log.flush();
    }

    /**
     * Asks every copy to stop (a copy may wait in its own code while its slice fires); the first
     * copy that throws is the one thrown, after every copy was asked.
     */
    @Override
    public void stop() {
        RuntimeException failure = null;
        for (Actor copy : copies) {
            try {
                copy.stop();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    @Override
    public void wrapUp(ActorContext context) throws Exception {
        Exception failure = null;
        if (threads != null) { // no copy fires while the copies are wrapped up
            threads.shutdownNow();
            if (!threads.awaitTermination(10, TimeUnit.SECONDS)) {
                failure = new IllegalStateException("the copies of replicated actor '" + name
                        + "' did not stop firing within 10 s of being interrupted");
            }
        }
        for (int c = 0; c < initialized; c++) {
            try {
                copies.get(c).wrapUp(context);
            } catch (Exception e) {
                failure = failure == null ? e : failure;
            }
        }
        if (log != null) {
            try {
                log.close();
            } catch (IOException e) {
                failure = failure == null ? e : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    String copyName(int copy) {
        return "copy " + copy + " of replicated actor '" + name + "'";
    }

    String actorName() {
        return name;
    }

    String runId() {
        return runId;
    }

    Path workDirectory() {
        if (work == null) {
            throw new IllegalStateException("the run has no work directory");
        }
        return work;
    }

    String inputName() {
        return input.name();
    }

    OutputPort<Object> output(String port) {
        return outputs.get(port);
    }

    /** A copy failed; the message names the copy and the replicated actor. */
    static final class ReplicaFailedException extends Exception {
        private static final long serialVersionUID = 1L;

        ReplicaFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
