package io.sluice.provenance;

import io.sluice.channel.local.internal.UnfinishedFiles;
import io.sluice.channel.local.internal.WriterLock;
import java.nio.file.Files;
import java.nio.file.Path;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

/**
 * Opens a run's firing log ({@code <provenance>/firings}) for reading, repairing what a recorder
 * killed while Chronicle made one of its files leaves half-made, as a channel's reader does
 * ({@link UnfinishedFiles}): a metadata file lacking entries, which a read-only queue cannot
 * open. A last queue file with an unfinished header (the kill came as the log rolled to a new
 * day) does not hold up a reader of the log, which ends at the file before it (KilledRecorderTest
 * shows it); it is removed when a resumed run sets the log aside to copy from it
 * ({@link EarlierFirings#setAside}), as before one writes a channel.
 *
 * <p>Nothing is repaired while the recorder is alive: it holds {@link WriterLock} on the log's
 * directory for as long as it records.
 */
final class FiringLogFiles {
    private static final String QUEUE = "provenance firing log";

    private FiringLogFiles() {}

    /**
     * Opens the firing log in {@code firings} read-only; the caller closes it.
     *
     * @param recorderEnded true if the caller knows that the recorder has ended: a run that
     *     resumes it does (the run it resumes had to end first), and then also removes a queue
     *     file with an unfinished header. If false, the recorder's lock tells, and a directory
     *     this process may only read is left as it is
     * @throws ProvenanceException naming the directory if it cannot be read
     */
    static SingleChronicleQueue openForReading(Path firings, boolean recorderEnded) {
        if (recorderEnded && Files.isDirectory(firings)) {
            UnfinishedFiles.remove(firings, QUEUE);
        } else if (Files.isDirectory(firings)) {
            // before Chronicle waits for it (ten seconds) and fails
            WriterLock.ifNoWriter(firings, () -> UnfinishedFiles.removeUnusableMetadata(firings, QUEUE));
        }
        try {
            return build(firings);
        } catch (RuntimeException | AssertionError e) {
            // Chronicle reports a JVM without the options it needs as an AssertionError: no repair helps.
            boolean repaired = e instanceof RuntimeException && (recorderEnded
                    ? UnfinishedFiles.removeMetadata(firings, QUEUE)
                    : WriterLock.ifNoWriter(firings, () -> UnfinishedFiles.removeMetadata(firings, QUEUE)));
            if (repaired) {
                try {
                    return build(firings);
                } catch (RuntimeException | AssertionError again) {
                    e.addSuppressed(again);
                }
            }
            throw new ProvenanceException(firings + ": cannot read the firing log: " + e + advice(firings, e, repaired), e);
        }
    }

    private static SingleChronicleQueue build(Path firings) {
        return SingleChronicleQueueBuilder.binary(firings).readOnly(true).build();
    }

    private static String advice(Path firings, Throwable e, boolean repaired) {
        if (e instanceof AssertionError) {
            return " (the JVM may lack the options Chronicle Queue needs: docs/jvm-options.md)";
        }
        if (repaired) {
            return "";
        }
        return WriterLock.isHeld(firings)
                ? " (a run is still recording it, in this process or another: ask again once that run has ended)"
                : " (if the run that recorded it was killed, resuming it repairs the log)";
    }
}
