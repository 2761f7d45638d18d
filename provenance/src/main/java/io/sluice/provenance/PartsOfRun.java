package io.sluice.provenance;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which part of a split run fired which actor ({@link ProvenanceStore#openParts}): every part
 * must have run the same workflow, and every actor must have been fired by exactly one of them.
 */
final class PartsOfRun {
    private PartsOfRun() {}

    /**
     * Per actor of the workflow, the index of the part that fired it.
     *
     * @param runs the parts' run files, in the order given
     * @param directories their work directories, for messages
     * @throws ProvenanceException naming the directories if the workflows differ, or an actor was
     *     fired by two parts or by none
     */
    static int[] assign(List<RunFile> runs, List<Path> directories) {
        RunFile.WorkflowEntry workflow = runs.get(0).workflow();
        for (int p = 1; p < runs.size(); p++) {
            if (!runs.get(p).workflow().equals(workflow)) {
                throw new ProvenanceException(directories.get(p) + " recorded another workflow ('" + runs.get(p).workflow().name()
                        + "') than " + directories.get(0) + " ('" + workflow.name() + "'), or the same one changed: they are not parts"
                        + " of one run");
            }
        }
        List<RunFile.ActorEntry> actors = workflow.actors();
        int[] partOf = new int[actors.size()];
        Arrays.fill(partOf, -1);
        List<String> unfired = new ArrayList<>();
        for (int a = 0; a < actors.size(); a++) {
            String name = actors.get(a).name();
            for (int p = 0; p < runs.size(); p++) {
                if (!runs.get(p).fired(name)) {
                    continue;
                }
                if (partOf[a] >= 0) {
                    throw new ProvenanceException("actor '" + name + "' was fired by the runs in both " + directories.get(partOf[a])
                            + " and " + directories.get(p) + ": give the work directories of one run's parts");
                }
                partOf[a] = p;
            }
            if (partOf[a] < 0) {
                unfired.add(name);
            }
        }
        if (!unfired.isEmpty()) {
            throw new ProvenanceException("no run in " + directories + " fired " + String.join(", ", unfired)
                    + ": give the work directories of every part of the run");
        }
        return partOf;
    }
}
