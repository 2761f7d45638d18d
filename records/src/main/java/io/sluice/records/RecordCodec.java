package io.sluice.records;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import io.sluice.codec.CodecOutput;
import io.sluice.codec.CodecStore;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The codec of a channel of records ({@link RecordCodecs}). A token is its format's fingerprint
 * (8 bytes), the length of its Avro bytes (4 bytes), and the bytes; each format is stored once in
 * the channel's {@link CodecStore} ({@link ChannelFormats}), before the first record of it.
 *
 * <p>Unbound, it only describes the codec; {@link #bind} gives the one a channel uses, which keeps
 * the channel's formats and, for each writer fingerprint met, the resolver that reads its records
 * as this codec's type, made on first sight and kept.
 *
 * @param <T> a Java record class, or {@link RecordValue}
 */
final class RecordCodec<T> implements Codec<T> {
    private final Class<T> type;
    /** The encoder of a record class; null for record values, whose encoder depends on their format. */
    private final RecordEncoder<T> classEncoder;
    /** Makes the resolver of a writer's format into this codec's type (kept per writer fingerprint once bound). */
    private final Function<RecordFormat, RecordResolver<T>> resolvers;
    /** What the reader reads as, for messages: a class name or a format. */
    private final String readsAs;
    /** Null until bound. */
    private final ChannelFormats formats;
    private final Map<Long, RecordResolver<T>> byFingerprint;
    private final Map<Long, RecordEncoder<RecordValue>> valueEncoders;
    /** The encoder of record values used last, so that values of one format look nothing up. */
    private volatile RecordEncoder<RecordValue> lastValueEncoder;
    /** The resolver used last, so that a channel of one format looks nothing up. */
    private volatile RecordResolver<T> last;

    RecordCodec(Class<T> type, RecordEncoder<T> classEncoder, Function<RecordFormat, RecordResolver<T>> resolvers, String readsAs) {
        this(type, classEncoder, resolvers, readsAs, null);
    }

    private RecordCodec(Class<T> type, RecordEncoder<T> classEncoder, Function<RecordFormat, RecordResolver<T>> resolvers,
            String readsAs, ChannelFormats formats) {
        this.type = type;
        this.classEncoder = classEncoder;
        this.resolvers = resolvers;
        this.readsAs = readsAs;
        this.formats = formats;
        this.byFingerprint = formats == null ? Map.of() : new ConcurrentHashMap<>();
        this.valueEncoders = formats == null || classEncoder != null ? Map.of() : new ConcurrentHashMap<>();
    }

    @Override
    public String id() {
        return RecordCodecs.ID;
    }

    @Override
    public Class<T> type() {
        return type;
    }

    @Override
    public String storedType() {
        return RecordCodecs.STORED_TYPE;
    }

    @Override
    public Codec<T> bind(CodecStore store) {
        return new RecordCodec<>(type, classEncoder, resolvers, readsAs, new ChannelFormats(store));
    }

    @Override
    public void write(T value, CodecOutput out) {
        ChannelFormats channel = bound();
        RecordEncoder<T> encoder = encoderOf(value);
        RecordFormat format = encoder.format();
        channel.store(format);
        byte[] bytes = encoder.encode(value);
        out.writeLong(format.fingerprint());
        out.writeInt(bytes.length);
        out.writeBytes(bytes, 0, bytes.length);
    }

    @SuppressWarnings("unchecked")
    private RecordEncoder<T> encoderOf(T value) {
        if (classEncoder != null) {
            return classEncoder;
        }
        RecordFormat format = ((RecordValue) value).format();
        RecordEncoder<T> encoder = (RecordEncoder<T>) lastValueEncoder;
        if (encoder == null || encoder.format() != format) {
            encoder = (RecordEncoder<T>) valueEncoders.computeIfAbsent(format.fingerprint(), fp -> Records.encoder(format));
            lastValueEncoder = (RecordEncoder<RecordValue>) encoder;
        }
        return encoder;
    }

    @Override
    public T read(CodecInput in) {
        ChannelFormats channel = bound();
        long fingerprint = in.readLong();
        int length = in.readInt();
        if (length < 0 || length > in.remaining()) {
            throw new CodecException("a record of " + length + " bytes does not fit in the " + in.remaining() + " bytes left");
        }
        byte[] bytes = new byte[length];
        in.readBytes(bytes, 0, length);
        RecordResolver<T> resolver = last;
        if (resolver == null || resolver.writerFormat().fingerprint() != fingerprint) {
            resolver = resolverOf(channel, fingerprint);
            last = resolver;
        }
        return resolver.read(bytes);
    }

    private RecordResolver<T> resolverOf(ChannelFormats channel, long fingerprint) {
        RecordResolver<T> resolver = byFingerprint.get(fingerprint);
        if (resolver == null) {
            RecordFormat writer = channel.format(fingerprint);
            resolver = resolvers.apply(writer); // IncompatibleFormatsException names the fields and both formats
            RecordResolver<T> first = byFingerprint.putIfAbsent(fingerprint, resolver);
            resolver = first != null ? first : resolver;
        }
        return resolver;
    }

    private ChannelFormats bound() {
        if (formats == null) {
            throw new CodecException("codec '" + RecordCodecs.ID + "' of " + readsAs + " is not bound to a channel: it stores "
                    + "each format once with its channel, so it encodes and decodes only the tokens of a channel it was bound to");
        }
        return formats;
    }

    @Override
    public String toString() {
        return "codec " + RecordCodecs.ID + " of " + readsAs + (formats == null ? "" : " on channel '" + formats.channel() + "'");
    }

    /** The formats of one channel, by fingerprint: those stored or read so far, and its store. Thread-safe. */
    static final class ChannelFormats {
        private final CodecStore store;
        private final Map<Long, RecordFormat> known = new ConcurrentHashMap<>();

        ChannelFormats(CodecStore store) {
            this.store = Objects.requireNonNull(store, "store");
        }

        String channel() {
            return store.channel();
        }

        /** Stores the format unless it is stored already: before the first record of it. */
        void store(RecordFormat format) {
            if (!known.containsKey(format.fingerprint())) {
                store.put(RecordCodecs.key(format.fingerprint()), format.toJson().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                known.putIfAbsent(format.fingerprint(), format);
            }
        }

        /**
         * The stored format of a fingerprint.
         *
         * @throws CodecException naming the fingerprint and the channel if none is stored, or the
         *     stored one does not parse or has another fingerprint
         */
        RecordFormat format(long fingerprint) {
            RecordFormat format = known.get(fingerprint);
            if (format == null) {
                format = RecordCodecs.parseStored(store, fingerprint)
                        .orElseThrow(() -> new CodecException("no format of fingerprint " + RecordCodecs.hex(fingerprint)
                                + " is stored with channel '" + store.channel() + "' (it stores " + store.all().size()
                                + "); the record's format is unknown"));
                RecordFormat first = known.putIfAbsent(fingerprint, format);
                format = first != null ? first : format;
            }
            return format;
        }
    }
}
