package io.sluice.bench;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * The limit of {@link RecordsBenchmark}: a decoder written by hand for exactly its pair of formats,
 * {@link RecordsBenchmark.Written}'s Avro binary layout read into {@link RecordsBenchmark.Read}.
 * It is what the best generated code could be: the fields read in the writer's order with the
 * varints inline, the widening where read, the added field's default a constant, the constructor
 * called directly; it checks the bounds of the bytes as a decoder must, and no more (no
 * alternative encodings, no messages naming fields). Not thread-safe: one per thread.
 */
final class HandWrittenSampleDecoder {
    private static final VarHandle INT_LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buf;
    private int pos;
    private int limit;

    RecordsBenchmark.Read read(byte[] bytes, int offset, int length) {
        buf = bytes;
        pos = offset;
        limit = offset + length;
        // Written: id, time, value, gain, ok, site, raw, at, counts, level, seq, min, max, flagged,
        // unit, code, size, mean, weight, note.
        int id = readInt();
        long time = readLong();
        double value = readDouble();
        double gain = readFloat();
        boolean ok = readBoolean();
        String site = readString();
        byte[] raw = readBytes();
        RecordsBenchmark.Position at = new RecordsBenchmark.Position(readDouble(), readDouble());
        List<Integer> counts = readInts();
        long level = readInt();
        long seq = readLong();
        double min = readDouble();
        double max = readDouble();
        boolean flagged = readBoolean();
        String unit = readString();
        int code = readInt();
        long size = readLong();
        double mean = readDouble();
        float weight = readFloat();
        String note = readString();
        if (pos != limit) {
            throw new IllegalArgumentException((limit - pos) + " bytes left after the record");
        }
        return new RecordsBenchmark.Read(site, level, id, gain, value, time, ok, at, raw, counts, note, mean, size, code,
                "ok", unit, flagged, max, min, seq, weight);
    }

    private IllegalArgumentException truncated() {
        return new IllegalArgumentException("the record's bytes end at " + pos);
    }

    private int readInt() {
        long n = readLong();
        if (n != (int) n) {
            throw new IllegalArgumentException("not an int: " + n);
        }
        return (int) n;
    }

    private long readLong() {
        long n = 0;
        int shift = 0;
        int b;
        do {
            if (pos >= limit || shift > 63) {
                throw truncated();
            }
            b = buf[pos++];
            n |= (long) (b & 0x7f) << shift;
            shift += 7;
        } while (b < 0);
        return (n >>> 1) ^ -(n & 1);
    }

    private float readFloat() {
        if (limit - pos < 4) {
            throw truncated();
        }
        float f = Float.intBitsToFloat((int) INT_LE.get(buf, pos));
        pos += 4;
        return f;
    }

    private double readDouble() {
        if (limit - pos < 8) {
            throw truncated();
        }
        double d = Double.longBitsToDouble((long) LONG_LE.get(buf, pos));
        pos += 8;
        return d;
    }

    private boolean readBoolean() {
        if (pos >= limit) {
            throw truncated();
        }
        return buf[pos++] != 0;
    }

    private int length() {
        int n = readInt();
        if (n < 0 || n > limit - pos) {
            throw truncated();
        }
        return n;
    }

    private String readString() {
        int n = length();
        String s = new String(buf, pos, n, StandardCharsets.UTF_8);
        pos += n;
        return s;
    }

    private byte[] readBytes() {
        int n = length();
        byte[] b = Arrays.copyOfRange(buf, pos, pos + n);
        pos += n;
        return b;
    }

    private List<Integer> readInts() {
        List<Integer> list = new ArrayList<>();
        for (long n = readLong(); n != 0; n = readLong()) {
            if (n < 0) {
                n = -n;
                readLong();
            }
            if (n > limit - pos) {
                throw truncated();
            }
            for (long i = 0; i < n; i++) {
                list.add(readInt());
            }
        }
        return Collections.unmodifiableList(list);
    }
}
