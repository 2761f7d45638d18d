package io.sluice.provenance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An index of the provenance store: an append-only file of pairs {@code (key, value)} of longs
 * whose keys grow, so that the pair for a key is found by a binary search without reading the
 * run. Written by one thread at a time, through a buffer ({@link #append}, {@link #flush}); read
 * through a memory map ({@link Reader}). A file cut short by a killed process ends at its last
 * whole pair.
 */
final class IndexFile implements AutoCloseable {
    static final int PAIR = 16;
    private final Path file;
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(64 << 10).order(ByteOrder.LITTLE_ENDIAN);

    private IndexFile(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Creates the file (it must not exist) for appending. */
    static IndexFile create(Path file) {
        try {
            return new IndexFile(file, FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
        } catch (IOException e) {
            throw new ProvenanceException(file + ": cannot create the index: " + e, e);
        }
    }

    void append(long key, long value) {
        if (buffer.remaining() < PAIR) {
            flush();
        }
        buffer.putLong(key).putLong(value);
    }

    /** Writes what is buffered to the file. */
    void flush() {
        buffer.flip();
        try {
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
        } catch (IOException e) {
            throw new ProvenanceException(file + ": cannot write the index: " + e, e);
        } finally {
            buffer.clear();
        }
    }

    @Override
    public void close() {
        try {
            flush();
        } finally {
            try {
                channel.close();
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": cannot close the index", e);
            }
        }
    }

    /**
     * The pairs of an index, for lookups: a memory map of its file, or pairs rebuilt in memory
     * ({@link #of}).
     */
    static final class Reader {
        private final MappedByteBuffer map;
        private final long[] pairsInMemory;
        private final long pairs;

        private Reader(MappedByteBuffer map, long pairs) {
            this.map = map;
            this.pairsInMemory = null;
            this.pairs = pairs;
        }

        private Reader(long[] keysAndValues, int pairs) {
            this.map = null;
            this.pairsInMemory = keysAndValues;
            this.pairs = pairs;
        }

        /** The first {@code pairs} pairs of {@code keysAndValues} (key, value, key, value, ...), in key order. */
        static Reader of(long[] keysAndValues, int pairs) {
            return new Reader(keysAndValues, pairs);
        }

        /** Maps {@code file}; a file that does not exist reads as empty. */
        static Reader open(Path file) {
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
                long size = ch.size() - ch.size() % PAIR;
                if (size > Integer.MAX_VALUE) {
                    throw new ProvenanceException(file + ": an index of " + size + " bytes is larger than this Sluice reads (2 GiB)");
                }
                MappedByteBuffer map = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
                map.order(ByteOrder.LITTLE_ENDIAN);
                return new Reader(map, size / PAIR);
            } catch (NoSuchFileException e) {
                return of(new long[0], 0);
            } catch (IOException e) {
                throw new ProvenanceException(file + ": cannot read the index: " + e, e);
            }
        }

        long size() {
            return pairs;
        }

        long key(long i) {
            return pairsInMemory != null ? pairsInMemory[(int) (2 * i)] : map.getLong((int) (i * PAIR));
        }

        long value(long i) {
            return pairsInMemory != null ? pairsInMemory[(int) (2 * i + 1)] : map.getLong((int) (i * PAIR + 8));
        }

        /** The position of the last pair whose key is at most {@code key}, or -1. */
        long floor(long key) {
            long lo = 0;
            long hi = pairs - 1;
            long found = -1;
            while (lo <= hi) {
                long mid = (lo + hi) >>> 1;
                if (key(mid) <= key) {
                    found = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return found;
        }
    }
}
