package io.sluice.provenance;

import io.sluice.channel.local.internal.WriterLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The provenance a killed run recorded, kept aside while a run that resumes it records its own:
 * the resumed run restarts some actors from checkpoints instead of their first firing, so their
 * earlier firings are copied from here into its provenance ({@link #copy}), which is then whole.
 *
 * <p>Copying costs little: a batch of firings all before its actor's restart point is appended
 * as it is (the resumed run's records keep the killed run's start as their time base), and only
 * its index entries and totals are worked out, by walking its records without building objects;
 * the batch holding the restart point has its records before it logged again.
 *
 * <p><b>Checked before anything moves.</b> {@link #find} reads the earlier provenance where it
 * lies and checks every batch of its firing log (checksums from format 7 on, and every record),
 * changing nothing on disk: a damaged log fails the resume while the work directory is as it was.
 * Only when the resumed run starts recording does {@link #setAside} move it to
 * {@code <work>/provenance.earlier}; if that run cannot start, {@link #restore} moves it back. It
 * is removed once the resumed run's provenance is complete; a resumed run killed in turn leaves
 * it for the next resume.
 *
 * <p>Used by the thread that sets up and starts the resumed run; the caller closes it.
 */
final class EarlierFirings implements AutoCloseable {
    static final String DIRECTORY = StoreLayout.DIRECTORY + ".earlier";

    private final Path workDirectory;
    /** Where the provenance lies: {@code <work>/provenance}, or {@code <work>/provenance.earlier} once set aside. */
    private Path directory;
    private final RunFile run;
    private FiringLogReader log;
    /** Whether {@link #setAside} moved {@code <work>/provenance} aside, so that {@link #restore} moves it back. */
    private boolean moved;
    /** Per actor of the earlier workflow, how many firings from the first the log holds without a gap. */
    private final long[] recorded;
    /** The size of the largest batch the log holds, with its trailer: the resumed run's firing log must take it. */
    private int largestBatch;

    private EarlierFirings(Path workDirectory, Path directory, RunFile run, FiringLogReader log) {
        this.workDirectory = workDirectory;
        this.directory = directory;
        this.run = run;
        this.log = log;
        this.recorded = new long[run.workflow().actors().size()];
        countRecorded(recorded);
    }

    /**
     * Finds the provenance recorded in {@code workDirectory} and checks it where it lies, changing
     * nothing; null if there is none. A recorded run in {@code <work>/provenance} is the one found,
     * rather than what an earlier resume set aside (it holds the firings that one copied, and
     * more); beside an interrupted start of recording there, what was set aside is. The run that
     * recorded it must have ended.
     *
     * @throws ProvenanceException if the provenance cannot be read or is damaged (naming the file
     *     and the batch), is still being recorded, or {@code <work>/provenance} holds files a
     *     recorder does not write
     * @throws IOException if the directory cannot be listed
     */
    static EarlierFirings find(Path workDirectory) throws IOException {
        StoreLayout current = new StoreLayout(workDirectory);
        Path aside = workDirectory.resolve(DIRECTORY);
        if (WriterLock.isHeld(current.firings())) {
            throw new ProvenanceException(current.root() + " is still being recorded by a run in this process or another; "
                    + "resume a run only once its process has ended");
        }
        Path found;
        if (Files.isRegularFile(current.root().resolve(RunFile.NAME))) {
            found = current.root();
        } else if (Files.isDirectory(current.root()) && !current.holdsAnInterruptedStart()) {
            throw new ProvenanceException(current.root() + " holds files a recorder does not write; not replacing it");
        } else if (Files.isRegularFile(aside.resolve(RunFile.NAME))) {
            found = aside;
        } else {
            return null;
        }
        return open(workDirectory, found, false);
    }

    /** Opens and checks the provenance in {@code directory}, repairing what a killed recorder left only if {@code repair}. */
    private static EarlierFirings open(Path workDirectory, Path directory, boolean repair) {
        StoreLayout layout = StoreLayout.at(directory);
        RunFile run = RunFile.read(layout);
        FiringLogReader log = FiringLogReader.open(layout.firings(), repair, run.format());
        try {
            return new EarlierFirings(workDirectory, directory, run, log);
        } catch (RuntimeException e) {
            log.close();
            throw e;
        }
    }

    /**
     * Moves the provenance found to {@code <work>/provenance.earlier}, where it is copied from,
     * replacing what an earlier resume set aside there, or removes an interrupted start of
     * recording beside it; then reads it again, removing what its killed recorder left half-made
     * (a last file of its log with an unfinished header). For the resumed run as it starts
     * recording, after every check of the resume has passed.
     *
     * @throws ProvenanceException if it reads otherwise than when it was found (it was put back
     *     where it was found)
     * @throws IOException if it cannot be moved
     */
    void setAside() throws IOException {
        StoreLayout current = new StoreLayout(workDirectory);
        Path aside = workDirectory.resolve(DIRECTORY);
        log.close();
        if (directory.equals(current.root())) {
            deleteRecursively(aside);
            Files.move(current.root(), aside, StandardCopyOption.ATOMIC_MOVE);
            moved = true;
        } else if (Files.isDirectory(current.root())) {
            deleteRecursively(current.root()); // an interrupted start of recording, as find saw
        }
        directory = aside;
        try {
            log = FiringLogReader.open(StoreLayout.at(aside).firings(), true, run.format());
            long[] again = new long[recorded.length];
            countRecorded(again);
            if (!Arrays.equals(again, recorded)) {
                throw new ProvenanceException(aside + ": the firing log changed while the resume was set up: it holds "
                        + Arrays.toString(again) + " firings per actor, not " + Arrays.toString(recorded));
            }
        } catch (RuntimeException e) {
            try {
                restore();
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    /**
     * Closes the earlier provenance and, if {@link #setAside} moved it, moves it back to
     * {@code <work>/provenance}, for a resumed run that could not start; the caller has removed
     * what that run wrote there. Does nothing more if there is a directory there.
     *
     * @throws IOException if it cannot be moved back
     */
    void restore() throws IOException {
        close();
        StoreLayout current = new StoreLayout(workDirectory);
        if (moved && !Files.exists(current.root())) {
            Files.move(directory, current.root(), StandardCopyOption.ATOMIC_MOVE);
            directory = current.root();
            moved = false;
        }
    }

    /** The earlier run's {@code run.json}: its start is the time base of its records, which the resumed run keeps. */
    RunFile run() {
        return run;
    }

    /** How many of {@code actor}'s firings, from the first, were recorded; 0 for an actor the earlier workflow lacks. */
    long recordedFirings(String actor) {
        int a = run.actorIndex(actor);
        return a < 0 ? 0 : recorded[a];
    }

    /**
     * Counts into {@code counts} how many firings of each actor the log holds from the first
     * without a gap, checking every batch and its records on the way.
     */
    private void countRecorded(long[] counts) {
        boolean[] gap = new boolean[counts.length];
        List<RunFile.ActorEntry> actors = run.workflow().actors();
        FiringBatch.Walk[] walks = new FiringBatch.Walk[actors.size()];
        for (int a = 0; a < walks.length; a++) {
            walks[a] = new FiringBatch.Walk(actors.get(a).inputs().size() + actors.get(a).outputs().size());
        }
        scan((index, bytes, size, in, h) -> {
            largestBatch = Math.max(largestBatch, size + BatchTrailer.SIZE);
            try {
                FiringBatch.walk(in, h, run.format(), actors.get(h.actor()).inputs().size(), run.startNanos(), Long.MAX_VALUE,
                        walks[h.actor()], null);
            } catch (Exception e) {
                throw damaged(index, h, e);
            }
            if (h.firstFiring() == counts[h.actor()] && !gap[h.actor()]) {
                counts[h.actor()] += h.count();
            } else {
                gap[h.actor()] = true;
            }
        });
    }

    /** The size in bytes of the largest batch of the earlier firing log, which {@link #copy} may append as it is. */
    int largestBatch() {
        return largestBatch;
    }

    /**
     * Logs each restarted actor's firings before its restart point into its log in {@code logs},
     * the resumed run's, whose workflow must be the earlier run's.
     *
     * @param restarts per actor, the firing it restarts at
     * @throws ProvenanceException if the workflow differs, or the earlier log lacks firings
     */
    void copy(Map<String, Long> restarts, Map<String, ActorLog> logs, RunFile current) throws Exception {
        if (!current.workflow().actors().equals(run.workflow().actors())) {
            throw new ProvenanceException("the workflow's actors or ports differ from those of the run it resumes, recorded in "
                    + directory.resolve(RunFile.NAME));
        }
        List<RunFile.ActorEntry> actors = run.workflow().actors();
        long[] upTo = new long[actors.size()];
        ActorLog[] log = new ActorLog[actors.size()];
        FiringBatch.Walk[] walks = new FiringBatch.Walk[actors.size()];
        long[] copied = new long[actors.size()];
        for (int a = 0; a < actors.size(); a++) {
            String name = actors.get(a).name();
            upTo[a] = restarts.getOrDefault(name, 0L);
            log[a] = logs.get(name);
            walks[a] = new FiringBatch.Walk(actors.get(a).inputs().size() + actors.get(a).outputs().size());
        }
        Exception[] failure = new Exception[1];
        scan((index, bytes, size, in, h) -> {
            int a = h.actor();
            if (failure[0] != null || h.firstFiring() >= upTo[a] || h.firstFiring() != copied[a]) {
                return;
            }
            try {
                boolean whole = h.firstFiring() + h.count() <= upTo[a];
                FiringBatch.walk(in, h, run.format(), actors.get(a).inputs().size(), run.startNanos(), upTo[a], walks[a],
                        whole ? null : log[a]);
                if (whole) {
                    log[a].appendCopied(bytes, size, h, walks[a]);
                }
                copied[a] += walks[a].firings;
            } catch (IllegalStateException | IndexOutOfBoundsException e) {
                failure[0] = damaged(index, h, e);
            } catch (Exception e) {
                failure[0] = e;
            }
        });
        if (failure[0] != null) {
            throw failure[0];
        }
        for (int a = 0; a < actors.size(); a++) {
            if (copied[a] != upTo[a]) {
                throw new ProvenanceException(directory + " holds " + copied[a] + " firings of actor '" + actors.get(a).name()
                        + "' from its first, but it restarts after " + upTo[a] + "; its provenance would not be whole");
            }
        }
    }

    /** What {@link #scan} hands on: a checked batch, {@code bytes[0, size)}, and its header, read from {@code in}. */
    private interface BatchHandler {
        void batch(long chronicleIndex, byte[] bytes, int size, Varints in, FiringBatch.Header header);
    }

    /** Hands every batch of the earlier firing log, in log order, to {@code handler}, each checked ({@link FiringLogReader#scan}). */
    private void scan(BatchHandler handler) {
        log.scan((index, bytes, size) -> {
            Varints in = Varints.reading(bytes, size);
            FiringBatch.Header h;
            try {
                h = FiringBatch.readHeader(in, run.format());
            } catch (IllegalStateException | IndexOutOfBoundsException e) {
                throw new ProvenanceException(log.fileOf(index) + ": the batch at index " + Long.toHexString(index)
                        + " is damaged: " + e.getMessage(), e);
            }
            if (h.actor() < 0 || h.actor() >= recorded.length) {
                throw new ProvenanceException(log.fileOf(index) + ": the batch at index " + Long.toHexString(index)
                        + " names actor number " + h.actor() + ", which the recorded workflow does not have; the log is damaged");
            }
            handler.batch(index, bytes, size, in, h);
        });
    }

    /** The failure of a batch found damaged as its records were read, naming its file, index, actor and first firing. */
    private ProvenanceException damaged(long index, FiringBatch.Header h, Exception e) {
        return new ProvenanceException(log.fileOf(index) + ": the batch of actor '" + run.workflow().actors().get(h.actor()).name()
                + "' from firing " + h.firstFiring() + " (at index " + Long.toHexString(index) + ") is damaged: " + e.getMessage(), e);
    }

    /** Closes the earlier log and removes it: the resumed run's provenance holds what it needs. */
    void remove() throws IOException {
        close();
        deleteRecursively(directory);
    }

    @Override
    public void close() {
        log.close();
    }

    /** Deletes {@code root} and all it holds, if it exists. */
    static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
