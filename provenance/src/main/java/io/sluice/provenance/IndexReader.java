package io.sluice.provenance;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One index of the provenance store, for lookups: pairs {@code (key, value)} of longs whose keys
 * grow, so that the pair for a key is found by a binary search without reading the run. Over a
 * memory map (of the run's {@link IndexSetFile}, or of one file per index before format 5), or
 * over pairs in memory ({@link IndexPairs}, which a run that did not end has rebuilt). Read-only;
 * used by the thread that uses its store.
 */
final class IndexReader {
    static final int PAIR = 16;
    private final ByteBuffer map;
    private final long[] pairsInMemory;
    private final int pairs;

    private IndexReader(ByteBuffer map, long[] pairsInMemory, int pairs) {
        this.map = map;
        this.pairsInMemory = pairsInMemory;
        this.pairs = pairs;
    }

    /** The first {@code pairs} pairs of {@code keysAndValues} (key, value, key, value, ...), in key order. */
    static IndexReader of(long[] keysAndValues, int pairs) {
        return new IndexReader(null, keysAndValues, pairs);
    }

    /** The pairs in {@code bytes}, little-endian, from its position to its limit. */
    static IndexReader over(ByteBuffer bytes) {
        ByteBuffer own = bytes.slice().order(ByteOrder.LITTLE_ENDIAN);
        return new IndexReader(own, null, own.remaining() / PAIR);
    }

    /**
     * Maps the index file of a store of format 4 or older; a file that does not exist reads as
     * empty, and one cut short by a killed process ends at its last whole pair.
     */
    static IndexReader open(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size() - ch.size() % PAIR;
            if (size > Integer.MAX_VALUE) {
                throw new ProvenanceException(file + ": an index of " + size + " bytes is larger than this Sluice reads (2 GiB)");
            }
            return over(ch.map(FileChannel.MapMode.READ_ONLY, 0, size));
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
