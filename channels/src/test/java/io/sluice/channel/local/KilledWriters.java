package io.sluice.channel.local;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Makes a queue file what a process killed while it wrote it leaves, as Chronicle writes: an
 * entry's header word is set last, after the entry (so a killed appender leaves a zero word and
 * part of its entry), and a new file's header is marked not complete while Chronicle writes the
 * header and the file's first index arrays (so a killed creator leaves those, and no excerpt).
 */
final class KilledWriters {
    private static final int NOT_COMPLETE = 0x8000_0000;
    private static final int META_DATA = 0x4000_0000;
    private static final int LENGTH_MASK = 0x3FFF_FFFF;

    private KilledWriters() {}

    /**
     * Leaves {@code file} as a process killed while it created it does: the header and the index
     * arrays before the first excerpt kept, the header word marked not complete with no length,
     * zeros from the first excerpt on.
     */
    static void killedWhileCreating(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long at = 0;
            int w;
            while ((w = word(ch, at)) != 0 && (w & META_DATA) != 0) {
                at = align(at + 4 + (w & LENGTH_MASK));
            }
            zeroFrom(ch, at);
            ch.write(littleEndian(NOT_COMPLETE), 0);
        }
    }

    /**
     * Leaves {@code file} as an appender killed while it wrote one more excerpt, a copy of the
     * last one, does: after the last excerpt, a zero header word and the first {@code kept} bytes
     * of the copy. The file's header still records the last excerpt as its last, as Chronicle's
     * does until the excerpt after it is finished.
     *
     * @return where the unfinished excerpt's header word is
     */
    static long killedWhileAppending(Path file, int kept) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            long at = 0;
            long last = -1;
            int w;
            while ((w = word(ch, at)) != 0 && (w & NOT_COMPLETE) == 0) {
                if ((w & META_DATA) == 0) {
                    last = at;
                }
                at = align(at + 4 + (w & LENGTH_MASK));
            }
            if (last < 0) {
                throw new IllegalArgumentException(file + " holds no excerpt");
            }
            int length = word(ch, last) & LENGTH_MASK;
            if (kept >= length) {
                throw new IllegalArgumentException("the last excerpt of " + file + " has " + length + " bytes, not more than " + kept);
            }
            ByteBuffer copy = ByteBuffer.allocate(kept);
            ch.read(copy, last + 4);
            ch.write(copy.flip(), at + 4);
            return at;
        }
    }

    private static void zeroFrom(FileChannel ch, long from) throws IOException {
        ByteBuffer zeros = ByteBuffer.allocate(64 << 10);
        for (long at = from; at < ch.size(); at += zeros.capacity()) {
            zeros.clear().limit((int) Math.min(zeros.capacity(), ch.size() - at));
            ch.write(zeros, at);
        }
    }

    private static int word(FileChannel ch, long at) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN);
        if (ch.read(b, at) < 4) {
            return 0;
        }
        return b.getInt(0);
    }

    private static ByteBuffer littleEndian(int word) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, word);
    }

    private static long align(long position) {
        return (position + 3) & ~3L;
    }
}
