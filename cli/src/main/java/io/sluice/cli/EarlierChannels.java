package io.sluice.cli;

import io.sluice.provenance.ProvenanceRecorder;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Removes the channels, checkpoints and provenance an earlier run left in a work directory, so that
 * running the same command again starts afresh. Only directories that are Sluice channels (they hold {@code channel.json})
 * are removed; anything else stops the run with a usage error, so that no other file is lost.
 * Runs on the thread of {@link Main#run}.
 */
final class EarlierChannels {
    private EarlierChannels() {}

    /**
     * Removes the channels in {@code channels}, if there are any.
     *
     * @param shown the same directory as the user would write it, for messages
     * @throws UsageException if the directory holds something that is not a channel
     * @throws IOException if a channel cannot be removed
     */
    static void remove(Path channels, Path shown, PrintWriter err) throws IOException {
        if (!Files.isDirectory(channels)) {
            return;
        }
        List<Path> entries;
        try (Stream<Path> list = Files.list(channels)) {
            entries = list.sorted().toList();
        }
        for (Path entry : entries) {
            if (!Files.isRegularFile(entry.resolve("channel.json"))) {
                throw new UsageException("--work: " + shown + " holds " + entry.getFileName()
                        + ", which is not a channel of an earlier run; not removing it: use another --work");
            }
        }
        if (entries.isEmpty()) {
            return;
        }
        err.println("sluice: replacing the " + entries.size() + " channels of an earlier run in " + shown);
        for (Path entry : entries) {
            try (Stream<Path> files = Files.walk(entry)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
    }

    /**
     * Removes the checkpoint log an earlier run saved in {@code checkpoints}, if there is one.
     *
     * @param shown the same directory as the user would write it, for messages
     * @throws UsageException if the directory holds files other than a Chronicle queue's
     * @throws IOException if it cannot be removed
     */
    static void removeCheckpoints(Path checkpoints, Path shown, PrintWriter err) throws IOException {
        if (!Files.isDirectory(checkpoints)) {
            return;
        }
        List<Path> entries;
        try (Stream<Path> list = Files.list(checkpoints)) {
            entries = list.toList();
        }
        for (Path entry : entries) {
            String name = entry.getFileName().toString();
            if (!Files.isRegularFile(entry) || !(name.endsWith(".cq4") || name.endsWith(".cq4t"))) {
                throw new UsageException("--work: " + shown + " holds " + name
                        + ", which is not part of the checkpoints of an earlier run; not removing it: use another --work");
            }
        }
        for (Path entry : entries) {
            Files.delete(entry);
        }
        Files.delete(checkpoints);
    }

    /**
     * Removes the provenance an earlier run recorded in {@code work}, if there is any: what a
     * recorder wrote there, also if its run was killed, even while recording started.
     *
     * @param shownWork the same work directory as the user would write it, for messages
     * @throws UsageException if the provenance directory holds something a recorder does not write
     * @throws IOException if it cannot be removed
     */
    static void removeProvenance(Path work, Path shownWork, PrintWriter err) throws IOException {
        Path provenance = work.resolve(RunOptions.PROVENANCE_DIRECTORY);
        if (!Files.exists(provenance)) {
            return;
        }
        requireOnlyRecordedProvenance(work, shownWork);
        err.println("sluice: replacing the provenance of an earlier run in " + shownWork.resolve(RunOptions.PROVENANCE_DIRECTORY));
        try (Stream<Path> files = Files.walk(provenance)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    /**
     * Checks that the provenance directory of {@code work}, if there is one, holds only what a
     * recorder wrote, so that it may be replaced or set aside.
     *
     * @throws UsageException if it holds anything else
     */
    static void requireOnlyRecordedProvenance(Path work, Path shownWork) throws IOException {
        if (Files.exists(work.resolve(RunOptions.PROVENANCE_DIRECTORY)) && !ProvenanceRecorder.holdsRecordedProvenance(work)) {
            throw new UsageException("--work: " + shownWork.resolve(RunOptions.PROVENANCE_DIRECTORY) + " is not the provenance "
                    + "of an earlier run (it holds files that Sluice does not write there); not removing it: use another --work");
        }
    }
}
