package io.sluice.channel.local.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
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
 * <p><b>What a killed writer leaves.</b> Chronicle writes an entry's word last: it writes the
 * entry after a word that stays zero, and sets the word to the entry's length once the entry is
 * whole. A writer killed while it appended leaves a zero word followed by part of the entry (the
 * next writer overwrites both). A process killed while it created a file leaves the header's
 * word marked not complete with no length ({@code 0x80000000}), followed by the header and the
 * file's first index arrays, which Chronicle writes before it finishes the header; no excerpt is
 * written into a file before its header is finished.
 *
 * <p>Used for channels, and public for the other queues of a run (its provenance firing log),
 * which must be read as safely. One thread at a time; the caller closes it.
 */
public final class PlainQueueFile implements AutoCloseable {
    private static final int NOT_COMPLETE = 0x8000_0000;
    private static final int META_DATA = 0x4000_0000;
    private static final int LENGTH_MASK = 0x3FFF_FFFF;
    /** The header word of a file being created: not complete, length not known yet. */
    private static final int BEING_CREATED = NOT_COMPLETE;

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

    /**
     * A queue file whose framing is damaged: cut short, or not what Chronicle writes. The message
     * is the file, then the problem; {@link #problem} is the problem alone.
     */
    public static final class DamagedFileException extends RuntimeException {
        private final Path file;
        private final String problem;
        private final boolean unfinished;

        DamagedFileException(Path file, String problem, Throwable cause) {
            this(file, problem, false);
        }

        private DamagedFileException(Path file, String problem, boolean unfinished) {
            super(file + ": " + problem);
            this.file = file;
            this.problem = problem;
            this.unfinished = unfinished;
        }

        /** The damaged file. */
        public Path file() {
            return file;
        }

        /** What is wrong with it. */
        public String problem() {
            return problem;
        }

        /**
         * Whether what was found is something not written yet where it should be (a header not
         * finished, nothing where the header says the last excerpt is): damage, unless a live
         * writer is about to write it, which only the caller can tell.
         */
        public boolean unfinished() {
            return unfinished;
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
        Frame frame;
        try {
            frame = header(file, channel);
        } catch (DamagedFileException e) {
            if (!e.unfinished()) {
                throw e;
            }
            if (leftByItsCreator(channel)) {
                return null; // a writer is creating it, or was killed while it did
            }
            // A zero header, and entries after it. A writer finishes the header before it writes the
            // first entry, but the header was read before the entries were: another process may have
            // made the file and written both since. Read again: the header is finished unless the
            // file is damaged.
            try {
                frame = header(file, channel);
            } catch (DamagedFileException again) {
                if (!again.unfinished()) {
                    throw again;
                }
                throw new DamagedFileException(file, unfinishedHeader(channel) + ", yet entries follow it; the queue file is damaged",
                        null);
            }
        }
        if (frame == null) {
            return null;
        }
        long headerEnd = align(4L + frame.headerLength());
        long last;
        try {
            last = lastHeaderPosition(queue, cycle);
        } catch (RuntimeException e) {
            throw new DamagedFileException(file, "its header cannot be read: " + e + "; the queue file is damaged", e);
        }
        if (!lastEntry(file, channel, frame, last)) {
            last = -1;
        } else {
            int w = wordAt(channel, last, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN));
            if ((w & NOT_COMPLETE) == 0 && last + 4 + (w & LENGTH_MASK) > frame.size()) {
                throw new DamagedFileException(file, "its last excerpt ends at byte " + (last + 4 + (w & LENGTH_MASK))
                        + " but the file has " + frame.size() + " bytes; the queue file is truncated", null);
            }
        }
        return new PlainQueueFile(file, channel, frame.size(), headerEnd, last);
    }

