package io.sluice.actors;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import io.sluice.codec.CodecOutput;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Stores the library's tokens in persistent and remote channels whose ports are typed loosely
 * ({@code Object}, {@code Number}), as Ptolemy's are: a tag byte, then the value. It keeps
 * Integer, Long, Double, Boolean, String and lists of them (nested to any depth) exactly, each of
 * its own class, so a token read back equals the one written. Registered by
 * {@link StandardCodecs} for {@code Object} and for {@code Number}.
 *
 * <p>A token of another class cannot be stored: {@link #write} throws a {@link CodecException}
 * naming its class, which fails the put (and the run) naming the channel.
 *
 * @param <T> {@code Object} or {@code Number}
 */
public final class TokenCodec<T> implements Codec<T> {
    private static final byte INT = 0;
    private static final byte LONG = 1;
    private static final byte DOUBLE = 2;
    private static final byte BOOLEAN = 3;
    private static final byte STRING = 4;
    private static final byte LIST = 5;

    private final Class<T> type;
    private final String id;

    private TokenCodec(Class<T> type, String id) {
        this.type = type;
        this.id = id;
    }

    /** The codec of channels of any token. */
    public static TokenCodec<Object> forObjects() {
        return new TokenCodec<>(Object.class, "sluice.actors.token");
    }

    /** The codec of channels of numbers. */
    public static TokenCodec<Number> forNumbers() {
        return new TokenCodec<>(Number.class, "sluice.actors.number");
    }

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
        writeValue(value, out);
    }

    private static void writeValue(Object value, CodecOutput out) {
        if (value instanceof Integer i) {
            out.writeByte(INT);
            out.writeInt(i);
        } else if (value instanceof Long l) {
            out.writeByte(LONG);
            out.writeLong(l);
        } else if (value instanceof Double d) {
            out.writeByte(DOUBLE);
            out.writeDouble(d);
        } else if (value instanceof Boolean b) {
            out.writeByte(BOOLEAN);
            out.writeByte(b ? 1 : 0);
        } else if (value instanceof String s) {
            out.writeByte(STRING);
            out.writeString(s);
        } else if (value instanceof List<?> list) {
            out.writeByte(LIST);
            out.writeInt(list.size());
            for (Object element : list) {
                writeValue(element, out);
            }
        } else {
            throw new CodecException("a " + (value == null ? "null" : value.getClass().getName()) + " cannot be stored as a token"
                    + " of the actor library (Integer, Long, Double, Boolean, String and lists of them can)");
        }
    }

    @Override
    public T read(CodecInput in) {
        Object value = readValue(in, 0);
        if (!type.isInstance(value)) {
            throw new CodecException("a " + value.getClass().getName() + " where a " + type.getName() + " was stored");
        }
        return type.cast(value);
    }

    private static Object readValue(CodecInput in, int depth) {
        if (depth > 1000) {
            throw new CodecException("lists nested more than 1000 deep");
        }
        byte tag = in.readByte();
        return switch (tag) {
            case INT -> in.readInt();
            case LONG -> in.readLong();
            case DOUBLE -> in.readDouble();
            case BOOLEAN -> in.readByte() != 0;
            case STRING -> in.readString();
            case LIST -> {
                int n = in.readInt();
                if (n < 0 || n > in.remaining()) {
                    throw new CodecException("a list of " + n + " elements in " + in.remaining() + " bytes");
                }
                List<Object> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    list.add(readValue(in, depth + 1));
                }
                yield Collections.unmodifiableList(list);
            }
            default -> throw new CodecException("a token starts with a tag from 0 to 5, not " + tag);
        };
    }

    @Override
    public String toString() {
        return "TokenCodec[" + id + "]";
    }
}
