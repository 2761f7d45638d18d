package io.sluice.records;

import io.sluice.codec.CodecException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.apache.avro.Resolver;
import org.apache.avro.Schema;
import org.apache.avro.SystemLimitException;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.DecoderFactory;
import org.slf4j.LoggerFactory;

/**
 * The generated resolver: for one (writer format, reader) pair, code made at run time that decodes
 * the writer's Avro binary layout straight into the reader's representation. For a Java record
 * class it reads the writer's fields in the writer's order and calls the canonical constructor
 * with them in the reader's order, the added fields' defaults among them, numbers widened on the
 * way and removed fields skipped, without a {@link RecordValue} in between and without boxing the
 * primitive components; for a reader format it fills a {@link RecordValue}'s storage the same way.
 *
 * <p><b>Technique: Java source compiled with {@code javax.tools}.</b> Where the JVM has the JDK's
 * compiler, {@link DecoderSource} writes the pair's decoder as Java source, straight-line code
 * with one statement per writer field (varint and zigzag reads on the record's own bytes inlined
 * from {@link DecodeCursor}, removed fields skipped without making values, widening casts where a
 * field is read, defaults and constructors as static final constants, nested records, arrays and
 * unions in methods of their own), and {@link DecoderCompiler} compiles it in memory and defines
 * it as a hidden class whose class data holds the constants. Why this machinery: the JDK's
 * class-file API is not in Java 17; Byte Buddy (or ASM) would write the same bytecode, but
 * through a dependency and a bytecode generator that is hard to read and to debug, while the
 * source is plain Java that javac checks and that a failing test prints; and a composition of
 * {@link MethodHandle}s nests a combinator per field deeper than the JIT inlines, so a record of
 * many fields does not compile into one method, and it reads through Avro's decoder, made afresh
 * for each record. The cost is the compiler itself: making a resolver compiles a class (the first in a JVM
 * also loads javac), and a JVM without the {@code jdk.compiler} module (a trimmed runtime image)
 * gets the handle composition instead ({@link MethodHandles.Lookup#defineHiddenClassWithClassData}
 * with {@link ResolverBodyTemplate}, the handle in a static final field so that the JIT sees it as
 * a constant).
 *
 * <p><b>When it compiles.</b> Compiling costs as much as reading many records (the first compile
 * in a JVM also loads javac, which takes a second or more), so a resolver made for a pair that
 * reads a few records only (a tool that prints some, a test) should not pay it: the source is
 * written when the resolver is made, and the read that follows the first {@value #COMPILE_AFTER}
 * hands it to the compiling executor (unless given, a daemon thread of its own, which ends with
 * the compile: no thread outlives it, and no pool the application shares is kept busy). No read
 * waits for the compiler: the interpreted resolver reads until the compiled code is there, so a
 * stream of records is never held up while javac runs. If the compile fails (a bug in the
 * generated source), it is logged and the interpreted resolver reads on.
 *
 * <p><b>Bytes the compiled code declines.</b> It takes only well-formed records in Avro's
 * canonical encoding; anything else (bytes that end early or are left over, an over-long varint, a
 * boolean byte other than 0 or 1, a union branch or an enum symbol the reader lacks), and a
 * reader's constructor that throws, hands the same bytes to the interpreted resolver, which reads
 * them to the same value or fails with its own message. So the two fail alike by construction, and
 * a compact constructor that refuses the values runs twice.
 *
 * <p><b>What it leaves to the interpreted resolver.</b> {@link #generate} answers null, and
 * {@link Records} uses the interpreted resolver for the whole pair, for a recursive record type and
 * for a record of more than 120 fields. Within generated code, maps and arrays of elements that
 * take no bytes are read by the interpreted plan's reader for that field; Java components other
 * than primitives, their boxes, {@code String}, {@code byte[]} and records (lists, arrays, maps,
 * {@code Optional}, enums) are read in their stored form and converted as the interpreted
 * resolver converts them.
 *
 * <p>Thread-safe; each read has its own cursor (or decoder). Hidden classes are
 * unloaded with the resolver that holds them.
 *
 * @param <T> what records are read as
 */
