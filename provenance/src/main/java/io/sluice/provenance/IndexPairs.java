package io.sluice.provenance;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * An index being built in memory: pairs {@code (key, value)} of longs, appended in key order. The
 * recorder keeps a run's indexes so until the run ends, and then writes them all into one file
 * ({@link IndexSetFile}): a killed run has its indexes rebuilt from the firing log anyway
 * ({@link IndexRebuild}), so writing them during the run would only cost files. One pair (16
 * bytes) per batch of firings, a batch holding up to 16,384 firings or 1,024 records: 160 KB for
 * ten million firings in batches of a thousand. Appended to by one thread; read after it, by a
 * thread that the run's end orders after it.
 */
final class IndexPairs {
    private long[] keysAndValues = new long[32];
    private int size;

    void append(long key, long value) {
        if (2 * size + 2 > keysAndValues.length) {
            keysAndValues = Arrays.copyOf(keysAndValues, keysAndValues.length * 2);
        }
        keysAndValues[2 * size] = key;
        keysAndValues[2 * size + 1] = value;
        size++;
    }

    /** How many pairs it holds. */
    int size() {
        return size;
    }

    /** Puts pairs {@code from} to {@code from + n} into {@code out}, which must have room for them. */
    void put(int from, int n, ByteBuffer out) {
        for (int i = from; i < from + n; i++) {
            out.putLong(keysAndValues[2 * i]).putLong(keysAndValues[2 * i + 1]);
        }
    }

    /** The pairs appended so far, for lookups; later appends may or may not show. */
    IndexReader reader() {
        return IndexReader.of(keysAndValues, size);
    }
}
