package io.sluice.channels;

import io.sluice.channel.ChannelException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.Wires;

/**
 * The files a writer killed while it created them leaves in a channel's directory: a queue file,
 * or the queue's metadata file, whose header it never finished. Such a file holds no excerpt, but
 * Chronicle, taking it for a file another process is still creating, waits for its header (half a
 * minute for a queue file, ten seconds for the metadata file) and then fails. Removing it is safe
 * once no writer is alive, and lets the queue carry on from the files before it (Chronicle makes
 * the metadata file again, a resumed writer the queue file).
 *
 * <p>A file's header is finished when its first four bytes, Chronicle's header word, are neither
 * zero (never written) nor marked not complete.
 */
final class UnfinishedFiles {
    private UnfinishedFiles() {}

    /**
     * Removes the files with an unfinished header of the channel in {@code directory}. The caller
     * holds the channel's writer lock, so no writer is alive.
     *
     * @return the files removed
     * @throws ChannelException naming the file if an unfinished queue file is followed by other
     *     queue files (the files are then corrupt, not left by a kill), or cannot be removed
     */
    static List<Path> remove(Path directory, String channel) {
        List<Path> removed = new ArrayList<>();
        try {
            List<Path> queueFiles;
            try (Stream<Path> files = Files.list(directory)) {
                queueFiles = files.filter(f -> f.getFileName().toString().endsWith(SingleChronicleQueue.SUFFIX)).sorted().toList();
            }
            for (int i = 0; i < queueFiles.size(); i++) {
                Path file = queueFiles.get(i);
                if (!unfinished(file)) {
                    continue;
                }
                if (i != queueFiles.size() - 1) {
                    throw new ChannelException(channel, file, "the queue file's header is unfinished, yet later queue files "
                            + "follow it; the channel's files are corrupt", null);
                }
                Files.delete(file);
                removed.add(file);
            }
            Path metadata = directory.resolve(SingleChronicleQueue.QUEUE_METADATA_FILE);
            if (Files.exists(metadata) && unfinished(metadata)) {
                Files.delete(metadata);
                removed.add(metadata);
            }
        } catch (IOException e) {
            throw new ChannelException(channel, directory, "cannot remove the unfinished files its killed writer left: " + e, e);
        }
        return removed;
    }

    /** Whether the file's header word was never written or is marked not complete. */
    static boolean unfinished(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer word = ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN);
            while (word.hasRemaining() && ch.read(word) >= 0) {
                // Reads the four bytes, or what there is of them.
            }
            if (word.hasRemaining()) {
                return true;
            }
            int header = word.getInt(0);
            return header == Wires.NOT_INITIALIZED || Wires.isNotComplete(header);
        }
    }
}
