package io.sluice.channel.local.internal;

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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files a writer killed while it created them leaves in a Chronicle queue's directory: a
 * queue file, or the queue's metadata file, whose header it never finished. Such a file holds no
 * excerpt, but Chronicle, taking it for a file another process is still creating, waits for its
 * header (half a minute for a queue file, ten seconds for the metadata file) and then fails.
 * Removing it is safe once no writer is alive, and lets the queue carry on from the files before
 * it (Chronicle makes the metadata file again, a resumed writer the queue file).
 *
 * <p>Only the last queue file is looked at: an earlier one with an unfinished header was damaged,
 * not left by a kill, and is reported by the reader that reaches it. It is removed if its creator
 * left it ({@link PlainQueueFile#leftByItsCreator}): its header word marked as Chronicle marks a
 * file being created, or zero with nothing after it; a header word that is anything else is
 * damage, left for the reader. A metadata file's header is finished when its first four bytes
 * are neither zero (never written) nor marked not complete; one shorter than the 64 KiB Chronicle
 * maps it in was cut short (it
 * never makes one smaller): Chronicle waits for it too before it reads the queue without it, so
 * it is removed as well.
 *
 * <p>Used for channels, and public for the other queues a killed run leaves (its checkpoints and
 * provenance), which are recovered the same way.
 */
public final class UnfinishedFiles {
    private static final Logger LOG = LoggerFactory.getLogger(UnfinishedFiles.class);

    private UnfinishedFiles() {}

    /**
     * Removes the files with an unfinished header of the Chronicle queue in {@code directory}
     * (a channel's, or another queue Sluice keeps). The caller knows no writer is alive: for a
     * channel, it holds the channel's writer lock.
     *
     * @param channel what the queue is, for messages: a channel's name, say
     * @return the files removed
     * @throws ChannelException naming the directory if a file cannot be removed
     */
    public static List<Path> remove(Path directory, String channel) {
        List<Path> removed = new ArrayList<>();
        try {
            List<Path> queueFiles;
            try (Stream<Path> files = Files.list(directory)) {
                queueFiles = files.filter(f -> f.getFileName().toString().endsWith(SingleChronicleQueue.SUFFIX)).sorted().toList();
            }
            // Only the last file can be one its writer was creating; an earlier one is damage, which a
            // reader reports when it gets there, after the tokens before it.
            if (!queueFiles.isEmpty() && PlainQueueFile.leftByItsCreator(queueFiles.get(queueFiles.size() - 1))) {
                Path file = queueFiles.get(queueFiles.size() - 1);
                Files.delete(file);
                removed.add(file);
            }
            Path metadata = directory.resolve(SingleChronicleQueue.QUEUE_METADATA_FILE);
            if (unusableMetadata(metadata)) {
                Files.delete(metadata);
                removed.add(metadata);
            }
        } catch (IOException e) {
            throw new ChannelException(channel, directory, "cannot remove the unfinished files its killed writer left: " + e, e);
        }
        return removed;
    }

    /**
     * Removes the metadata file of the Chronicle queue in {@code directory}, which Chronicle
     * failed to open: the caller knows no writer is alive. A writer killed while it built the
     * queue leaves the file's header finished but not all the entries Chronicle fills in after
     * it; a read-only queue cannot add them and fails ("key ... does not exist in readOnly
     * TableStore"), while it works without the file. A damaged file fails likewise. The file holds
     * no token: Chronicle makes it again from the queue files when the queue is next opened for
     * writing.
     *
     * @param queue what the queue is, for messages: a channel's name, say
     * @return whether there was a metadata file to remove
     * @throws ChannelException naming the directory if the file cannot be removed
     */
    public static boolean removeMetadata(Path directory, String queue) {
        Path metadata = directory.resolve(SingleChronicleQueue.QUEUE_METADATA_FILE);
        try {
            if (!Files.deleteIfExists(metadata)) {
                return false;
            }
        } catch (IOException e) {
            throw new ChannelException(queue, directory, "cannot remove the metadata file that Chronicle could not open: " + e, e);
        }
        LOG.warn("'{}': removed {}, which Chronicle could not open (a killed writer had not finished it, or it was damaged). "
                + "It held no tokens, and is made again from the queue files", queue, metadata);
        return true;
    }

    /**
     * Removes the metadata file of the Chronicle queue in {@code directory} if its header is
     * unfinished or it was cut short, before Chronicle waits for it: the caller knows no writer is
     * alive. The other files are left as they are.
     *
     * @param queue what the queue is, for messages
     * @return whether the file was removed
     * @throws ChannelException naming the directory if it cannot be read or removed
     */
    public static boolean removeUnusableMetadata(Path directory, String queue) {
        Path metadata = directory.resolve(SingleChronicleQueue.QUEUE_METADATA_FILE);
        try {
            if (!unusableMetadata(metadata)) {
                return false;
            }
            Files.delete(metadata);
        } catch (IOException e) {
            throw new ChannelException(queue, directory, "cannot remove the unfinished metadata file its killed writer left: " + e, e);
        }
        LOG.warn("'{}': removed {}, whose header was not finished or which was cut short (a killed writer, or damage). "
                + "It held no tokens, and is made again from the queue files", queue, metadata);
        return true;
    }

    /** Whether a queue's metadata file is there and unfinished, or shorter than Chronicle makes one. */
    private static boolean unusableMetadata(Path metadata) throws IOException {
        return Files.exists(metadata) && (Files.size(metadata) < METADATA_CHUNK || unfinished(metadata));
    }

    /** The size in which Chronicle maps (and grows) a metadata file: none it made is shorter. */
    private static final long METADATA_CHUNK = 64 << 10;

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
