package io.sluice.channels;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueStore;

/**
 * One file of a Chronicle queue read with plain file reads, never through a memory map: its
 * header is checked against the file's length, then where its header says its last excerpt
 * starts, and that excerpt too; its excerpts can then be walked one by one.
 *
 * <p><b>Why.</b> Chronicle reads its files through memory maps, and a page beyond the end of a
 * file (one cut short) raises SIGBUS, which Java turns into an {@link InternalError} at some
 * later, unrelated point of the reading thread, after Chronicle went on with a wrong value. A
 * reader that checks a file here first, and leaves Chronicle to read only what lies within it,
 * gets an error naming the file instead. A walk ({@link #next}) reads the excerpts up to the last
 * one the header records and no further: bytes written after it (garbage, or what a live writer
 * appends meanwhile) are not read.
 *
 * <p><b>Framing.</b> A queue file is a chain of entries, each a little-endian header word
 * followed by the entry, at 4-byte aligned positions: the word's low 30 bits are the entry's
 * length, bit 30 marks metadata (the file's own header, index arrays), bit 31 an entry still
 * being written; a zero word is where nothing was written yet. The file's header is its first
 * entry.
 *
 * <p>Used for channels, and public for the other queues of a run (its provenance firing log),
 * which must be read as safely. One thread at a time; the caller closes it.
 */
public final class PlainQueueFile implements AutoCloseable {
    private static final int NOT_COMPLETE = 0x8000_0000;
    private static final int META_DATA = 0x4000_0000;
    private static final int LENGTH_MASK = 0x3FFF_FFFF;
    /** The part of a new file that Chronicle writes while it creates it: its header. */
    private static final long HEADER_PAGE = 4096;

    private final Path file;
    private final FileChannel channel;
    private final long size;
    private final long lastExcerpt;
    private final ByteBuffer word = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
    /** Where the walk reads the next entry. */
    private long position;
    private long seq = -1;
    private long excerptPosition = -1;
    private byte[] excerpt = new byte[4096];
    private int excerptLength;

    /** A queue file whose framing is damaged: cut short, or not what Chronicle writes. */
    public static final class DamagedFileException extends RuntimeException {
        private final Path file;

        DamagedFileException(Path file, String problem, Throwable cause) {
            super(file + ": " + problem, cause);
            this.file = file;
        }

        /** The damaged file. */
        public Path file() {
            return file;
        }
    }

    private PlainQueueFile(Path file, FileChannel channel, long size, long headerEnd, long lastExcerpt) {
        this.file = file;
        this.channel = channel;
        this.size = size;
        this.position = headerEnd;
        this.lastExcerpt = lastExcerpt;
    }

    /**
     * Opens the file of {@code cycle} of {@code queue} and checks it: its header must be finished
     * and lie within the file, and so must the last excerpt the header records (Chronicle reads
     * where it starts from the header, once the header is checked).
     *
     * @return null if the file does not exist, is empty, or its header is not finished and nothing
     *     follows it: a writer is creating it, or was killed while it did (whether that is damage
     *     is the caller's to say)
     * @throws DamagedFileException naming the file if its header or last excerpt lies beyond its
     *     end, or its header is not finished but entries follow it
     * @throws IOException if it cannot be read
     */
    public static PlainQueueFile open(SingleChronicleQueue queue, int cycle) throws IOException {
        Path file = fileOfCycle(queue, cycle);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            return null;
        }
        try {
            PlainQueueFile opened = check(queue, cycle, file, channel);
            if (opened == null) {
                channel.close();
            }
            return opened;
        } catch (IOException | RuntimeException e) {
            try {
                channel.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private static PlainQueueFile check(SingleChronicleQueue queue, int cycle, Path file, FileChannel channel) throws IOException {
        long size = channel.size();
        if (size == 0) {
            return null;
        }
        int header = wordAt(channel, 0, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN));
        if (header == 0 || (header & NOT_COMPLETE) != 0) {
            if (!zerosFrom(channel, HEADER_PAGE, size)) {
                throw new DamagedFileException(file, "its header is " + (header == 0 ? "missing (zeros)" : "not finished")
                        + ", yet entries follow it; the queue file is damaged", null);
            }
            return null;
        }
        long headerEnd = align(4L + (header & LENGTH_MASK));
        if (headerEnd > size) {
            throw new DamagedFileException(file, "its header of " + (header & LENGTH_MASK) + " bytes is longer than the file ("
                    + size + " bytes); the queue file is truncated or damaged", null);
        }
        long last;
        try {
            last = lastHeaderPosition(queue, cycle);
        } catch (RuntimeException e) {
            throw new DamagedFileException(file, "its header cannot be read: " + e + "; the queue file is damaged", e);
        }
        if (last >= 0 && last < headerEnd) {
            last = -1; // the header itself: no excerpt was written
        }
        if (last >= 0) {
            if (last % 4 != 0 || last + 4 > size) {
                throw new DamagedFileException(file, "the file has " + size + " bytes but its header says its last excerpt starts at byte "
                        + last + "; the queue file is truncated or damaged", null);
            }
            int w = wordAt(channel, last, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN));
            if (w == 0) {
                throw new DamagedFileException(file, "its header says its last excerpt starts at byte " + last
                        + ", where nothing is written; the queue file is damaged", null);
            }
            if ((w & NOT_COMPLETE) == 0 && last + 4 + (w & LENGTH_MASK) > size) {
                throw new DamagedFileException(file, "its last excerpt ends at byte " + (last + 4 + (w & LENGTH_MASK))
                        + " but the file has " + size + " bytes; the queue file is truncated", null);
            }
        }
        return new PlainQueueFile(file, channel, size, headerEnd, last);
    }

