package io.sluice.provenance;

import io.sluice.channel.local.internal.ChronicleSettings;
import io.sluice.channel.local.internal.WriterLock;
import io.sluice.run.Checkpoint;
import io.sluice.run.FiringLog;
import io.sluice.run.FiringSpan;
import io.sluice.run.RunInfo;
import io.sluice.run.RunListener;
import io.sluice.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * Records a run's provenance into {@code <work>/provenance} ({@link StoreLayout}): the run and its
 * workflow, and for every firing the actor, the firing number, its start and end, and the range
 * of seqs it consumed from or produced on each port. No token value is copied: the values stay in
 * the channels. Add it to a run with {@code RunConfig.builder().listener(ProvenanceRecorder.create())};
 * read what it recorded with {@link ProvenanceStore}.
 *
 * <p><b>Threading.</b> As {@link RunListener} says: firings are recorded on the thread that ran
 * the actor, through that actor's {@link #firingLog} (no object per firing), into a buffer of
 * its own; the batches are appended with Chronicle Queue.
 *
 * <p><b>Durability.</b> Records reach the firing log in batches: when an actor has 1024 records,
 * 32 KiB of them or 8192 firings waiting (at its next timed firing, see {@link FiringSpan}), when a
 * firing ends more than a second after the batch's first one started, and when the actor ends. The
 * indexes (one pair per batch and port) are kept in memory and written into one file when the run
 * ends, before the completion marker. A process killed during the run loses the batch each actor
 * was filling; {@link ProvenanceStore} reports such a run as not ended and rebuilds its indexes
 * from the firing log. A full disk fails the run: the batch that does not fit is not written, and
 * the {@link ProvenanceException} names the firing log's file; the actor's log keeps the batch and
 * tries it again at its next append, at the latest when the run ends. The store is then not marked
 * complete (what the failing call had still to log may be missing), and reads as a run that did
 * not end; so does one whose indexes do not fit.
 *
 * <p>One recorder records one run; it fails a run whose work directory already holds provenance.
 */
public final class ProvenanceRecorder implements RunListener {
    static {
        ChronicleSettings.apply();
    }

    /** The firing log's smallest block ({@link #firingLogBlockSize}). */
    static final long MIN_BLOCK = 256 << 10;

    private final Object lock = new Object();
    private StoreLayout layout;
    private RunFile runFile;
    /** Held on the firing log's directory while the run records: readers repair the log only without it. */
    private WriterLock firingLogLock;
    private SingleChronicleQueue queue;
    private FiringLogAppender appender;
    /** Filled in {@link #runStarted}, read-only afterwards. */
    private volatile Map<String, ActorLog> logs = Map.of();
    /** The run's indexes by name, which the actor logs fill and {@link #runEnded} writes into {@link #indexFile}. */
    private final Map<String, IndexPairs> indexes = new LinkedHashMap<>();
    private IndexSetFile indexFile;

    /** The provenance of the killed run this one resumes, or null. */
    private final EarlierFirings earlier;
    /** Whether this run resumes one, so that it replaces an interrupted start of recording, whether or not it has {@link #earlier}. */
    private final boolean resumes;
    /** The firing each actor restarts at, for a resumed run. */
    private volatile Map<String, Long> restarts = Map.of();

    private ProvenanceRecorder(EarlierFirings earlier, boolean resumes) {
        this.earlier = earlier;
        this.resumes = resumes;
    }

    /** A recorder for one run, which records into the run's work directory. */
    public static ProvenanceRecorder create() {
        return new ProvenanceRecorder(null, false);
    }

    /**
     * A recorder for a run that resumes the killed run in {@code workDirectory}. The killed run's
     * provenance is read and checked where it lies, every batch of its firing log, and nothing on
     * disk is changed; when this run starts, it is set aside (in {@code <work>/provenance.earlier})
     * and the firings of each actor before its restart point ({@link #restartAt}) are copied from
     * it into this run's, so that the provenance of the resumed run is whole; it is removed when
     * this run has ended. If this run does not start, or cannot start recording, the work
     * directory is left as it was found.
     *
     * @throws IOException if the work directory cannot be listed
     * @throws ProvenanceException if the earlier provenance cannot be read, or is damaged (the
     *     message names the file and the batch), or {@code <work>/provenance} holds files a
     *     recorder does not write
     */
    public static ProvenanceRecorder resuming(Path workDirectory) throws IOException {
        return new ProvenanceRecorder(EarlierFirings.find(workDirectory), true);
    }

    /**
     * How many of {@code actor}'s firings, from the first, the killed run recorded: an actor may
     * restart no later than that, or its provenance would have a gap. 0 unless this recorder
     * resumes a run.
     */
    public long recordedFirings(String actor) {
        return earlier == null ? 0 : earlier.recordedFirings(actor);
    }

    /**
     * Where the actors restart in the resumed run (those without a checkpoint start at their
     * first firing); before the run starts. Each restart firing must be at most
     * {@link #recordedFirings}: give the restart limit to {@code CheckpointLog.resume}.
     */
    public void restartAt(Collection<Checkpoint> restarts) {
        Map<String, Long> firings = new HashMap<>();
        for (Checkpoint c : restarts) {
            firings.put(c.actor(), c.firing());
        }
        this.restarts = Map.copyOf(firings);
    }

