package io.sluice.records;

import io.sluice.codec.CodecException;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.avro.Resolver;
import org.apache.avro.Schema;
import org.apache.avro.SystemLimitException;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;

/**
 * The interpreted resolver: Avro's resolution plan for the pair ({@link Resolver#resolve}), turned
 * once into a tree of readers that each record walks. It reads Avro's binary encoding itself,
 * straight into stored values, without Avro's generic records in between. The tree is built in
 * the constructor and never changed, so the resolver is immutable and thread-safe; each read has
 * its own decoder.
 *
 * @param <T> what records are read as
 */
final class InterpretedRecordResolver<T> implements RecordResolver<T> {
    private final RecordFormat writer;
    private final RecordFormat reader;
    private final Node root;
    private final Function<RecordValue, T> finish;

    /** The pair must have passed {@link Records#checkCanRead}. */
    InterpretedRecordResolver(RecordFormat writer, RecordFormat reader, Function<RecordValue, T> finish) {
        this.writer = writer;
        this.reader = reader;
        this.finish = finish;
        this.root = new Compiler(reader).compile(Resolver.resolve(writer.avroSchema(), reader.avroSchema()));
    }

    @Override
    public RecordFormat writerFormat() {
        return writer;
    }

    @Override
    public RecordFormat readerFormat() {
        return reader;
    }

    @Override
    public T read(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        BinaryDecoder in = DecoderFactory.get().binaryDecoder(bytes, offset, length, null);
        RecordValue value;
        try {
            value = (RecordValue) root.read(in);
        } catch (ReadFailure f) {
            throw failure(f.getCause() instanceof EOFException ? "truncated: the bytes end" : "malformed", f, length);
        } catch (EOFException e) {
            throw failure("truncated: the bytes end", new ReadFailure(e), length);
        } catch (IOException | RuntimeException e) {
            throw failure("malformed", new ReadFailure(e), length);
        }
        int left = in.remainingBytes();
        if (left > 0) {
            throw leftOver(writer, reader, left, length);
        }
        return finish.apply(value);
    }

    private CodecException failure(String what, ReadFailure f, int length) {
        return failure(writer, reader, what, f, length);
    }

    /** The error of bytes left over after a record. */
    static CodecException leftOver(RecordFormat writer, RecordFormat reader, int left, int length) {
        return new CodecException("not a record of format " + writer + ": " + left + " of its " + length
                + " bytes are left after the record (read as " + reader + ")");
    }

    /** The error of a read that failed: the same words for the interpreted and the generated resolvers. */
    static CodecException failure(RecordFormat writer, RecordFormat reader, String what, ReadFailure f, int length) {
        String where = f.path.length() == 0 ? "" : " in field '" + f.path + "'";
        String detail = f.getCause() instanceof EOFException || f.getCause().getMessage() == null ? ""
                : " (" + f.getCause().getMessage() + ")";
        return new CodecException("not a record of format " + writer + ": " + what + where + detail + "; " + length
                + " bytes, read as " + reader, f.getCause());
    }

    /** A failure while reading, with the path of fields it happened in, innermost last. */
    static final class ReadFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final StringBuilder path = new StringBuilder();

        ReadFailure(Throwable cause) {
            super(cause);
        }

        ReadFailure within(String step) {
            boolean bracket = path.length() > 0 && (path.charAt(0) == '[' || path.charAt(0) == '{');
            path.insert(0, path.length() == 0 || bracket ? step : step + ".");
            return this;
        }

