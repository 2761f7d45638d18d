package io.sluice.cli;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;

/**
 * One way of damaging one file, as a failing disk, a bad copy or a hostile user would: drawn at
 * random, applied to a copy of a work directory, and described in test names and reports.
 *
 * @param kind what is done to the file
 * @param file the file, relative to the work directory
 * @param offset where in the file (for {@link Kind#TRUNCATE}, the new length)
 * @param seed the seed of the bytes written, for kinds that write random bytes
 */
record Damage(Kind kind, Path file, long offset, long seed) {
    /** What is done to the file. */
    enum Kind {
        /** One bit flipped. */
        BIT,
        /** Eight bytes overwritten with random ones. */
        WORD,
        /** The 4 KiB page holding the offset zeroed. */
        ZERO_PAGE,
        /** The file cut to {@code offset} bytes. */
        TRUNCATE,
        /** 4 KiB of random bytes written right after the file's last byte that is not zero. */
        GARBAGE_AFTER_DATA,
        /** 4 KiB of random bytes appended at the end of the file, which grows. */
        APPEND
    }

    static final int PAGE = 4096;

    /**
     * A damage of {@code file} drawn from {@code random}: an offset within the file's data (up
     * to a page past its last byte that is not zero, since memory-mapped files are allocated
     * ahead and hold zeros beyond their data).
     */
    static Damage draw(SplittableRandom random, Path work, Path file) throws IOException {
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        long extent = dataExtent(work.resolve(file));
        long size = Files.size(work.resolve(file));
        long offset = switch (kind) {
            case TRUNCATE -> random.nextLong(Math.max(1, extent));
            case GARBAGE_AFTER_DATA, APPEND -> 0;
            default -> random.nextLong(Math.max(1, Math.min(size, extent + PAGE)));
        };
        return new Damage(kind, file, offset, random.nextLong());
    }

    /** Applies the damage to the file in {@code work}. */
    void apply(Path work) throws IOException {
        Path target = work.resolve(file);
        SplittableRandom random = new SplittableRandom(seed);
        switch (kind) {
            case BIT -> {
                byte[] b = read(target, offset, 1);
                b[0] ^= (byte) (1 << random.nextInt(8));
                write(target, offset, b);
            }
            case WORD -> write(target, offset, randomBytes(random, 8));
            case ZERO_PAGE -> write(target, offset / PAGE * PAGE, new byte[PAGE]);
            case TRUNCATE -> {
                try (RandomAccessFile f = new RandomAccessFile(target.toFile(), "rw")) {
                    f.setLength(Math.min(offset, f.length()));
                }
            }
            case GARBAGE_AFTER_DATA -> write(target, dataExtent(target), randomBytes(random, PAGE));
            case APPEND -> write(target, Files.size(target), randomBytes(random, PAGE));
        }
    }

    @Override
    public String toString() {
        return switch (kind) {
            case TRUNCATE -> file + " truncated to " + offset + " bytes";
            case GARBAGE_AFTER_DATA -> file + " with 4 KiB of garbage after its data";
            case APPEND -> file + " with 4 KiB of garbage appended";
            case ZERO_PAGE -> file + " page " + offset / PAGE + " zeroed";
            default -> file + " " + kind.name().toLowerCase() + " at " + offset;
        };
    }

    /**
     * Where a file's data ends: right after its last byte that is not zero (memory-mapped files
     * are longer than what was written into them). 4-byte aligned, as Chronicle's entries are.
     */
    static long dataExtent(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer chunk = ByteBuffer.allocate(1 << 20);
            for (long end = ch.size(); end > 0; end -= chunk.capacity()) {
                long start = Math.max(0, end - chunk.capacity());
                chunk.clear().limit((int) (end - start));
                while (chunk.hasRemaining() && ch.read(chunk, start + chunk.position()) > 0) {
                    // read the whole chunk
                }
                for (int i = chunk.position() - 1; i >= 0; i--) {
                    if (chunk.get(i) != 0) {
                        return (start + i + 1 + 3) & ~3L;
                    }
                }
            }
            return 0;
        }
    }

    private static byte[] randomBytes(SplittableRandom random, int n) {
        byte[] b = new byte[n];
        random.nextBytes(b);
        return b;
    }

    private static byte[] read(Path file, long offset, int n) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(n);
            ch.read(b, offset);
            return b.array();
        }
    }

    private static void write(Path file, long offset, byte[] bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) {
                ch.write(b, offset + b.position());
            }
        }
    }
}