final class GeneratedRecordResolver<T> implements RecordResolver<T> {
    private static final int MAX_FIELDS = 120;
    private static final java.util.Set<Schema.Type> PLAIN_ELEMENTS = java.util.EnumSet.of(Schema.Type.INT, Schema.Type.LONG,
            Schema.Type.DOUBLE, Schema.Type.FLOAT, Schema.Type.BOOLEAN, Schema.Type.STRING);
    /** Runs each compile on a daemon thread started for it. */
    private static final Executor ON_A_THREAD_OF_ITS_OWN = compile -> {
        Thread thread = new Thread(compile, "sluice-record-compiler");
        thread.setDaemon(true);
        thread.start();
    };
    private static final MethodHandles.Lookup LOOKUP = MethodHandles.lookup();
    private static final MethodHandle SKIP;
    private static final MethodHandle NODE_READ;
    private static final MethodHandle READ_LIST;
    private static final MethodHandle READ_PLAIN_LIST;
    private static final MethodHandle READ_EMPTY_ELEMENTS;
    private static final MethodHandle READ_BUFFER;
    private static final MethodHandle READ_BYTE_ARRAY;
    private static final MethodHandle WITHIN;
    private static final MethodHandle CONSTRUCTOR_FAILED;
    private static final MethodHandle NEW_VALUE;

