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
import io.sluice.workflow.CopySource;
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
    /** The start of a copy log line that says where a copy fires: then a tab, the copy, a tab, where. */
    public static final String COPY_PLACE = "#copy";
    /** The start of a copy log line that says a copy was lost with a slice: copy, offset, count, why. */
    public static final String LOST = "#lost";
    private final String name;
    private final List<Actor> copies;
    private final List<Port<?>> ports;
    private final InputPort<?> input;
    private final Map<String, OutputPort<Object>> outputs = new LinkedHashMap<>();
    private final int roundTokens;
    private final CopyRates rates;
    private final AtomicLongArray tokens;
    private final long[] copyFirings;
    /** Copies that joined from elsewhere, numbered after the local ones; firing thread only. */
    private final List<CopySource.Copy> remote = new ArrayList<>();
    /** Whether each copy of {@link #remote} is still given slices. */
    private final List<Boolean> alive = new ArrayList<>();
    /** Copy log lines to write with the next round: where copies that joined fire, slices lost. */
    private final List<Note> placeLines = new ArrayList<>();
    private final List<Note> lostLines = new ArrayList<>();
    /**
     * What the copies that joined are numbered after in the copy log and in messages, beyond their
     * place in {@link #remote}: a resumed run numbers its own after those of the run it resumes,
     * so that a number names one copy in one place throughout the log. Firing thread only.
     */
    private int joinedNumberOffset;
    private boolean firstFiring = true;
    private volatile int copyCount;
    private CopySource source;
    private boolean localPlacesLogged;
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
        this.rates = new CopyRates(MAX_REPLICAS);
        this.tokens = new AtomicLongArray(MAX_REPLICAS);
        this.copyCount = copies.size();
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
        if (roundTokens > MAX_ROUND_TOKENS) {
            throw new IllegalArgumentException(cannot + "a round of " + roundTokens + " tokens is more than the "
                    + MAX_ROUND_TOKENS + " a round may hold");
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
    public Actor copy(int index) {
        return copies.get(index);
    }

    @Override
    public int roundTokens() {
        return roundTokens;
    }

    @Override
    public long[] tokensByCopy() {
        long[] out = new long[copyCount];
        for (int i = 0; i < out.length; i++) {
            out[i] = tokens.get(i);
        }
        return out;
    }

    @Override
    public synchronized void acceptCopies(CopySource copySource) {
        java.util.Objects.requireNonNull(copySource, "copySource");
        if (source != null) {
            throw new IllegalStateException("replicated actor '" + name + "' already accepts copies from " + source);
        }
        source = copySource;
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
        if (firstFiring) {
            firstFiring = false;
            // a resumed run's first firing is past 0; its log goes on after the resumed run's
            joinedNumberOffset = work == null || context.firing() == 0 ? 0 : numberedInLog(WorkLayout.replicaLog(work, name));
        }
        admitJoined();
        List<Slice> done = new ArrayList<>();
        java.util.ArrayDeque<Slice> lost = new java.util.ArrayDeque<>();
        List<Slice> todo = split(0, round.size());
        while (true) { // each batch gives a copy one slice at most: a copy fires on one thread at a time
            List<Slice> lostNow = new ArrayList<>();
            done.addAll(fireSlices(context.firing(), round, todo, lostNow));
            lost.addAll(lostNow);
            Slice again = lost.poll();
            if (again == null) {
                break;
            }
            todo = split(again.from(), again.to()); // a lost copy's slice goes to the copies left, the local ones at least
        }
        done.sort(java.util.Comparator.comparingInt(Slice::from));
        logRound(context.firing(), done);
        for (Slice slice : done) {
            for (List<CopyFiring.Put> puts : slice.puts()) {
                for (CopyFiring.Put put : puts) {
                    context.put(put.port(), put.token());
                }
            }
        }
    }

    /** Tokens {@code [from, to)} of a round for {@code copy}, and once fired what each firing put. */
    private record Slice(int copy, int from, int to, List<List<CopyFiring.Put>> puts, long busyNanos, long totalNanos) {
        Slice(int copy, int from, int to) {
            this(copy, from, to, List.of(), 0, 0);
        }
    }

    /** Adds the copies that joined from the source since the last round, as many as may be. */
    private void admitJoined() {
        if (source == null) {
            return;
        }
        if (!localPlacesLogged) {
            localPlacesLogged = true;
            for (int c = 0; c < copies.size(); c++) {
                placeLines.add(new Note(COPY_PLACE, c, "local"));
            }
        }
        for (CopySource.Copy copy : source.joined()) {
            if (remote.size() + copies.size() >= MAX_REPLICAS) {
                lostLines.add(new Note(LOST, -1, copy.where() + " refused: " + MAX_REPLICAS + " copies already"));
                continue;
            }
            int number = copies.size() + remote.size();
            remote.add(copy);
            alive.add(true);
            copyCount = copies.size() + remote.size();
            placeLines.add(new Note(COPY_PLACE, number, copy.where()));
        }
    }

    /** Splits tokens {@code [from, to)} of the round among the copies alive, by their rates. */
    private List<Slice> split(int from, int to) {
        List<Integer> active = new ArrayList<>();
        for (int c = 0; c < copies.size() + remote.size(); c++) {
            if (c < copies.size() || alive.get(c - copies.size())) {
                active.add(c);
            }
        }
        int[] ids = active.stream().mapToInt(Integer::intValue).toArray();
        int[] shares = rates.split(to - from, ids);
        List<Slice> slices = new ArrayList<>(ids.length);
        int at = from;
        for (int i = 0; i < ids.length; i++) {
            if (shares[i] > 0) {
                slices.add(new Slice(ids[i], at, at + shares[i]));
            }
            at += shares[i];
        }
        return slices;
    }

    /**
     * Fires {@code slices} of the round, local ones on the copies' threads and others through
     * their copy; returns them fired. The slices of a copy lost on the way are added to
     * {@code lost} and the copy is given no more.
     */
    private List<Slice> fireSlices(long firing, List<Object> round, List<Slice> slices, List<Slice> lost) throws Exception {
        List<java.util.concurrent.Future<Slice>> pending = new ArrayList<>(slices.size());
        for (Slice slice : slices) {
            if (slice.copy() < copies.size()) {
                pending.add(threads.submit(() -> fireSlice(slice, round)));
            } else {
                pending.add(fireElsewhere(firing, slice, round));
            }
        }
        List<Slice> fired = new ArrayList<>(slices.size());
        Exception failure = null;
        for (int i = 0; i < pending.size(); i++) {
            Slice slice = slices.get(i);
            try {
                fired.add(pending.get(i).get());
            } catch (InterruptedException e) { // the run is stopping: no copy may fire on after this firing
                pending.forEach(f -> f.cancel(true));
                throw e;
            } catch (ExecutionException e) {
                if (slice.copy() >= copies.size() && !(e.getCause() instanceof ReplicaFailedException)) {
                    alive.set(slice.copy() - copies.size(), false);
                    lost.add(slice);
                    lostLines.add(new Note(LOST, slice.copy(), slice.from() + "\t" + (slice.to() - slice.from()) + "\t"
                            + e.getCause()));
                    continue;
                }
                failure = failure != null ? failure
                        : e.getCause() instanceof Exception cause ? cause : new IllegalStateException(e.getCause());
            }
        }
        if (failure != null) {
            throw failure;
        }
        return fired;
    }

    /** Sends {@code slice} to the copy that fires elsewhere; its future fails if the copy is lost. */
    private java.util.concurrent.CompletableFuture<Slice> fireElsewhere(long firing, Slice slice, List<Object> round) {
        int copy = slice.copy();
        CopySource.Copy target = remote.get(copy - copies.size());
        long start = System.nanoTime();
        return target.fire(firing, slice.from(), List.copyOf(round.subList(slice.from(), slice.to()))).thenApply(fired -> {
            long nanos = System.nanoTime() - start;
            List<List<CopySource.Put>> results = fired.puts();
            int count = slice.to() - slice.from();
            if (results.size() != count) {
                throw new java.util.concurrent.CompletionException(new ReplicaFailedException(copyName(copy) + " ("
                        + target.where() + ") answered " + results.size() + " firings to a slice of " + count + " tokens", null));
            }
            List<List<CopyFiring.Put>> puts = new ArrayList<>(count);
            for (List<CopySource.Put> firingPuts : results) {
                List<CopyFiring.Put> converted = new ArrayList<>(firingPuts.size());
                for (CopySource.Put put : firingPuts) {
                    OutputPort<Object> out = outputs.get(put.port());
                    if (out == null || !out.type().isInstance(put.token())) {
                        throw new java.util.concurrent.CompletionException(new ReplicaFailedException(copyName(copy) + " ("
                                + target.where() + ") put " + put.token().getClass().getName() + " to '" + put.port()
                                + "', which is not an output port of that type", null));
                    }
                    converted.add(new CopyFiring.Put(out, put.token()));
                }
                puts.add(converted);
            }
            tokens.addAndGet(copy, count);
            return new Slice(copy, slice.from(), slice.to(), puts, Math.min(nanos, Math.max(1, fired.busyNanos())), nanos);
        });
    }

    /** Fires the local copy once for each token of {@code slice}; on the copy's own thread. */
    private Slice fireSlice(Slice slice, List<Object> round) throws Exception {
        int copy = slice.copy();
        long start = System.nanoTime();
        List<List<CopyFiring.Put>> done = new ArrayList<>(slice.to() - slice.from());
        Actor actor = copies.get(copy);
        for (int i = slice.from(); i < slice.to(); i++) {
            CopyFiring firing = new CopyFiring(this, copy, copyFirings[copy]++, round.get(i));
            try {
                actor.fire(firing);
            } catch (Exception | Error e) {
                throw new ReplicaFailedException(copyName(copy) + " failed on token " + (i - slice.from()) + " of its slice "
                        + "(token " + i + " of the round): " + e, e);
            }
            if (!firing.taken()) {
                throw new ReplicaFailedException(copyName(copy) + " fired without taking a token; a copy of a "
                        + "replicated actor takes exactly one token per firing", null);
            }
            done.add(firing.puts());
            tokens.incrementAndGet(copy);
        }
        long nanos = System.nanoTime() - start;
        return new Slice(copy, slice.from(), slice.to(), done, nanos, nanos);
    }

    /**
     * Writes which copy took which tokens of the round and how many it put on each output, one
     * line per slice in round order ({@link ReplicatedActor.CopySlice#line()}), before the round's
     * tokens are put: a firing that provenance records is in the log. Copies that joined, and
     * slices lost with a copy, are comment lines before them.
     */
    private void logRound(long firing, List<Slice> slices) throws IOException {
        for (Slice slice : slices) {
            rates.measured(slice.copy(), slice.to() - slice.from(), slice.busyNanos(), slice.totalNanos());
        }
        if (work == null) {
            placeLines.clear();
            lostLines.clear();
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
        for (Note note : placeLines) {
            log.write(note.line(this) + "\n");
        }
        placeLines.clear();
        for (Note note : lostLines) {
            log.write(note.line(this).replace('\n', ' ') + "\n");
        }
        lostLines.clear();
        for (Slice slice : slices) {
            Map<String, Long> byPort = new LinkedHashMap<>();
            outputs.keySet().forEach(port -> byPort.put(port, 0L));
            for (List<CopyFiring.Put> puts : slice.puts()) {
                for (CopyFiring.Put put : puts) {
                    byPort.merge(put.port().name(), 1L, Long::sum);
                }
            }
            log.write(new CopySlice(firing, logged(slice.copy()), slice.from(), slice.to() - slice.from(), byPort).line() + "\n");
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
        if (source != null) { // the copies elsewhere see their input end
            try {
                source.close();
            } catch (RuntimeException e) {
                failure = e;
            }
        }
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
        return "copy " + logged(copy) + " of replicated actor '" + name + "'";
    }

    /** A copy's number in the copy log: a joined copy's after those of the run this one resumes. */
    private int logged(int copy) {
        return copy < copies.size() ? copy : copy + joinedNumberOffset;
    }

    /**
     * How far past the local copies the copy log in {@code file} numbers copies: the offset that
     * numbers this run's joined copies after every copy it names.
     */
    private int numberedInLog(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        int highest = copies.size() - 1;
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            boolean note = line.startsWith(COPY_PLACE + "\t") || line.startsWith(LOST + "\t");
            String[] f = line.split("\t", 3);
            if ((note || !line.startsWith("#")) && f.length > 1) { // a note's or a slice's second field is a copy
                try {
                    highest = Math.max(highest, Integer.parseInt(f[1]));
                } catch (NumberFormatException e) {
                    // "-", or a line a killed process cut off
                }
            }
        }
        return highest + 1 - copies.size();
    }

    /** A comment line of the copy log about one copy (its number, or "-" for none) and what follows it. */
    private record Note(String tag, int copy, String rest) {
        String line(Replicas replicas) {
            return tag + "\t" + (copy < 0 ? "-" : Integer.toString(replicas.logged(copy))) + "\t" + rest;
        }
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