        static ReadFailure of(Throwable t) {
            return t instanceof ReadFailure f ? f : new ReadFailure(t);
        }
    }

    /** Reads one value of the writer's encoding as the reader's stored value. */
    interface Node {
        Object read(BinaryDecoder in) throws IOException;
    }

    /** Turns a resolution plan into nodes; a record's node is made once, so recursive types close into loops. */
    static final class Compiler {
        private final RecordFormat reader;
        private final Map<Resolver.Action, RecordNode> records = new IdentityHashMap<>();

        Compiler(RecordFormat reader) {
            this.reader = reader;
        }

        Node compile(Resolver.Action action) {
            switch (action.type) {
                case DO_NOTHING:
                    return plain(action.reader);
                case PROMOTE:
                    return promote(action.writer.getType(), action.reader.getType());
                case ENUM:
                    return enumeration((Resolver.EnumAdjust) action);
                case CONTAINER:
                    return container((Resolver.Container) action);
                case RECORD:
                    return record((Resolver.RecordAdjust) action);
                case WRITER_UNION: {
                    Resolver.WriterUnion union = (Resolver.WriterUnion) action;
                    Node[] branches = new Node[union.actions.length];
                    for (int i = 0; i < branches.length; i++) {
                        branches[i] = compile(union.actions[i]);
                    }
                    return in -> {
                        int branch = in.readIndex();
                        if (branch < 0 || branch >= branches.length) {
                            throw new IOException("union branch " + branch + " of " + branches.length);
                        }
                        return branches[branch].read(in);
                    };
                }
                case READER_UNION:
                    return compile(((Resolver.ReaderUnion) action).actualAction);
                case ERROR: {
                    String message = action.toString();
                    return in -> {
                        throw new IOException("the reader's format cannot read this value: " + message);
                    };
                }
                default:
                    throw new IllegalStateException("unexpected resolution step " + action.type);
            }
        }

        private static Node plain(Schema schema) {
            switch (schema.getType()) {
                case NULL:
                    return in -> {
                        in.readNull();
                        return null;
                    };
                case BOOLEAN:
                    return BinaryDecoder::readBoolean;
                case INT:
                    return BinaryDecoder::readInt;
                case LONG:
                    return BinaryDecoder::readLong;
                case FLOAT:
                    return BinaryDecoder::readFloat;
                case DOUBLE:
                    return BinaryDecoder::readDouble;
                case STRING:
                    return in -> in.readString();
                case BYTES:
                    return in -> in.readBytes(null).asReadOnlyBuffer();
                case FIXED: {
                    int size = schema.getFixedSize();
                    return in -> {
                        byte[] bytes = new byte[size];
                        in.readFixed(bytes);
                        return ByteBuffer.wrap(bytes).asReadOnlyBuffer();
                    };
                }
                default:
                    throw new IllegalStateException("unexpected plain type " + schema.getType());
            }
        }

        private static Node promote(Schema.Type from, Schema.Type to) {
            switch (from) {
                case INT:
                    return to == Schema.Type.LONG ? in -> (long) in.readInt()
                            : to == Schema.Type.FLOAT ? in -> (float) in.readInt() : in -> (double) in.readInt();
                case LONG:
                    return to == Schema.Type.FLOAT ? in -> (float) in.readLong() : in -> (double) in.readLong();
                case FLOAT:
                    return in -> (double) in.readFloat();
                case STRING: // strings and bytes share an encoding
                    return in -> in.readBytes(null).asReadOnlyBuffer();
                case BYTES:
                    return in -> in.readString();
                default:
                    throw new IllegalStateException("unexpected promotion " + from + " to " + to);
            }
        }

        private static Node enumeration(Resolver.EnumAdjust adjust) {
            List<String> writerSymbols = adjust.writer.getEnumSymbols();
            List<String> readerSymbols = adjust.reader.getEnumSymbols();
            String[] symbols = new String[adjust.adjustments.length];
            for (int i = 0; i < symbols.length; i++) {
                int j = adjust.adjustments[i];
                symbols[i] = j < 0 ? null : readerSymbols.get(j);
            }
            String readerName = adjust.reader.getFullName();
            return in -> {
                int index = in.readEnum();
                if (index < 0 || index >= symbols.length) {
                    throw new IOException("enum index " + index + " of " + symbols.length + " symbols");
                }
                String symbol = symbols[index];
                if (symbol == null) {
                    throw new IOException("symbol '" + writerSymbols.get(index) + "' is not in the reader's enum "
                            + readerName + ", which has no default symbol");
                }
                return symbol;
            };
        }

        private Node container(Resolver.Container container) {
            Node element = compile(container.elementAction);
            if (container.reader.getType() == Schema.Type.ARRAY) {
                // The bytes are the writer's, so a block's count is bounded by the writer's element
                // size (an int is one byte and up, even when it is read as an 8-byte double).
                Schema writerElement = container.writer.getElementType();
                if (EmptyElements.takeNoBytes(writerElement)) {
                    return in -> EmptyElements.read(in, () -> {
                        try {
                            return element.read(in);
                        } catch (IOException | RuntimeException e) {
                            throw ReadFailure.of(e).within("[0]");
                        }
                    });
                }
                return in -> {
                    List<Object> list = new ArrayList<>();
                    int index = 0;
                    for (long n = in.readArrayStart(); n > 0; n = in.arrayNext()) {
                        GenericDatumReader.ensureAvailableCollectionBytes(in, n, writerElement);
                        SystemLimitException.checkMaxCollectionLength(list.size(), n);
                        for (long i = 0; i < n; i++, index++) {
                            try {
                                list.add(element.read(in));
                            } catch (IOException | RuntimeException e) {
                                throw ReadFailure.of(e).within("[" + index + "]");
                            }
                        }
                    }
                    return Collections.unmodifiableList(list);
                };
            }
            Schema key = Schema.create(Schema.Type.STRING);
            return in -> {
                Map<String, Object> map = new LinkedHashMap<>();
                long total = 0;
                for (long n = in.readMapStart(); n > 0; n = in.mapNext()) {
                    GenericDatumReader.ensureAvailableCollectionBytes(in, n, key);
                    SystemLimitException.checkMaxCollectionLength(total, n);
                    total += n;
                    for (long i = 0; i < n; i++) {
                        String k = in.readString();
                        try {
                            map.put(k, element.read(in));
                        } catch (IOException | RuntimeException e) {
                            throw ReadFailure.of(e).within("{" + k + "}");
                        }
                    }
                }
                return Collections.unmodifiableMap(map);
            };
        }

        private Node record(Resolver.RecordAdjust adjust) {
            RecordNode node = records.get(adjust);
            if (node != null) {
                return node;
            }
            node = new RecordNode(reader.formatOf(adjust.reader));
            records.put(adjust, node);
            List<Schema.Field> writerFields = adjust.writer.getFields();
            int fields = writerFields.size();
            node.readers = new Node[fields];
            node.skipped = new Schema[fields];
            node.targets = new int[fields];
            node.names = new String[fields];
            int next = 0;
            for (int i = 0; i < fields; i++) {
                Resolver.Action fieldAction = adjust.fieldActions[i];
                node.names[i] = writerFields.get(i).name();
                if (fieldAction.type == Resolver.Action.Type.SKIP) {
                    node.skipped[i] = fieldAction.writer;
                    node.targets[i] = -1;
                } else {
                    node.readers[i] = compile(fieldAction);
                    node.targets[i] = adjust.readerOrder[next++].pos();
                }
            }
            int defaults = adjust.readerOrder.length - adjust.firstDefault;
            node.defaultTargets = new int[defaults];
            node.defaults = new Object[defaults];
            for (int k = 0; k < defaults; k++) {
                Schema.Field field = adjust.readerOrder[adjust.firstDefault + k];
                node.defaultTargets[k] = field.pos();
                node.defaults[k] = Values.fromAvro(field.schema(), adjust.defaults[k], reader);
            }
            node.size = adjust.readerOrder.length;
            return node;
        }
    }

    /**
     * Reads a record: the writer's fields in the writer's order, each read into its reader field's
     * place or skipped, then the reader's defaults for the fields the writer lacks. Its arrays are
     * filled while compiling, before the resolver is published, and never changed after.
     */
    private static final class RecordNode implements Node {
        private final RecordFormat format;
        private Node[] readers;
        private Schema[] skipped;
        private int[] targets;
        private String[] names;
        private int[] defaultTargets;
        private Object[] defaults;
        private int size;

        RecordNode(RecordFormat format) {
            this.format = format;
        }

        @Override
        public Object read(BinaryDecoder in) throws IOException {
            Object[] values = new Object[size];
            for (int i = 0; i < readers.length; i++) {
                try {
                    if (targets[i] < 0) {
                        GenericDatumReader.skip(skipped[i], in);
                    } else {
                        values[targets[i]] = readers[i].read(in);
                    }
                } catch (IOException | RuntimeException e) {
                    throw ReadFailure.of(e).within(names[i]);
                }
            }
            for (int k = 0; k < defaults.length; k++) {
                values[defaultTargets[k]] = defaults[k];
            }
            return new ImmutableRecordValue(format, values);
        }
    }
}
