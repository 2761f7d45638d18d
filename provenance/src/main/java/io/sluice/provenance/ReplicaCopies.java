package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.WorkLayout;
import io.sluice.workflow.ReplicatedActor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which copy of a replicated actor ({@link ReplicatedActor}) took and put which tokens of a
 * firing, as the copy logs in one work directory say ({@link WorkLayout#replicaLog}). Whether an
 * actor ran replicated is decided once per actor from its recorded class; its copy log, and where
 * each copy fired, are read when one of its firings is first asked about, and kept.
 *
 * <p><b>Failure.</b> A copy log that cannot be read, has no record of a firing, or disagrees with
 * the firing's record raises a {@link ProvenanceException} naming the file and the firing.
 *
 * <p><b>Threading.</b> Used by one thread at a time, that of its store; it holds no open file.
 */
final class ReplicaCopies {
    private final Path workDirectory;
    private final RunFile run;
    /** The copy logs of replicated actors, by actor and firing. */
    private final Map<String, Map<Long, List<ReplicatedActor.CopySlice>>> copyLogs = new HashMap<>();
    /** Where each copy of each replicated actor fired, as its copy log says. */
    private final Map<String, Map<Integer, String>> copyPlaces = new HashMap<>();
    /** Whether each actor, by index, ran replicated. */
    private final Map<Integer, Boolean> replicatedActors = new HashMap<>();

    ReplicaCopies(Path workDirectory, RunFile run) {
        this.workDirectory = workDirectory;
        this.run = run;
    }

    /**
     * The copies of {@code firing}, of actor number {@code a}, as {@link ProvenanceStore#copies}
     * describes them: one share per copy that took any, in copy order; empty for an actor that is
     * not replicated, for the firing that met the end of the input, and for a work directory
     * holding no copy log of the actor.
     *
     * @throws ProvenanceException if the copy log cannot be read, has no record of the firing, or
     *     disagrees with the firing's record (naming the file and the firing)
     */
    List<CopyShare> of(int a, FiringRecord firing) {
        if (firing.consumed().isEmpty() || !replicatedActors.computeIfAbsent(a, i -> replicated(run.workflow().actors().get(i)))) {
            return List.of(); // the firing that meets the end of the input fires no copy
        }
        Map<Long, List<ReplicatedActor.CopySlice>> log = copyLogs.get(firing.actor());
        if (log == null) {
            log = new HashMap<>();
            try {
                for (ReplicatedActor.CopySlice slice : ReplicatedActor.readCopyLog(workDirectory, firing.actor())) {
                    log.computeIfAbsent(slice.firing(), f -> new ArrayList<>()).add(slice);
                }
                copyPlaces.put(firing.actor(), ReplicatedActor.readCopyPlaces(workDirectory, firing.actor()));
            } catch (java.io.UncheckedIOException e) {
                throw new ProvenanceException(e.getCause().getMessage(), e);
            }
            copyLogs.put(firing.actor(), log);
        }
        if (log.isEmpty()) {
            return List.of();
        }
        Path file = WorkLayout.replicaLog(workDirectory, firing.actor());
        List<ReplicatedActor.CopySlice> slices = log.get(firing.firing());
        if (slices == null) {
            throw new ProvenanceException("the copy log " + file + " has no record of firing " + firing.firing() + " of '"
                    + firing.actor() + "'");
        }
        return CopyShares.of(firing, slices, copyPlaces.getOrDefault(firing.actor(), Map.of()), file);
    }

    /** Whether {@code actor} ran as a replicated actor: its recorded class is one. */
    private static boolean replicated(RunFile.ActorEntry actor) {
        try {
            return actor.className() != null && ReplicatedActor.class.isAssignableFrom(
                    Class.forName(actor.className(), false, ProvenanceStore.class.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