    static {
        try {
            SKIP = LOOKUP.findStatic(GenericDatumReader.class, "skip",
                    MethodType.methodType(void.class, Schema.class, Decoder.class));
            NODE_READ = LOOKUP.findVirtual(InterpretedRecordResolver.Node.class, "read",
                    MethodType.methodType(Object.class, BinaryDecoder.class));
            READ_LIST = LOOKUP.findStatic(GeneratedRecordResolver.class, "readList",
                    MethodType.methodType(List.class, MethodHandle.class, Schema.class, BinaryDecoder.class));
            READ_EMPTY_ELEMENTS = LOOKUP.findStatic(GeneratedRecordResolver.class, "readEmptyElements",
                    MethodType.methodType(List.class, MethodHandle.class, BinaryDecoder.class));
            READ_PLAIN_LIST = LOOKUP.findStatic(GeneratedRecordResolver.class, "readPlainList",
                    MethodType.methodType(List.class, Schema.Type.class, Schema.class, BinaryDecoder.class));
            READ_BUFFER = LOOKUP.findStatic(GeneratedRecordResolver.class, "readBuffer",
                    MethodType.methodType(ByteBuffer.class, BinaryDecoder.class));
            READ_BYTE_ARRAY = LOOKUP.findStatic(GeneratedRecordResolver.class, "readByteArray",
                    MethodType.methodType(byte[].class, BinaryDecoder.class));
            WITHIN = LOOKUP.findStatic(GeneratedRecordResolver.class, "within",
                    MethodType.methodType(Object.class, String.class, Exception.class));
            CONSTRUCTOR_FAILED = LOOKUP.findStatic(GeneratedRecordResolver.class, "constructorFailed",
                    MethodType.methodType(Object.class, Exception.class));
            NEW_VALUE = LOOKUP.findConstructor(ImmutableRecordValue.class,
                    MethodType.methodType(void.class, RecordFormat.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final RecordFormat writer;
    private final RecordFormat reader;
    private final ResolverBody body;
    /** Reads before the source is compiled (see the class's doc). */
    static final int COMPILE_AFTER = 1024;
    private DecoderSource source;
    private volatile DecodeBody compiled;
    private int reads; // counted without synchronization: a threshold, not a tally
    private final RecordResolver<T> declined;
    /** Runs the compile off the reading threads. */
    private final Executor compiler;
    /** Set once the compile is handed to {@link #compiler}. */
    private final AtomicBoolean compiling = new AtomicBoolean();

    private GeneratedRecordResolver(RecordFormat writer, RecordFormat reader, ResolverBody body) {
        this.writer = writer;
        this.reader = reader;
        this.body = body;
        this.declined = null;
        this.compiler = null;
    }

    private GeneratedRecordResolver(RecordFormat writer, RecordFormat reader, DecoderSource source, RecordResolver<T> declined,
            Executor compiler) {
        this.writer = writer;
        this.reader = reader;
        this.body = null;
        this.source = source;
        this.declined = declined;
        this.compiler = compiler;
    }

    /**
     * The generated resolver of a pair that has passed {@link Records#checkCanRead}, reading record
     * values of {@code reader} when {@code mapping} is null, else instances of its class; null when
     * the pair has a shape left to the interpreted resolver (see the class's doc).
     */
    static <T> RecordResolver<T> generate(RecordFormat writer, RecordFormat reader, JavaRecordMapping<?> mapping) {
        return generate(writer, reader, mapping, ON_A_THREAD_OF_ITS_OWN);
    }


    /** As {@link #generate(RecordFormat, RecordFormat, JavaRecordMapping)}, compiling on {@code compiler}. */
    static <T> RecordResolver<T> generate(RecordFormat writer, RecordFormat reader, JavaRecordMapping<?> mapping, Executor compiler) {
        Resolver.Action plan = Resolver.resolve(writer.avroSchema(), reader.avroSchema());
        if (!(plan instanceof Resolver.RecordAdjust adjust)) {
            return null;
        }
        if (DecoderCompiler.available()) {
            DecoderSource source = null;
            try {
                source = DecoderSource.of(adjust, reader, mapping);
            } catch (DecoderSource.Unsupported e) {
                // left to the handles below
            }
            if (source != null) {
                @SuppressWarnings("unchecked")
                Function<RecordValue, T> finish = mapping == null ? v -> (T) v : v -> (T) mapping.fromValue(v);
                return new GeneratedRecordResolver<>(writer, reader, source, new InterpretedRecordResolver<>(writer, reader, finish),
                        compiler);
            }
        }
        MethodHandle root;
        try {
            root = new Generator(reader).record(adjust, mapping)
                    .asType(MethodType.methodType(Object.class, BinaryDecoder.class));
        } catch (Unsupported e) {
            return null;
        }
        return new GeneratedRecordResolver<>(writer, reader, body(root));
    }

    /** The handle as the body of a hidden class of its own (see the class's doc), else as it is. */
    private static ResolverBody body(MethodHandle root) {
        try (InputStream in = GeneratedRecordResolver.class.getResourceAsStream("ResolverBodyTemplate.class")) {
            if (in != null) {
                MethodHandles.Lookup hidden = LOOKUP.defineHiddenClassWithClassData(in.readAllBytes(), root, true);
                return (ResolverBody) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
                        .invoke();
            }
        } catch (Throwable e) {
            if (e instanceof VirtualMachineError v) {
                throw v;
            }
            // No class file to define (an unusual packaging): the same handle, run without inlining.
        }
        return in -> (Object) root.invokeExact(in);
    }

    /** The class that runs the code: a hidden class of this resolver's own, unless none could be defined. */
    Class<?> bodyClass() {
        return declined != null ? compiledBody().getClass() : body.getClass();
    }

    /** Whether the code is compiled source ({@link DecoderSource}) rather than composed handles. */
    boolean isCompiled() {
        return declined != null;
    }

    /** Whether the source has been compiled yet. */
    boolean compiledYet() {
        return compiled != null;
    }

    /**
     * Reads with the compiled code only, compiling it now if it is not yet, and never handing the
     * bytes to the interpreted resolver: for tests, to show that the compiled code itself reads
     * every well-formed record.
     */
    @SuppressWarnings("unchecked")
    T readCompiledOnly(byte[] bytes, int offset, int length) throws Throwable {
        return (T) compiledBody().decode(bytes, offset, length);
    }

    /** Hands the compile to {@link #compiler}, once; the reads go on with the interpreted resolver meanwhile. */
    private void compileInBackground() {
        if (!compiling.compareAndSet(false, true)) {
            return;
        }
        try {
            compiler.execute(() -> {
                try {
                    compiledBody();
                } catch (RuntimeException | LinkageError e) {
                    LoggerFactory.getLogger(GeneratedRecordResolver.class).warn("the decoder of records of {} read as {} could not be"
                            + " compiled; they are read by the interpreted resolver: {}", writer, reader, e.toString());
                }
            });
        } catch (RejectedExecutionException e) {
            // No thread to compile on (the executor is shut down): the interpreted resolver reads on.
        }
    }

    /** The compiled code, compiled by the first thread that needs it. */
    private DecodeBody compiledBody() {
        DecodeBody c = compiled;
        if (c == null) {
            synchronized (this) {
                c = compiled;
                if (c == null) {
                    c = DecoderCompiler.compile(source);
                    compiled = c;
                    source = null;
                }
            }
        }
        return c;
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
    @SuppressWarnings("unchecked")
    public T read(byte[] bytes, int offset, int length) {
        Objects.checkFromIndexSize(offset, length, bytes.length);
        if (declined != null) {
            DecodeBody c = compiled;
            if (c == null) {
                if (++reads > COMPILE_AFTER) {
                    compileInBackground();
                }
                return declined.read(bytes, offset, length);
            }
            try {
                return (T) c.decode(bytes, offset, length);
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Throwable t) {
                // Bytes the compiled code declines, or a constructor that refuses the values: the
                // interpreted resolver reads them again and gives the value or its own exception.
                return declined.read(bytes, offset, length);
            }
        }
        BinaryDecoder in = DecoderFactory.get().binaryDecoder(bytes, offset, length, null);
        Object value;
        try {
            value = body.read(in);
        } catch (ConstructorFailure c) {
            Throwable t = c.getCause();
            if (t instanceof RuntimeException r) {
                throw r; // a compact constructor that refuses the values: the record's own message
            }
            throw new IllegalStateException("the constructor of a record of " + reader + " failed: " + t, t);
        } catch (InterpretedRecordResolver.ReadFailure f) {
            throw InterpretedRecordResolver.failure(writer, reader,
                    f.getCause() instanceof EOFException ? "truncated: the bytes end" : "malformed", f, length);
        } catch (EOFException e) {
            throw InterpretedRecordResolver.failure(writer, reader, "truncated: the bytes end",
                    new InterpretedRecordResolver.ReadFailure(e), length);
        } catch (Error e) {
            throw e;
        } catch (Throwable e) {
            throw InterpretedRecordResolver.failure(writer, reader, "malformed",
                    new InterpretedRecordResolver.ReadFailure(e), length);
        }
        int left = in.remainingBytes();
        if (left > 0) {
            throw InterpretedRecordResolver.leftOver(writer, reader, left, length);
        }
        return (T) value;
    }

    // ---------------------------------------------------------------- what the handles call

    /** An array, read as the interpreted resolver reads one (the same bounds, the same paths). */
    private static List<Object> readList(MethodHandle element, Schema writerElement, BinaryDecoder in) throws Throwable {
        List<Object> list = new ArrayList<>();
        int index = 0;
        for (long n = in.readArrayStart(); n > 0; n = in.arrayNext()) {
            GenericDatumReader.ensureAvailableCollectionBytes(in, n, writerElement);
            SystemLimitException.checkMaxCollectionLength(list.size(), n);
            for (long i = 0; i < n; i++, index++) {
                try {
                    list.add((Object) element.invokeExact(in));
                } catch (ConstructorFailure c) {
                    throw c;
                } catch (IOException | RuntimeException e) {
                    throw InterpretedRecordResolver.ReadFailure.of(e).within("[" + index + "]");
                }
            }
        }
        return Collections.unmodifiableList(list);
    }

    /** An array of elements that take no bytes, read as the interpreted resolver reads one. */
    private static List<Object> readEmptyElements(MethodHandle element, BinaryDecoder in) throws Throwable {
        return EmptyElements.read(in, () -> {
            try {
                return (Object) element.invokeExact(in);
            } catch (ConstructorFailure c) {
                throw c;
            } catch (IOException | RuntimeException e) {
                throw InterpretedRecordResolver.ReadFailure.of(e).within("[0]");
            }
        });
    }

    /**
     * An array of booleans, numbers or strings read as they are, as {@link #readList} reads one
     * with their element readers, without a call through a handle per element.
     */
    private static List<Object> readPlainList(Schema.Type type, Schema writerElement, BinaryDecoder in) throws IOException {
        List<Object> list = new ArrayList<>();
        int index = 0;
        for (long n = in.readArrayStart(); n > 0; n = in.arrayNext()) {
            GenericDatumReader.ensureAvailableCollectionBytes(in, n, writerElement);
            SystemLimitException.checkMaxCollectionLength(list.size(), n);
            for (long i = 0; i < n; i++, index++) {
                try {
                    switch (type) {
                        case INT -> list.add(in.readInt());
                        case LONG -> list.add(in.readLong());
                        case DOUBLE -> list.add(in.readDouble());
                        case FLOAT -> list.add(in.readFloat());
                        case BOOLEAN -> list.add(in.readBoolean());
                        default -> list.add(in.readString());
                    }
                } catch (IOException | RuntimeException e) {
                    throw InterpretedRecordResolver.ReadFailure.of(e).within("[" + index + "]");
                }
            }
        }
        return Collections.unmodifiableList(list);
    }

    private static ByteBuffer readBuffer(BinaryDecoder in) throws IOException {
        return in.readBytes(null).asReadOnlyBuffer();
    }

    private static byte[] readByteArray(BinaryDecoder in) throws IOException {
        ByteBuffer b = in.readBytes(null);
        if (b.hasArray() && b.arrayOffset() == 0 && b.position() == 0 && b.array().length == b.remaining()) {
            return b.array(); // a buffer the decoder made for this value alone, and keeps no hold of
        }
        byte[] bytes = new byte[b.remaining()];
        b.get(bytes);
        return bytes;
    }

    /** Rethrows a failure to read a field, with the field's name on its path. */
    private static Object within(String field, Exception e) {
        if (e instanceof ConstructorFailure c) {
            throw c;
        }
        throw InterpretedRecordResolver.ReadFailure.of(e).within(field);
    }

    private static Object constructorFailed(Exception e) {
        throw new ConstructorFailure(e);
    }

    /** A reader record's constructor refused the values: passed on untouched, not as a codec error. */
    private static final class ConstructorFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ConstructorFailure(Throwable cause) {
            super(cause);
        }
    }

    /** A shape the generator leaves to the interpreted resolver. */
    private static final class Unsupported extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unsupported() {
            super(null, null, false, false);
        }
    }

    // ---------------------------------------------------------------- the generator

    /** Composes the handle of a pair's plan; a record's handle is made once per use. */
    private static final class Generator {
        private final RecordFormat readerFormat;
        private final InterpretedRecordResolver.Compiler interpreted;
        private final Map<Resolver.RecordAdjust, Boolean> open = new IdentityHashMap<>();

        Generator(RecordFormat readerFormat) {
            this.readerFormat = readerFormat;
            this.interpreted = new InterpretedRecordResolver.Compiler(readerFormat);
        }

        /**
         * A record: a handle of type {@code (BinaryDecoder)R}, R the mapping's class or
         * {@link RecordValue} when the mapping is null.
         */
        MethodHandle record(Resolver.RecordAdjust adjust, JavaRecordMapping<?> mapping) {
            if (open.put(adjust, Boolean.TRUE) != null) {
                throw new Unsupported(); // a recursive type
            }
            Schema.Field[] readerOrder = adjust.readerOrder;
            int n = readerOrder.length;
            List<Schema.Field> writerFields = adjust.writer.getFields();
            if (n > MAX_FIELDS || writerFields.size() > MAX_FIELDS) {
                throw new Unsupported();
            }
            MethodHandle sink;
            if (mapping == null) {
                RecordFormat format = readerFormat.formatOf(adjust.reader);
                sink = MethodHandles.filterReturnValue(
                        MethodHandles.identity(Object[].class).asCollector(Object[].class, n),
                        NEW_VALUE.bindTo(format)).asType(MethodType.genericMethodType(n).changeReturnType(RecordValue.class));
            } else {
                sink = mapping.exactConstructor();
                sink = MethodHandles.catchException(sink, Exception.class,
                        CONSTRUCTOR_FAILED.asType(MethodType.methodType(sink.type().returnType(), Exception.class)));
            }
            Class<?>[] types = sink.type().parameterArray();

            // The writer's fields in order: a reader for each kept one, a skip for each removed one.
            int fields = writerFields.size();
            MethodHandle[] steps = new MethodHandle[fields];
            List<Integer> kept = new ArrayList<>();
            int next = 0;
            for (int i = 0; i < fields; i++) {
                Resolver.Action action = adjust.fieldActions[i];
                MethodHandle step;
                if (action.type == Resolver.Action.Type.SKIP) {
                    step = MethodHandles.insertArguments(SKIP, 0, action.writer)
                            .asType(MethodType.methodType(void.class, BinaryDecoder.class));
                } else {
                    int p = readerOrder[next++].pos();
                    kept.add(p);
                    step = field(action, mapping, p).asType(MethodType.methodType(types[p], BinaryDecoder.class));
                }
                MethodHandle handler = WITHIN.bindTo(writerFields.get(i).name())
                        .asType(MethodType.methodType(step.type().returnType(), Exception.class));
                steps[i] = MethodHandles.catchException(step, Exception.class, handler);
            }

            // The sink's arguments as (the kept fields in the writer's order, the defaults).
            int defaults = n - adjust.firstDefault;
            Class<?>[] order = new Class<?>[n];
            int[] reorder = new int[n];
            for (int j = 0; j < kept.size(); j++) {
                order[j] = types[kept.get(j)];
                reorder[kept.get(j)] = j;
            }
            for (int k = 0; k < defaults; k++) {
                int p = readerOrder[adjust.firstDefault + k].pos();
                order[kept.size() + k] = types[p];
                reorder[p] = kept.size() + k;
            }
            MethodHandle h = MethodHandles.permuteArguments(sink, MethodType.methodType(sink.type().returnType(), order), reorder);
            for (int k = 0; k < defaults; k++) {
                Schema.Field field = readerOrder[adjust.firstDefault + k];
                Object stored = Values.fromAvro(field.schema(), adjust.defaults[k], readerFormat);
                int p = field.pos();
                MethodHandle value = mapping == null || mapping.storedAsIs(p)
                        ? MethodHandles.constant(Object.class, stored)
                        : mapping.toJava(p).bindTo(stored); // made on each read: a byte[] is not shared
                h = MethodHandles.collectArguments(h, kept.size(), value.asType(MethodType.methodType(types[p])));
            }
            h = MethodHandles.dropArguments(h, kept.size(), BinaryDecoder.class);
            // Fold the steps in from the last: the outermost runs first, so the writer's order holds.
            int before = kept.size();
            for (int i = fields - 1; i >= 0; i--) {
                if (steps[i].type().returnType() != void.class) {
                    before--;
                }
                h = MethodHandles.foldArguments(h, before, steps[i]);
            }
            open.remove(adjust);
            return h;
        }

        /** A field's value: a handle {@code (BinaryDecoder)X}, X converted by the caller to the field's type. */
        private MethodHandle field(Resolver.Action action, JavaRecordMapping<?> mapping, int p) {
            if (mapping == null || mapping.storedAsIs(p)) {
                return stored(action);
            }
            JavaRecordMapping<?> nested = mapping.nestedMapping(p);
            if (nested != null && action.type == Resolver.Action.Type.RECORD) {
                return record((Resolver.RecordAdjust) action, nested);
            }
            if (mapping.componentType(p) == byte[].class && (action.type == Resolver.Action.Type.DO_NOTHING
                    || action.type == Resolver.Action.Type.PROMOTE) && action.reader.getType() == Schema.Type.BYTES) {
                return READ_BYTE_ARRAY;
            }
            return MethodHandles.filterReturnValue(stored(action).asType(MethodType.methodType(Object.class, BinaryDecoder.class)),
                    mapping.toJava(p));
        }

        /** A value in its stored form ({@link Values}), primitives unboxed. */
        private MethodHandle stored(Resolver.Action action) {
            try {
                switch (action.type) {
                    case DO_NOTHING: {
                        MethodHandle plain = plain(action.reader.getType());
                        if (plain != null) {
                            return plain;
                        }
                        break;
                    }
                    case PROMOTE: {
                        Schema.Type from = action.writer.getType();
                        Schema.Type to = action.reader.getType();
                        if (from == Schema.Type.STRING) {
                            return READ_BUFFER;
                        } else if (from == Schema.Type.BYTES) {
                            return plain(Schema.Type.STRING);
                        }
                        MethodHandle read = plain(from);
                        return read.asType(MethodType.methodType(primitive(to), BinaryDecoder.class));
                    }
                    case RECORD:
                        return record((Resolver.RecordAdjust) action, null);
                    case CONTAINER: {
                        Resolver.Container container = (Resolver.Container) action;
                        Resolver.Action elementAction = container.elementAction;
                        if (container.reader.getType() == Schema.Type.ARRAY && elementAction.type == Resolver.Action.Type.DO_NOTHING
                                && PLAIN_ELEMENTS.contains(elementAction.reader.getType())) {
                            return MethodHandles.insertArguments(READ_PLAIN_LIST, 0, elementAction.reader.getType(),
                                    container.writer.getElementType());
                        }
                        if (container.reader.getType() == Schema.Type.ARRAY) {
                            MethodHandle element = stored(container.elementAction)
                                    .asType(MethodType.methodType(Object.class, BinaryDecoder.class));
                            Schema writerElement = container.writer.getElementType();
                            return EmptyElements.takeNoBytes(writerElement)
                                    ? MethodHandles.insertArguments(READ_EMPTY_ELEMENTS, 0, element)
                                    : MethodHandles.insertArguments(READ_LIST, 0, element, writerElement);
                        }
                        break;
                    }
                    default:
                        break;
                }
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
            return NODE_READ.bindTo(interpreted.compile(action));
        }

        private static MethodHandle plain(Schema.Type type) throws ReflectiveOperationException {
            switch (type) {
                case BOOLEAN:
                case INT:
                case LONG:
                case FLOAT:
                case DOUBLE: {
                    Class<?> c = primitive(type);
                    String name = "read" + Character.toUpperCase(c.getName().charAt(0)) + c.getName().substring(1);
                    return LOOKUP.findVirtual(BinaryDecoder.class, name, MethodType.methodType(c));
                }
                case STRING:
                    return LOOKUP.findVirtual(BinaryDecoder.class, "readString", MethodType.methodType(String.class));
                case BYTES:
                    return READ_BUFFER;
                default:
                    return null;
            }
        }

        private static Class<?> primitive(Schema.Type type) {
            switch (type) {
                case BOOLEAN:
                    return boolean.class;
                case INT:
                    return int.class;
                case LONG:
                    return long.class;
                case FLOAT:
                    return float.class;
                case DOUBLE:
                    return double.class;
                default:
                    throw new IllegalStateException("not a number: " + type);
            }
        }
    }
}
