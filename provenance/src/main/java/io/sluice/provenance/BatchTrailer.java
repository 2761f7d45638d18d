package io.sluice.provenance;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * What ends every excerpt of the firing log from format 7 on, after its batch ({@link FiringBatch}),
 * little-endian:
 *
 * <pre>
 * ordinal  (8 bytes)  the excerpt's place in the log: 0 for its first excerpt, 1 for the next, ...
 * CRC-32C  (4 bytes)  over the batch and the ordinal
 * </pre>
 *
 * The checksum catches damage that leaves Chronicle's framing intact; the ordinal, an excerpt a
 * damaged header word hides from a reader that walks the log (it then skips it, or stops short).
 * A reader of a store of an older format, which has no trailer, reads the batch alone; a batch
 * is read up to its last record, so a reader of format 6 ignores the trailer.
 *
 * <p>Stateless; the {@link CRC32C} passed in belongs to the caller's thread.
 */
final class BatchTrailer {
    static final int SIZE = 12;
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private BatchTrailer() {}

    /**
     * Fills {@code trailer[0, SIZE)} for the batch {@code first[0, firstSize)} followed by
     * {@code second[0, secondSize)}, the {@code ordinal}-th excerpt of its log.
     */
    static void fill(CRC32C crc, byte[] first, int firstSize, byte[] second, int secondSize, long ordinal, byte[] trailer) {
        LONG.set(trailer, 0, ordinal);
        crc.reset();
        crc.update(first, 0, firstSize);
        crc.update(second, 0, secondSize);
        crc.update(trailer, 0, 8);
        INT.set(trailer, 8, (int) crc.getValue());
    }

    /**
     * Checks the trailer of the excerpt {@code bytes[0, size)}.
     *
     * @return the size of its batch, before the trailer
     * @throws IllegalStateException saying what is wrong if the excerpt is too short to hold a
     *     trailer, or fails its checksum
     */
    static int check(CRC32C crc, byte[] bytes, int size) {
        if (size < SIZE) {
            throw new IllegalStateException("it holds " + size + " bytes, too few for a batch and its checksum");
        }
        crc.reset();
        crc.update(bytes, 0, size - 4);
        int stored = (int) INT.get(bytes, size - 4);
        if ((int) crc.getValue() != stored) {
            throw new IllegalStateException("it fails its checksum (CRC-32C " + hex((int) crc.getValue()) + ", recorded "
                    + hex(stored) + ")");
        }
        return size - SIZE;
    }

    /** The ordinal in the trailer of the excerpt {@code bytes[0, size)}, once {@link #check}ed. */
    static long ordinal(byte[] bytes, int size) {
        return (long) LONG.get(bytes, size - SIZE);
    }

    private static String hex(int crc) {
        return String.format("%08x", crc);
    }
}
