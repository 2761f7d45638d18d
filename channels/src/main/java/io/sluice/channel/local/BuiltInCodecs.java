package io.sluice.channel.local;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import io.sluice.codec.CodecOutput;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * The codecs for primitives (boxed), {@code String}, {@code byte[]} and primitive arrays. Each
 * writes its value's bytes straight into the batch being encoded, with no intermediate object:
 * numbers as fixed-width little-endian fields, strings as a length header then one byte per char
 * if every char is Latin-1, else two ({@link HeapCodecOutput#writeString}), arrays as a length
 * then the elements.
 */
final class BuiltInCodecs {
    private BuiltInCodecs() {}

    static List<Codec<?>> all() {
        return List.of(
                codec("string", String.class, (v, o) -> o.writeString(v), CodecInput::readString),
                codec("int", Integer.class, (v, o) -> o.writeInt(v), CodecInput::readInt),
                codec("long", Long.class, (v, o) -> o.writeLong(v), CodecInput::readLong),
                codec("double", Double.class, (v, o) -> o.writeDouble(v), CodecInput::readDouble),
                codec("float", Float.class, (v, o) -> o.writeInt(Float.floatToRawIntBits(v)), i -> Float.intBitsToFloat(i.readInt())),
                codec("short", Short.class, (v, o) -> o.writeInt(v), i -> (short) i.readInt()),
                codec("byte", Byte.class, (v, o) -> o.writeByte(v), CodecInput::readByte),
                codec("boolean", Boolean.class, (v, o) -> o.writeByte(v ? 1 : 0), i -> i.readByte() != 0),
                codec("char", Character.class, (v, o) -> o.writeInt(v), i -> (char) i.readInt()),
                codec("bytes", byte[].class, (v, o) -> {
                    o.writeInt(v.length);
                    o.writeBytes(v, 0, v.length);
                }, i -> {
                    byte[] v = new byte[length(i, 1)];
                    i.readBytes(v, 0, v.length);
                    return v;
                }),
                codec("ints", int[].class, (v, o) -> {
                    o.writeInt(v.length);
                    for (int x : v) {
                        o.writeInt(x);
                    }
                }, i -> {
                    int[] v = new int[length(i, 4)];
                    for (int k = 0; k < v.length; k++) {
                        v[k] = i.readInt();
                    }
                    return v;
                }),
                codec("longs", long[].class, (v, o) -> {
                    o.writeInt(v.length);
                    for (long x : v) {
                        o.writeLong(x);
                    }
                }, i -> {
                    long[] v = new long[length(i, 8)];
                    for (int k = 0; k < v.length; k++) {
                        v[k] = i.readLong();
                    }
                    return v;
                }),
                codec("doubles", double[].class, (v, o) -> {
                    o.writeInt(v.length);
                    for (double x : v) {
                        o.writeDouble(x);
                    }
                }, i -> {
                    double[] v = new double[length(i, 8)];
                    for (int k = 0; k < v.length; k++) {
                        v[k] = i.readDouble();
                    }
                    return v;
                }),
                codec("floats", float[].class, (v, o) -> {
                    o.writeInt(v.length);
                    for (float x : v) {
                        o.writeInt(Float.floatToRawIntBits(x));
                    }
                }, i -> {
                    float[] v = new float[length(i, 4)];
                    for (int k = 0; k < v.length; k++) {
                        v[k] = Float.intBitsToFloat(i.readInt());
                    }
                    return v;
                }));
    }

    /** Reads an array length and checks that the elements can be there. */
    private static int length(CodecInput in, int elementBytes) {
        int n = in.readInt();
        if (n < 0 || (long) n * elementBytes > in.remaining()) {
            throw new CodecException("array length " + n + " does not fit in the " + in.remaining() + " bytes left");
        }
        return n;
    }

    private static <T> Codec<T> codec(String id, Class<T> type, BiConsumer<T, CodecOutput> write, Function<CodecInput, T> read) {
        return new Codec<>() {
            @Override
            public String id() {
                return id;
            }

            @Override
            public Class<T> type() {
                return type;
            }

            @Override
            public void write(T value, CodecOutput out) {
                write.accept(value, out);
            }

            @Override
            public T read(CodecInput in) {
                return read.apply(in);
            }

            @Override
            public String toString() {
                return "codec " + id;
            }
        };
    }
}
