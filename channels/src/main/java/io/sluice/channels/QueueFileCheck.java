package io.sluice.channels;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Checks, with plain reads and before Chronicle maps a queue file, that what Chronicle is about
 * to read lies within the file. Chronicle reads its files through memory maps, and a page beyond
 * the end of a file (one cut short) raises SIGBUS, which Java turns into an {@link InternalError}
 * at some later, unrelated point of the reading thread, after Chronicle went on with a wrong
 * value; so a file must be checked first.
 *
 * <p>A queue file is a chain of entries, each a little-endian header word followed by the entry:
 * the word's low 30 bits are the entry's length, bit 30 marks metadata (the file's own header,
 * index arrays), bit 31 an entry still being written; a zero word is where nothing was written
 * yet. The file's header is its first entry; it records where the file's last excerpt starts
 * (Chronicle's write position), which Chronicle reads to find the end of the queue.
 *
 * <p>Stateless; any thread.
 */
final class QueueFileCheck {
    static final int NOT_COMPLETE = 0x8000_0000;
    static final int META_DATA = 0x4000_0000;
    static final int LENGTH_MASK = 0x3FFF_FFFF;

    private QueueFileCheck() {}

    /** A queue file's size and its header's length, as plain reads found them. */
    record Frame(long size, int headerLength) {}

    /** A problem with a queue file's framing, described for a message that names the file. */
    static class Damage extends Exception {
        Damage(String problem) {
            super(problem, null, false, false);
        }
    }

    /** A header not finished: damage, unless a live writer is creating the file. */
    static final class Unfinished extends Damage {
        Unfinished(String problem) {
            super(problem);
        }
    }

    /**
     * Checks the header of a queue file: it must be finished and lie within the file.
     *
     * @return null if the file does not exist or is empty (a writer is creating it)
     * @throws Unfinished if the header is not finished
     * @throws Damage if the header is longer than the file
     */
    static Frame header(Path file) throws IOException, Damage {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size == 0) {
                return null;
            }
            int word = wordAt(ch, 0);
            if (word == 0 || (word & NOT_COMPLETE) != 0) {
                throw new Unfinished("its header is " + (word == 0 ? "missing (zeros)" : "unfinished")
                        + "; the queue file is damaged, or was being created by a process that was killed");
            }
            int length = word & LENGTH_MASK;
            if (4L + length > size) {
                throw new Damage("its header of " + length + " bytes is longer than the file (" + size
                        + " bytes); the queue file is truncated or damaged");
            }
            return new Frame(size, length);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    /**
     * Checks the entry at {@code position}, which the file's header records as its last excerpt:
     * its header word must lie within the file and have been written. (The excerpt itself may end
     * past the end of a file cut inside it; a reader checks that before it reads the excerpt,
     * after the ones before it.)
     *
     * @param size the file's size
     * @param headerLength the length of the file's header
     * @return false if the header records no excerpt: the file holds none
     * @throws Unfinished if nothing was written where the header records the last excerpt (a
     *     zero word): damage, unless a live writer is about to write it
     * @throws Damage if the position lies beyond the end of the file
     */
    static boolean lastEntry(Path file, long size, int headerLength, long position) throws IOException, Damage {
        if (position < 4L + headerLength) {
            return false; // the header itself: no excerpt was written
        }
        if (position + 4 > size) {
            throw new Damage("the file has " + size + " bytes but its last excerpt starts at byte " + position
                    + " (as its header says); the queue file is truncated or damaged");
        }
        int word;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            word = wordAt(ch, position);
        }
        if (word == 0) {
            throw new Unfinished("its header says its last excerpt starts at byte " + position
                    + ", but nothing is written there; the queue file is damaged");
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
     * @throws Damage if an entry after the one at {@code position} ends past the end of the file
     */
    static void entriesAfter(Path file, long size, long position, int limit) throws IOException, Damage {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long at = position;
            for (int n = 0; n <= limit && at + 4 <= size; n++) {
                int word = wordAt(ch, at);
                if (word == 0 || (word & NOT_COMPLETE) != 0) {
                    return;
                }
                long end = at + 4 + (word & LENGTH_MASK);
                if (end > size) {
                    if (at == position) {
                        return;
                    }
                    throw new Damage("the entry at byte " + at + " claims " + (word & LENGTH_MASK) + " bytes, past the end of the file ("
                            + size + " bytes); the queue file is damaged, or has garbage after its data");
                }
                at = (end + 3) & ~3L;
            }
        }
    }

    /**
     * The excerpts of a small queue file, read with plain reads, in order: the data entries from
     * its start to the first place nothing was written yet, or an entry still being written
     * (which a killed writer may leave). Metadata entries (the header, index arrays, the end-of-file
     * marker) are skipped. For files small enough to read whole, such as a checkpoint log's.
     *
     * @return the excerpts, or none if the file is empty
     * @throws Unfinished if the file's header is not finished
     * @throws Damage if an entry ends past the end of the file
     */
    static java.util.List<byte[]> excerpts(Path file) throws IOException, Damage {
        java.util.List<byte[]> out = new java.util.ArrayList<>();
        Frame frame = header(file);
        if (frame == null) {
            return out;
        }
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long at = 0;
            while (at + 4 <= size) {
                int word = wordAt(ch, at);
                if (word == 0 || (word & NOT_COMPLETE) != 0) {
                    break;
                }
                int length = word & LENGTH_MASK;
                if (at + 4 + length > size) {
                    throw new Damage("the entry at byte " + at + " claims " + length + " bytes, past the end of the file ("
                            + size + " bytes); the queue file is damaged");
                }
                if ((word & META_DATA) == 0) {
                    ByteBuffer b = ByteBuffer.allocate(length);
                    while (b.hasRemaining() && ch.read(b, at + 4 + b.position()) > 0) {
                        // reads the whole entry, which lies within the file
                    }
                    out.add(b.array());
                }
                at = (at + 4 + length + 3) & ~3L;
            }
        }
        return out;
    }

    private static int wordAt(FileChannel ch, long position) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining() && ch.read(b, position + b.position()) > 0) {
            // a file shorter than the word leaves zeros
        }
        return b.getInt(0);
    }
}