    /**
     * Where the last excerpt of the file of {@code cycle} starts, as the file's header records it
     * (Chronicle's write position), or -1 if there is no such file. Reads the header through
     * Chronicle: the caller has checked that it lies within the file ({@link #open} does).
     */
    static long lastHeaderPosition(SingleChronicleQueue queue, int cycle) {
        SingleChronicleQueueStore store = queue.storeForCycle(cycle, queue.epoch(), false, null);
        if (store == null) {
            return -1;
        }
        try {
            return store.writePosition();
        } finally {
            queue.closeStore(store);
        }
    }

    /** The file of {@code cycle} of {@code queue}, named as Chronicle names it. */
    public static Path fileOfCycle(SingleChronicleQueue queue, int cycle) {
        return QueueFileSpace.fileOfCycle(queue.file().toPath(), queue.rollCycle(), QueueFileSpace.fileNames(queue.rollCycle()), cycle);
    }

    /** The file. */
    public Path file() {
        return file;
    }

    /** The file's length when it was opened. */
    public long size() {
        return size;
    }

    /** Where the header word of the last excerpt the file's header records is, or -1 if it records none. */
    public long lastExcerpt() {
        return lastExcerpt;
    }

    /**
     * Reads the next excerpt (not metadata) up to the last one the header records: it is then in
     * {@link #excerpt()}, and {@link #seq()} and {@link #excerptPosition()} say which it is.
     * Returns false after the last one, or if the last one is not complete (its writer was
     * killed while it wrote it, or is writing it).
     *
     * @throws DamagedFileException naming the file if the chain of entries breaks before the last
     *     excerpt: an entry beyond the file's end, nothing written, or one not complete
     * @throws IOException if the file cannot be read
     */
    public boolean next() throws IOException {
        while (lastExcerpt >= 0 && position <= lastExcerpt) {
            long at = position;
            if (at + 4 > size) {
                throw damaged("its entries end at byte " + at + ", beyond its " + size + " bytes, before its last excerpt at byte "
                        + lastExcerpt + "; the queue file is truncated or damaged");
            }
            int w = wordAt(channel, at, word);
            if (w == 0 || (w & NOT_COMPLETE) != 0) {
                if (at == lastExcerpt && w != 0) {
                    return false; // being written, or cut off by a kill: not part of the queue yet
                }
                throw damaged("the entry at byte " + at + " is " + (w == 0 ? "not written (zeros)" : "not complete")
                        + ", before the last excerpt at byte " + lastExcerpt + "; the queue file is damaged");
            }
            int length = w & LENGTH_MASK;
            long end = at + 4 + length;
            if (end > size) {
                throw damaged("the entry at byte " + at + " ends at byte " + end + ", beyond the file's " + size
                        + " bytes; the queue file is truncated or damaged");
            }
            position = align(end);
            if ((w & META_DATA) != 0) {
                continue; // an index array, or where a file without excerpts records its write position
            }
            if (excerpt.length < length) {
                excerpt = Arrays.copyOf(excerpt, Math.max(length, 2 * excerpt.length));
            }
            ByteBuffer into = ByteBuffer.wrap(excerpt, 0, length);
            while (into.hasRemaining()) {
                if (channel.read(into, at + 4 + into.position()) < 0) {
                    throw damaged("the file ended while its excerpt at byte " + at + " was read");
                }
            }
            excerptLength = length;
            excerptPosition = at;
            seq++;
            if (at == lastExcerpt) {
                position = Long.MAX_VALUE;
            }
            return true;
        }
        return false;
    }

    /** The excerpt {@link #next} read: {@code excerpt()[0, excerptLength())}; the array is reused by the next call. */
    public byte[] excerpt() {
        return excerpt;
    }

    public int excerptLength() {
        return excerptLength;
    }

    /** The number of the excerpt {@link #next} read among the file's excerpts, from 0: its sequence in its cycle. */
    public long seq() {
        return seq;
    }

    /** Where the header word of the excerpt {@link #next} read is. */
    public long excerptPosition() {
        return excerptPosition;
    }

    private DamagedFileException damaged(String problem) {
        return new DamagedFileException(file, problem, null);
    }

    /**
     * Whether {@code [from, size)} of the file holds only zeros: what follows the header page of a
     * file whose creator was killed before it finished the header. Reads it all; rarely asked.
     */
    private static boolean zerosFrom(FileChannel channel, long from, long size) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(64 << 10);
        for (long at = from; at < size; at += chunk.capacity()) {
            chunk.clear();
            int n = channel.read(chunk, at);
            for (int i = 0; i < n; i++) {
                if (chunk.get(i) != 0) {
                    return false;
                }
            }
        }
        return true;
    }

    private static long align(long position) {
        return (position + 3) & ~3L;
    }

    private static int wordAt(FileChannel channel, long at, ByteBuffer word) throws IOException {
        word.clear();
        while (word.hasRemaining() && channel.read(word, at + word.position()) > 0) {
            // a file shorter than the word leaves zeros
        }
        while (word.hasRemaining()) {
            word.put((byte) 0);
        }
        return word.getInt(0);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
