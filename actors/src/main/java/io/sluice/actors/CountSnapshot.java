package io.sluice.actors;

import java.nio.ByteBuffer;

/**
 * The snapshot of a reader actor that puts one item of a file per firing ({@link LineReader},
 * {@link CsvReader}): how many items it has put, as eight bytes. A resumed reader opens the file
 * again and reads past that many.
 */
final class CountSnapshot {
    private CountSnapshot() {}

    static byte[] of(long count) {
        return ByteBuffer.allocate(Long.BYTES).putLong(count).array();
    }

    /**
     * The count in {@code snapshot}, taken by {@code actor}.
     *
     * @throws IllegalArgumentException naming the actor if the snapshot is not eight bytes
     */
    static long read(byte[] snapshot, Object actor) {
        if (snapshot.length != Long.BYTES) {
            throw new IllegalArgumentException("the snapshot of " + actor + " has " + snapshot.length + " bytes, not a count of "
                    + Long.BYTES + "; was it taken by another actor type?");
        }
        return ByteBuffer.wrap(snapshot).getLong();
    }
}
