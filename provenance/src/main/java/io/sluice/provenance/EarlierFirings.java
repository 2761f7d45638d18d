package io.sluice.provenance;

import io.sluice.channels.UnfinishedFiles;
import io.sluice.run.FiringLog;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The provenance a killed run recorded, kept aside while a run that resumes it records its own:
 * the resumed run restarts some actors from checkpoints instead of their first firing, so their
 * earlier firings are copied from here into its provenance ({@link #copy}), which is then whole.
 *
 * <p>It lives in {@code <work>/provenance.earlier}, moved there from {@code <work>/provenance}, and
 * is removed once the resumed run's provenance is complete; a resumed run killed in turn leaves it
 * for the next resume.
 */
final class EarlierFirings implements AutoCloseable {
    static final String DIRECTORY = StoreLayout.DIRECTORY + ".earlier";

    private final Path directory;
    private final ProvenanceStore store;

    private EarlierFirings(Path directory, ProvenanceStore store) {
        this.directory = directory;
        this.store = store;
    }

    /**
     * Sets aside the provenance recorded in {@code workDirectory} and opens it; null if there is
     * none. A recorded run in {@code <work>/provenance} replaces what an earlier resume set aside
     * (it holds the firings that one copied, and more); an interrupted start of recording there
     * is removed, keeping what was set aside.
     *
     * @throws ProvenanceException if the provenance cannot be moved or read
     */
    static EarlierFirings setAside(Path workDirectory) throws IOException {
        StoreLayout current = new StoreLayout(workDirectory);
        Path aside = workDirectory.resolve(DIRECTORY);
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
        // The run that recorded it is dead: what it left half-made is recovered as for a channel.
        Path firings = StoreLayout.at(aside).firings();
        if (Files.isDirectory(firings)) {
            UnfinishedFiles.remove(firings, "provenance firing log");
        }
        return new EarlierFirings(aside, ProvenanceStore.open(workDirectory, StoreLayout.at(aside)));
    }

    /** How many of {@code actor}'s firings, from the first, were recorded; 0 for an actor the earlier workflow lacks. */
    long recordedFirings(String actor) {
        return store.actors().contains(actor) ? store.recordedFirings(actor) : 0;
    }

    /**
     * Logs {@code actor}'s firings before {@code upTo} into {@code log}, with their times (a firing
     * whose interval is the next one's was untimed, and is logged so again).
     */
    void copy(String actor, long upTo, RunFile.ActorEntry ports, FiringLog log) throws Exception {
        long[] inFrom = new long[ports.inputs().size()];
        long[] inTo = new long[inFrom.length];
        long[] outFrom = new long[ports.outputs().size()];
        long[] outTo = new long[outFrom.length];
        FiringRecord[] pending = new FiringRecord[1];
        Exception[] failure = new Exception[1];
        long[] copied = {0};
        store.firings(actor, 0, upTo, r -> {
            if (failure[0] == null && pending[0] != null) {
                failure[0] = log(pending[0], r, ports, inFrom, inTo, outFrom, outTo, log);
            }
            pending[0] = r;
            copied[0]++;
        });
        if (copied[0] != upTo) {
            throw new ProvenanceException(directory + " holds " + copied[0] + " firings of actor '" + actor
                    + "', but it restarts after " + upTo + "; its provenance would not be whole");
        }
        if (failure[0] == null && pending[0] != null) {
            failure[0] = log(pending[0], null, ports, inFrom, inTo, outFrom, outTo, log);
        }
        if (failure[0] != null) {
            throw failure[0];
        }
    }

    private static Exception log(FiringRecord r, FiringRecord next, RunFile.ActorEntry ports, long[] inFrom, long[] inTo,
            long[] outFrom, long[] outTo, FiringLog log) {
        positions(r.consumed(), ports.inputs(), inFrom, inTo);
        positions(r.produced(), ports.outputs(), outFrom, outTo);
        boolean untimed = next != null && next.startEpochNanos() == r.startEpochNanos() && next.endEpochNanos() == r.endEpochNanos();
        try {
            log.firing(r.firing(), untimed ? FiringLog.UNTIMED : r.startEpochNanos(), untimed ? FiringLog.UNTIMED : r.endEpochNanos(),
                    inFrom, inTo, outFrom, outTo);
            return null;
        } catch (Exception e) {
            return e;
        }
    }

    /** Each port's range in the record; a port it does not list stayed where the previous firing left it. */
    private static void positions(List<PortRange> ranges, List<RunFile.PortEntry> ports, long[] from, long[] to) {
        for (int i = 0; i < ports.size(); i++) {
            from[i] = to[i];
            for (PortRange range : ranges) {
                if (range.port().equals(ports.get(i).port())) {
                    from[i] = range.fromSeq();
                    to[i] = range.toSeq();
                }
            }
        }
    }

    /** Closes the earlier store and removes it: the resumed run's provenance holds what it needs. */
    void remove() throws IOException {
        store.close();
        deleteRecursively(directory);
    }

    @Override
    public void close() {
        store.close();
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