    /** What is wrong with a header that is not finished: "its header is missing (zeros)", say. */
    private static String unfinishedHeader(FileChannel channel) throws IOException {
        int word = wordAt(channel, 0, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN));
        return "its header is " + (word == 0 ? "missing (zeros)" : "not finished");
    }

    /** A queue file's size and its header's length, as plain reads found them. */
    public record Frame(long size, int headerLength) {}

    /**
     * Checks the header of a queue file: it must be finished and lie within the file.
     *
     * @return null if the file does not exist or is empty (a writer is creating it)
     * @throws DamagedFileException {@linkplain DamagedFileException#unfinished() unfinished} if
     *     the header is not finished; plain if it is longer than the file
     */
    public static Frame header(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return header(file, channel);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static Frame header(Path file, FileChannel channel) throws IOException {
        long size = channel.size();
        if (size == 0) {
            return null;
        }
        int word = wordAt(channel, 0, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN));
        if (word == 0 || (word & NOT_COMPLETE) != 0) {
            throw new DamagedFileException(file, unfinishedHeader(channel)
                    + "; the queue file is damaged, or was being created by a process that was killed", true);
        }
        int length = word & LENGTH_MASK;
        if (align(4L + length) > size) {
            throw new DamagedFileException(file, "its header of " + length + " bytes is longer than the file (" + size
                    + " bytes); the queue file is truncated or damaged", null);
        }
        return new Frame(size, length);
    }

    /**
     * Checks the entry at {@code position}, which the file's header records as its last excerpt:
     * its header word must lie within the file and have been written. (The excerpt itself may end
     * past the end of a file cut inside it; a channel's reader checks that before it reads the
     * excerpt, after the ones before it.)
     *
     * @return false if the header records no excerpt: the file holds none
     * @throws DamagedFileException {@linkplain DamagedFileException#unfinished() unfinished} if
     *     nothing was written there (a zero word); plain if the position lies beyond the file
     */
    public static boolean lastEntry(Path file, Frame frame, long position) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return lastEntry(file, channel, frame, position);
        }
    }

    private static boolean lastEntry(Path file, FileChannel channel, Frame frame, long position) throws IOException {
        if (position < align(4L + frame.headerLength())) {
            return false; // the header itself (or none recorded): no excerpt was written
        }
        if (position % 4 != 0 || position + 4 > frame.size()) {
            throw new DamagedFileException(file, "the file has " + frame.size() + " bytes but its last excerpt starts at byte "
                    + position + " (as its header says); the queue file is truncated or damaged", null);
        }
        if (wordAt(channel, position, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN)) == 0) {
            throw new DamagedFileException(file, "its header says its last excerpt starts at byte " + position
                    + ", but nothing is written there; the queue file is damaged", true);
        }
        return true;
    }

    /**
     * Walks the entries of a queue file after the one at {@code position} (the last excerpt its
     * header records) to the first place nothing was written yet (a zero word), checking that
     * each lies within the file: Chronicle reads their headers when it looks for the end of a
     * file, and would read past the end of the file where one's length says so (garbage written
     * after the data). An entry still being written (or left half-written by a killed writer)
     * ends the walk: Chronicle does not read past it either. The entry at {@code position} itself
     * may end past the end of a file cut inside it; a reader reports that after the tokens before.
     *
     * @param limit the most entries to walk; the walk stops there, unchecked beyond
     * @throws DamagedFileException if an entry after the one at {@code position} ends past the end of the file
     */
    public static void entriesAfter(Path file, long size, long position, int limit) throws IOException {
        ByteBuffer word = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long at = position;
            for (int n = 0; n <= limit && at + 4 <= size; n++) {
                int w = wordAt(channel, at, word);
                if (w == 0 || (w & NOT_COMPLETE) != 0) {
                    return;
                }
                long end = at + 4 + (w & LENGTH_MASK);
                if (end > size) {
                    if (at == position) {
                        return;
                    }
                    throw new DamagedFileException(file, "the entry at byte " + at + " claims " + (w & LENGTH_MASK)
                            + " bytes, past the end of the file (" + size + " bytes); the queue file is damaged, or has garbage"
                            + " after its data", null);
                }
                at = align(end);
            }
        }
    }

    /**
     * The excerpts of a small queue file, read with plain reads, in order: the data entries from
     * its start to the first place nothing was written yet, or the end-of-file marker. Metadata
     * entries (the header, index arrays) are skipped. For files small enough to read whole, such
     * as a checkpoint log's.
     *
     * <p>A writer killed while it appended leaves part of an entry after that place (see the class
     * comment), which is no excerpt. So do bytes a zeroed page left, which hide the excerpts after
     * them: {@code whole} tells the two apart, saying of bytes framed as an excerpt whether they
     * are one its writer finished (a checksum, say). If an excerpt it accepts lies after the place
     * nothing was written, the file is damaged.
     *
     * @param whole whether bytes framed as an excerpt are one a writer finished; it must accept
     *     every excerpt the file's writers write, and almost no other bytes
     * @return the excerpts, or none if the file is empty
     * @throws DamagedFileException if the header is not finished, an entry ends past the end of the
     *     file, or a whole excerpt follows a place where nothing was written
     */
    public static List<byte[]> excerpts(Path file, Predicate<byte[]> whole) throws IOException {
        List<byte[]> out = new ArrayList<>();
        Frame frame = header(file);
        if (frame == null) {
            return out;
        }
        ByteBuffer word = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = frame.size();
            long at = 0;
            while (at + 4 <= size) {
                int w = wordAt(channel, at, word);
                if (w == 0 || (w & NOT_COMPLETE) != 0) {
                    // The end: nothing written yet, the end-of-file marker, or an entry being written.
                    long hidden = wholeExcerptAfter(channel, at + 4, size, whole);
                    if (hidden >= 0) {
                        throw new DamagedFileException(file, (w == 0 ? "nothing is written at byte " + at
                                : "the entry at byte " + at + " is not complete") + ", yet entries follow (a whole excerpt at byte "
                                + hidden + "); the queue file is damaged", null);
                    }
                    break;
                }
                int length = w & LENGTH_MASK;
                if (at + 4 + length > size) {
                    throw new DamagedFileException(file, "the entry at byte " + at + " claims " + length
                            + " bytes, past the end of the file (" + size + " bytes); the queue file is damaged", null);
                }
                if ((w & META_DATA) == 0) {
                    out.add(read(channel, at + 4, length));
                }
                at = align(at + 4 + length);
            }
        }
        return out;
    }

    /**
     * Where the first entry at or after {@code from} (4-byte aligned) is framed as an excerpt that
     * lies within the file and that {@code whole} accepts, or -1 if there is none.
     */
    private static long wholeExcerptAfter(FileChannel channel, long from, long size, Predicate<byte[]> whole) throws IOException {
        ByteBuffer chunk = ByteBuffer.allocate(64 << 10).order(ByteOrder.LITTLE_ENDIAN);
        for (long base = from; base + 4 <= size; ) {
            chunk.clear();
            int n = channel.read(chunk, base) & ~3;
            if (n <= 0) {
                break;
            }
            for (int i = 0; i < n; i += 4) {
                int w = chunk.getInt(i);
                int length = w & LENGTH_MASK;
                long at = base + i;
                if (w != 0 && (w & (NOT_COMPLETE | META_DATA)) == 0 && at + 4 + length <= size
                        && whole.test(read(channel, at + 4, length))) {
                    return at;
                }
            }
            base += n;
        }
        return -1;
    }

    private static byte[] read(FileChannel channel, long at, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length);
        while (b.hasRemaining() && channel.read(b, at + b.position()) > 0) {
            // reads the whole entry, which lies within the file
        }
        return b.array();
    }

    /**
     * Where the last excerpt of the file of {@code cycle} starts, as the file's header records it
     * (Chronicle's write position), or -1 if there is no such file. Reads the header through
     * Chronicle: the caller has checked that it lies within the file ({@link #open} does).
     */
    public static long lastHeaderPosition(SingleChronicleQueue queue, int cycle) {
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
     * Whether the file holds no excerpt because its header was never finished: its word is
     * Chronicle's mark of a file being created (its creator is at work, or was killed before it
     * finished: the header and index arrays after it hold no excerpt), or zero with nothing
     * written after it (killed before it began). False of a file whose header word is anything
     * else, or zero with entries after it: damage. Reads the whole file in the last case, which
     * is rarely asked (a header found unfinished).
     */
    public static boolean leftByItsCreator(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return leftByItsCreator(channel);
        }
    }

    private static boolean leftByItsCreator(FileChannel channel) throws IOException {
        if (channel.size() < 4) {
            return zerosFrom(channel, 0, channel.size());
        }
        int word = wordAt(channel, 0, ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN));
        return word == BEING_CREATED || (word == 0 && zerosFrom(channel, 4, channel.size()));
    }

    /**
     * Whether {@code [from, size)} of the file holds only zeros: what follows the header word of a
     * file whose creator was killed before it began the header. Reads it all; rarely asked.
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
