package io.sluice.provenance;

import io.sluice.channels.WriterLock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

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
 * <p>It lives in {@code <work>/provenance.earlier}, moved there from {@code <work>/provenance}, and
 * is removed once the resumed run's provenance is complete; a resumed run killed in turn leaves it
 * for the next resume.
 */
final class EarlierFirings implements AutoCloseable {
    static final String DIRECTORY = StoreLayout.DIRECTORY + ".earlier";

    private final Path directory;
    private final RunFile run;
    private final SingleChronicleQueue queue;
    /** Per actor of the earlier workflow, how many firings from the first the log holds without a gap. */
    private final long[] recorded;
    /** The size of the largest batch the log holds: the resumed run's firing log must take it. */
    private int largestBatch;
    private byte[] buffer = new byte[1 << 16];

    private EarlierFirings(Path directory, RunFile run, SingleChronicleQueue queue) {
        this.directory = directory;
        this.run = run;
        this.queue = queue;
        this.recorded = new long[run.workflow().actors().size()];
        countRecorded();
    }

    /**
     * Sets aside the provenance recorded in {@code workDirectory} and opens it; null if there is
     * none. A recorded run in {@code <work>/provenance} replaces what an earlier resume set aside
     * (it holds the firings that one copied, and more); an interrupted start of recording there
     * is removed, keeping what was set aside. The run that recorded it must have ended.
     *
     * @throws ProvenanceException if the provenance cannot be read, is still being recorded, or
     *     {@code <work>/provenance} holds files a recorder does not write
     * @throws IOException if it cannot be moved
     */
    static EarlierFirings setAside(Path workDirectory) throws IOException {
        StoreLayout current = new StoreLayout(workDirectory);
        Path aside = workDirectory.resolve(DIRECTORY);
        if (WriterLock.isHeld(current.firings())) {
            throw new ProvenanceException(current.root() + " is still being recorded by a run in this process or another; "
                    + "resume a run only once its process has ended");
        }
        if (Files.isRegularFile(current.root().resolve(RunFile.NAME))) {
            deleteRecursively(aside);
            Files.move(current.root(), aside, StandardCopyOption.ATOMIC_MOVE);
        } else if (Files.isDirectory(current.root())) {
            if (!current.holdsAnInterruptedStart()) {
                throw new ProvenanceException(current.root() + " holds files a recorder does not write; not replacing it");
            }
            deleteRecursively(current.root());
        }
        if (!Files.isRegularFile(aside.resolve(RunFile.NAME))) {
            return null;
        }
        RunFile run = RunFile.read(aside);
        // The run that recorded it is dead: what it left half-made is repaired as for a channel.
        SingleChronicleQueue queue = FiringLogFiles.openForReading(StoreLayout.at(aside).firings(), true);
        try {
            return new EarlierFirings(aside, run, queue);
        } catch (RuntimeException e) {
            queue.close();
            throw e;
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

    private void countRecorded() {
        boolean[] gap = new boolean[recorded.length];
        scan((h, size) -> {
            largestBatch = Math.max(largestBatch, size);
            if (h.firstFiring() == recorded[h.actor()] && !gap[h.actor()]) {
                recorded[h.actor()] += h.count();
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
        scan((h, size) -> {
            int a = h.actor();
            if (failure[0] != null || h.firstFiring() >= upTo[a] || h.firstFiring() != copied[a]) {
                return;
            }
            try {
                Varints in = Varints.reading(buffer, size);
                FiringBatch.readHeader(in, run.format());
                boolean whole = h.firstFiring() + h.count() <= upTo[a];
                FiringBatch.walk(in, h, run.format(), actors.get(a).inputs().size(), run.startNanos(), upTo[a], walks[a],
                        whole ? null : log[a]);
                if (whole) {
                    log[a].appendCopied(buffer, size, h, walks[a]);
                }
                copied[a] += walks[a].firings;
            } catch (IllegalStateException | IndexOutOfBoundsException e) {
                failure[0] = new ProvenanceException(directory + ": the batch of firing " + h.firstFiring() + " of actor '"
                        + actors.get(a).name() + "' in the firing log is damaged: " + e.getMessage(), e);
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

    /** What {@link #scan} hands on: a batch's header, the batch being in {@link #buffer}. */
    private interface BatchHandler {
        void batch(FiringBatch.Header header, int size);
    }

    /** Hands every batch of the earlier firing log, in log order, to {@code handler}. */
    private void scan(BatchHandler handler) {
        try (ExcerptTailer tailer = queue.createTailer()) {
            while (true) {
                int size;
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent()) {
                        return;
                    }
                    size = (int) dc.wire().bytes().readRemaining();
                    if (buffer.length < size) {
                        buffer = new byte[Math.max(size, 2 * buffer.length)];
                    }
                    dc.wire().bytes().read(buffer, 0, size);
                }
                FiringBatch.Header h = FiringBatch.readHeader(Varints.reading(buffer, size), run.format());
                if (h.actor() < 0 || h.actor() >= recorded.length) {
                    throw new ProvenanceException(directory + ": a batch of the firing log names actor number " + h.actor()
                            + ", which the recorded workflow does not have; the log is damaged");
                }
                handler.batch(h, size);
            }
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw new ProvenanceException(directory + ": the firing log is damaged: " + e.getMessage(), e);
        }
    }

    /** Closes the earlier log and removes it: the resumed run's provenance holds what it needs. */
    void remove() throws IOException {
        queue.close();
        deleteRecursively(directory);
    }

    @Override
    public void close() {
        queue.close();
    }

    private static void deleteRecursively(Path root) throws IOException {
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
