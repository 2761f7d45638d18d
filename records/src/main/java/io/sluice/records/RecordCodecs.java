package io.sluice.records;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import io.sluice.codec.CodecProvider;
import io.sluice.codec.CodecStore;
import io.sluice.codec.TokenConverter;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Records as the tokens of persistent channels: the codec family {@value #ID}, and the
 * {@link CodecProvider} service that gives it to every program with {@code sluice-records} on
 * its class path (listed in {@code META-INF/services}).
 *
 * <p><b>What a channel stores.</b> Each format once, in the channel's {@link CodecStore} (a
 * persistent channel's {@code codec/} directory), as Avro schema JSON in a file named by its
 * fingerprint ({@code 3f1c...e2.avsc}), stored before the first record of it; and each record as
 * its format's 64-bit fingerprint, its length and its Avro binary encoding. The channel's metadata
 * names the codec {@value #ID} and the type {@link RecordValue}, whatever class wrote it, so that a
 * channel may hold records of several versions of a format, written by programs of different
 * versions over time, and every reader reads each record as its own version.
 *
 * <p><b>Which channels.</b> A channel of {@link RecordValue}s, or of a Java record class annotated
 * with {@link FormatName}, is a channel of records; other record classes stay Jackson Smile
 * tokens unless their codec is registered ({@code Codecs.with(RecordCodecs.codec(type))}).
 *
 * <p><b>Reading.</b> A reader reads each record as its codec's type: a record class (through the
 * format derived from it), record values under a format of the reader's
 * ({@link #codec(RecordFormat)}), or record values under each writer's own format
 * ({@link #generic()}, what {@code sluice channel read} shows). Each writer fingerprint met gets
 * its resolver, made on first sight and kept by the channel's codec; a provider shares the
 * generated resolvers of its channels by pair ({@link Records#resolverCache()}).
 *
 * <p><b>Reader ports of another version.</b> As a {@link TokenConverter} service, it lets a
 * workflow connect an output port of records to an input port of another version: a record class
 * or {@link RecordValue} to another record class (read by field name, as a channel would), or a
 * record class to {@link RecordValue} (its writer's own format). Each token is then encoded under
 * its format and read by the pair's resolver, made once per token class or format.
 *
 * <p><b>Failure.</b> A record whose fingerprint no stored format has is a
 * {@link CodecException} naming the fingerprint and the channel, which the channel reports with
 * its seq (the records before it stay readable); a writer's format the reader cannot read is an
 * {@link IncompatibleFormatsException} naming the fields and both formats, which the channel
 * reports with its name and the seq.
 *
 * <p><b>Threading.</b> Codecs and the provider are thread-safe. A codec not bound to a channel
 * ({@link Codec#bind}) refuses to encode or decode: it has nowhere to store formats.
 */
public final class RecordCodecs implements CodecProvider, TokenConverter {
    /** The codec id a channel of records records. */
    public static final String ID = "record";
    /** The token type a channel of records records, whichever class wrote it. */
    static final String STORED_TYPE = RecordValue.class.getName();
    /** The suffix of a stored format's key. */
    private static final String SUFFIX = ".avsc";

    private final RecordResolverCache resolvers = Records.resolverCache();

    /** The provider, with a resolver cache of its own; made by {@link java.util.ServiceLoader}. */
    public RecordCodecs() {}

    /** None listed: its codecs are made on demand, per type. */
    @Override
    public Collection<Codec<?>> codecs() {
        return List.of();
    }

    /** The codec of {@link RecordValue}s, or of a record class annotated with {@link FormatName}; null for other types. */
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> Codec<T> codecFor(Class<T> type) {
        if (type == RecordValue.class) {
            return (Codec<T>) generic(resolvers);
        }
        if (type.isRecord() && type.isAnnotationPresent(FormatName.class)) {
            return (Codec<T>) codec((Class) type, resolvers);
        }
        return null;
    }

    /** For {@value #ID}: the codec reading into {@link RecordValue} (generic) or any record class; else null. */
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> Codec<T> codecFor(String id, Class<T> type) {
        if (!ID.equals(id)) {
            return null;
        }
        if (type == RecordValue.class) {
            return (Codec<T>) generic(resolvers);
        }
        return type.isRecord() ? (Codec<T>) codec((Class) type, resolvers) : null;
    }

    /**
     * The conversion of records of {@code from} (a record class or {@link RecordValue}) into
     * {@code to} (another record class, or {@link RecordValue}); null for other types.
     *
     * @throws IllegalArgumentException naming the record and the component if {@code to} is a record
     *     class without a format; {@link IncompatibleFormatsException} naming the fields if both are
     *     record classes and {@code to}'s format cannot read {@code from}'s
     */
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public <T> java.util.function.Function<Object, T> converter(Class<?> from, Class<T> to) {
        if (!(from.isRecord() || from == RecordValue.class)) {
            return null;
        }
        if (to == RecordValue.class) {
            return (java.util.function.Function<Object, T>) RecordConversion.toValues();
        }
        if (!to.isRecord()) {
            return null;
        }
        if (from.isRecord()) {
            // Both formats are known now: an incompatible pair is refused before any record is read.
            Records.checkCanRead(RecordFormat.of((Class) from), RecordFormat.of((Class) to));
        }
        return (java.util.function.Function<Object, T>) RecordConversion.toClass((Class) to);
    }

    /**
     * The codec of a Java record class: writes its records under the format derived from it, and
     * reads every record of a channel as an instance of it.
     *
     * @throws IllegalArgumentException as {@link RecordFormat#of(Class)} does
     */
    public static <T extends Record> Codec<T> codec(Class<T> type) {
        return codec(type, null);
    }

    /**
     * The codec that reads every record of a channel as a record value of {@code reader} (and
     * writes record values under their own formats).
     */
    public static Codec<RecordValue> codec(RecordFormat reader) {
        Objects.requireNonNull(reader, "reader");
        return new RecordCodec<>(RecordValue.class, null, writer -> Records.resolver(writer, reader), "format " + reader);
    }

    /**
     * The codec that reads every record of a channel as a record value of the format it was
     * written under, every field included (and writes record values under their own formats).
     */
    public static Codec<RecordValue> generic() {
        return generic(null);
    }

    private static Codec<RecordValue> generic(RecordResolverCache cache) {
        return new RecordCodec<>(RecordValue.class, null, cache == null ? Records::forwarder : writer -> cache.resolver(writer, writer),
                "the writers' formats");
    }

    private static <T extends Record> Codec<T> codec(Class<T> type, RecordResolverCache cache) {
        RecordEncoder<T> encoder = Records.encoder(type);
        return new RecordCodec<>(type, encoder, cache == null ? writer -> Records.resolver(writer, type)
                : writer -> cache.resolver(writer, type), type.getName());
    }

    /** The key a format is stored under: its fingerprint in hex and {@value #SUFFIX}. */
    static String key(long fingerprint) {
        return hex(fingerprint) + SUFFIX;
    }

    static String hex(long fingerprint) {
        return String.format(Locale.ROOT, "%016x", fingerprint);
    }

    /**
     * The format stored under a fingerprint, if any.
     *
     * @throws CodecException naming the channel and the fingerprint if the stored schema does not
     *     parse or has another fingerprint (a damaged file)
     */
    static Optional<RecordFormat> parseStored(CodecStore store, long fingerprint) {
        Optional<byte[]> stored = store.get(key(fingerprint));
        if (stored.isEmpty()) {
            return Optional.empty();
        }
        RecordFormat format;
        try {
            format = RecordFormat.parse(new String(stored.get(), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            throw new CodecException("the format stored with channel '" + store.channel() + "' as " + key(fingerprint)
                    + " is damaged: " + e.getMessage(), e);
        }
        if (format.fingerprint() != fingerprint) {
            throw new CodecException("the format stored with channel '" + store.channel() + "' as " + key(fingerprint)
                    + " has fingerprint " + hex(format.fingerprint()) + ": the file is damaged");
        }
        return Optional.of(format);
    }

    /**
     * Every format stored with a channel, in the order of their fingerprints.
     *
     * @throws CodecException naming the channel and the file if a stored format is damaged
     */
    static List<RecordFormat> stored(CodecStore store) {
        List<RecordFormat> formats = new java.util.ArrayList<>();
        for (String key : store.all().keySet()) {
            if (key.endsWith(SUFFIX) && key.length() == 16 + SUFFIX.length()) {
                long fingerprint;
                try {
                    fingerprint = Long.parseUnsignedLong(key.substring(0, 16), 16);
                } catch (NumberFormatException e) {
                    continue; // not a format's key
                }
                parseStored(store, fingerprint).ifPresent(formats::add);
            }
        }
        return formats;
    }
}