    /**
     * Whether the {@code provenance} directory of {@code workDirectory} holds provenance a recorder
     * wrote, and only that, so that recording the run again may replace it: a recorded run (it has
     * {@code run.json}, whether the run ended or not), or what a recorder killed while it started
     * leaves. False if there is no such directory.
     *
     * @throws IOException if the directory cannot be listed
     */
    public static boolean holdsRecordedProvenance(Path workDirectory) throws IOException {
        StoreLayout l = new StoreLayout(workDirectory);
        if (!Files.isDirectory(l.root())) {
            return false;
        }
        return Files.isRegularFile(l.root().resolve(RunFile.NAME)) || l.holdsAnInterruptedStart();
    }

    /**
     * Closes the earlier run's provenance this recorder holds open, if any, for a run that did not
     * start: it was not moved, and stays where it was found.
     */
    public void releaseEarlier() {
        if (earlier != null) {
            earlier.close();
        }
    }

    /**
     * Creates {@code <work>/provenance} and writes {@code run.json}; for a resumed run, first sets
     * the earlier provenance aside and then copies the earlier firings. If a resumed run's
     * recording cannot start, what it wrote is removed and the earlier provenance put back.
     *
     * @throws ProvenanceException if the run has no work directory, this recorder already
     *     recorded a run, or the directory already holds provenance or cannot be written
     */
    @Override
    public void runStarted(RunInfo run) throws Exception {
        if (run.workDirectory() == null) {
            throw new ProvenanceException("recording provenance needs a work directory (RunConfig.builder().workDirectory(...))");
        }
        synchronized (lock) {
            if (layout != null) {
                throw new ProvenanceException("this recorder already recorded run " + runFile.runId() + "; use one recorder per run");
            }
            StoreLayout l = new StoreLayout(run.workDirectory());
            if (earlier == null && Files.exists(l.root())) {
                if (!resumes || Files.exists(l.root().resolve(RunFile.NAME)) || !l.holdsAnInterruptedStart()) {
                    throw alreadyHolds(l);
                }
                EarlierFirings.deleteRecursively(l.root()); // what a recorder killed as it started left, and nothing before it
            }
            if (earlier != null) {
                earlier.setAside();
            }
            long startNanos = run.started().getEpochSecond() * 1_000_000_000L + run.started().getNano();
            RunFile file = RunFile.started(run, startNanos);
            if (earlier != null) {
                file = file.startedAs(earlier.run());
                startNanos = file.startNanos();
            }
            boolean created = false;
            try {
                if (Files.exists(l.root())) {
                    throw alreadyHolds(l);
                }
                created = true;
                Files.createDirectories(l.index());
                file.write(l.root());
                Files.createDirectories(l.firings());
                firingLogLock = WriterLock.take(l.firings(), "provenance firing log");
                // FAST_DAILY, Chronicle's default, named here: its index arrays fit in the room the appender reserves.
                queue = SingleChronicleQueueBuilder.binary(l.firings()).rollCycle(RollCycles.FAST_DAILY)
                        .blockSize(firingLogBlockSize(largestBatch(file))).build();
                appender = new FiringLogAppender(queue);
                logs = openLogs(file, startNanos);
                copyEarlierFirings(file);
                indexFile = IndexSetFile.create(l.indexes());
            } catch (Exception | Error e) {
                closeAll(e);
                if (earlier != null) {
                    putEarlierBack(created ? l : null, e);
                }
                throw e;
            }
            layout = l;
            runFile = file;
        }
    }

    private static ProvenanceException alreadyHolds(StoreLayout l) {
        return new ProvenanceException(l.root() + " already holds the provenance of a run; use a new work directory, "
                + "or remove the old one");
    }

