package io.sluice.records;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Turns record tokens of any version (Java records, record values) into the reader's version, for
 * channels that carry values as they are ({@link RecordChannels#readAs}) and reader ports of
 * another type than their channel's ({@link RecordCodecs#converter}): a token already of the
 * reader's version is returned as it is; another is encoded under its own format and read by the
 * pair's resolver, made for each token class or format on first sight and kept. Thread-safe.
 *
 * @param <T> what tokens are read as
 */
final class RecordConversion<T> implements java.util.function.Function<Object, T> {
    private final String readsAs;
    /** True for a token that is returned as it is. */
    private final java.util.function.Predicate<Object> same;
    private final Function<RecordFormat, RecordResolver<T>> resolvers;
    /** By token class (Java records) or format (record values). */
    private final Map<Object, Function<Object, T>> converters = new ConcurrentHashMap<>();

    private RecordConversion(String readsAs, java.util.function.Predicate<Object> same, Function<RecordFormat, RecordResolver<T>> resolvers) {
        this.readsAs = readsAs;
        this.same = same;
        this.resolvers = resolvers;
    }

    static <T extends Record> RecordConversion<T> toClass(Class<T> type) {
        RecordFormat.of(type); // fails now, naming the component, for a class without a format
        return new RecordConversion<>(type.getName(), type::isInstance, writer -> Records.resolver(writer, type));
    }

    /** Record values of their writers' own formats: a Java record as the record value of its class's format. */
    static RecordConversion<RecordValue> toValues() {
        return new RecordConversion<>("record values of the writers' formats", t -> t instanceof RecordValue, Records::forwarder);
    }

    static RecordConversion<RecordValue> toFormat(RecordFormat format) {
        Objects.requireNonNull(format, "format");
        return new RecordConversion<>("format " + format, t -> t instanceof RecordValue v && v.format().equals(format),
                writer -> Records.resolver(writer, format));
    }

    /**
     * The token as the reader's version.
     *
     * @throws IllegalArgumentException if it is not a record, or its format cannot be read as the
     *     reader's ({@link IncompatibleFormatsException}, naming the fields and both formats)
     */
    @Override
    @SuppressWarnings("unchecked")
    public T apply(Object token) {
        if (same.test(token)) {
            return (T) token;
        }
        Object key = token instanceof RecordValue v ? v.format() : token.getClass();
        Function<Object, T> converter = converters.get(key);
        if (converter == null) {
            converter = converterOf(token);
            Function<Object, T> first = converters.putIfAbsent(key, converter);
            converter = first != null ? first : converter;
        }
        return converter.apply(token);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private Function<Object, T> converterOf(Object token) {
        RecordEncoder<Object> encoder;
        if (token instanceof RecordValue v) {
            encoder = (RecordEncoder) Records.encoder(v.format());
        } else if (token instanceof Record r) {
            encoder = (RecordEncoder) Records.encoder((Class) r.getClass());
        } else {
            throw new IllegalArgumentException("a " + token.getClass().getName() + " is not a record; it cannot be read as " + readsAs);
        }
        RecordResolver<T> resolver = resolvers.apply(encoder.format());
        return t -> resolver.read(encoder.encode(t));
    }
}