    /**
     * Removes what a resumed run that could not start recording wrote in {@code l} (null if it
     * wrote nothing), and puts the earlier provenance back.
     */
    private void putEarlierBack(StoreLayout l, Throwable cause) {
        try {
            if (l != null) {
                EarlierFirings.deleteRecursively(l.root());
            }
            earlier.restore();
        } catch (IOException | RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /**
     * The size of the blocks Chronicle maps the firing log's files by: the smallest power of two,
     * at least 256 KiB, whose quarter (the most one excerpt may take) holds {@code largestBatch}.
     *
     * <p>Small, unlike Chronicle's default of 64 MiB, because a file grows a block at a time and
     * the first touch of a new file's mapping costs a read-around of up to the disk's read-ahead
     * within the file's length: zeroed pages of cache, read on the first append's thread
     * (docs/tuning.md, firing log block size, has what it cost). A firing log is small, so it maps
     * a few blocks at most.
     */
    static long firingLogBlockSize(long largestBatch) {
        long block = MIN_BLOCK;
        while (block / 4 < largestBatch) {
            block <<= 1;
        }
        return block;
    }

    /** The largest batch this run's logs may append: their own, or one copied from the run it resumes. */
    private long largestBatch(RunFile file) {
        int ports = file.workflow().actors().stream().mapToInt(a -> a.inputs().size() + a.outputs().size()).max().orElse(0);
        long largest = ActorLog.maxBatchBytes(ports);
        return earlier == null ? largest : Math.max(largest, earlier.largestBatch());
    }

    /** The firings before each actor's restart point, from the run this one resumes. */
    private void copyEarlierFirings(RunFile file) throws Exception {
        if (restarts.values().stream().allMatch(f -> f == 0)) {
            return;
        }
        if (earlier == null) {
            throw new ProvenanceException("actors restart from checkpoints, but the run they resume left no provenance: "
                    + restarts);
        }
        earlier.copy(restarts, logs, file);
    }

    private Map<String, ActorLog> openLogs(RunFile file, long startNanos) {
        Map<String, IndexPairs> produced = new HashMap<>();
        StoreLayout.producedIndexes(file).forEach((port, name) -> produced.put(port, index(name)));
        Map<String, IndexPairs> consumed = new HashMap<>();
        StoreLayout.consumedIndexes(file).forEach((port, name) -> consumed.put(port, index(name)));
        Map<String, ActorLog> out = new HashMap<>();
        List<RunFile.ActorEntry> actors = file.workflow().actors();
        for (int a = 0; a < actors.size(); a++) {
            RunFile.ActorEntry actor = actors.get(a);
            IndexPairs[] in = actor.inputs().stream().map(p -> consumed.get(actor.name() + "." + p.port())).toArray(IndexPairs[]::new);
            IndexPairs[] outs = actor.outputs().stream().map(p -> produced.get(actor.name() + "." + p.port())).toArray(IndexPairs[]::new);
            out.put(actor.name(), new ActorLog(a, actor.name(), startNanos, appender, index(StoreLayout.batches(a)),
                    index(StoreLayout.emptied(a)), in, outs));
        }
        return Map.copyOf(out);
    }

    private IndexPairs index(String name) {
        IndexPairs index = new IndexPairs();
        indexes.put(name, index);
        return index;
    }

    /** The log of {@code actor}'s firings, which the director calls on the actor's thread. */
    @Override
    public FiringLog firingLog(String actor) {
        return log(actor);
    }

    /** The log of {@code actor}'s firings, as {@link #firingLog} gives it, with its entry points for runs of alike firings. */
    ActorLog log(String actor) {
        ActorLog log = logs.get(actor);
        if (log == null) {
            throw new ProvenanceException("a firing of actor '" + actor + "', which the recorded workflow does not have");
        }
        return log;
    }

    @Override
    public void actorEnded(String actor, long firings) {
        ActorLog log = logs.get(actor);
        if (log != null) {
            log.flush();
        }
    }

    /**
     * Writes the last batches, the indexes, and the completion marker, which holds how the run
     * ended ({@link RunFile.RunEnd}; {@code run.json} is not written again); closes the files, each
     * even if another fails.
     *
     * @throws ProvenanceException if a batch or index could not be written: the store is then not
     *     marked complete, and reads as a run that did not end
     * @throws IOException if the marker could not be written whole: the store then reads as a run
     *     that did not end
     */
    @Override
    public void runEnded(RunResult result) throws IOException {
        synchronized (lock) {
            if (layout == null) {
                if (earlier != null) {
                    earlier.close();
                }
                return;
            }
            List<RunFile.ActorTotals> totals = new ArrayList<>();
            for (RunFile.ActorEntry a : runFile.workflow().actors()) {
                totals.add(logs.get(a.name()).totals());
            }
            ProvenanceException failure = closeAll(null);
            try {
                try (IndexSetFile file = indexFile) {
                    if (failure != null) {
                        throw failure;
                    }
                    file.write(indexes);
                }
                runFile = runFile.ended(result, Instant.now(), totals);
                runFile.writeEnd(layout.complete());
            } catch (IOException | RuntimeException e) {
                if (earlier != null) {
                    earlier.close();
                }
                throw e;
            }
            if (earlier != null) {
                earlier.remove();
            }
        }
    }

    /** Closes every log and the queue, each even if another fails; returns the first failure, if any. */
    private ProvenanceException closeAll(Throwable cause) {
        List<Throwable> failures = new ArrayList<>();
        for (ActorLog log : logs.values()) {
            closeQuietly(log, failures);
        }
        closeQuietly(appender, failures);
        closeQuietly(queue, failures);
        closeQuietly(firingLogLock, failures);
        if (failures.isEmpty()) {
            return null;
        }
        ProvenanceException e = new ProvenanceException("cannot write the provenance of the run to the end: " + failures.get(0),
                failures.get(0));
        failures.stream().skip(1).forEach(e::addSuppressed);
        if (cause != null) {
            cause.addSuppressed(e);
        }
        return e;
    }

    private static void closeQuietly(AutoCloseable c, List<Throwable> failures) {
        if (c == null) {
            return;
        }
        try {
            c.close();
        } catch (Exception | Error e) {
            failures.add(e);
        }
    }

    @Override
    public String toString() {
        return "provenance recorder" + (layout == null ? "" : " of " + layout.root());
    }
}
