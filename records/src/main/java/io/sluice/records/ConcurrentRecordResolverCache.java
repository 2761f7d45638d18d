package io.sluice.records;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/** The resolver cache: a concurrent map by pair; a resolver is made outside the map's locks. */
final class ConcurrentRecordResolverCache implements RecordResolverCache {
    /** A pair: the writer's format and the reader's format or class. */
    private record Pair(RecordFormat writer, Object reader) {}

    private final ConcurrentMap<Pair, RecordResolver<?>> resolvers = new ConcurrentHashMap<>();

    @Override
    @SuppressWarnings("unchecked")
    public RecordResolver<RecordValue> resolver(RecordFormat writer, RecordFormat reader) {
        Pair pair = new Pair(Objects.requireNonNull(writer, "writer"), Objects.requireNonNull(reader, "reader"));
        RecordResolver<?> found = resolvers.get(pair);
        if (found == null) {
            RecordResolver<RecordValue> made = Records.resolver(writer, reader);
            found = resolvers.putIfAbsent(pair, made);
            return found == null ? made : (RecordResolver<RecordValue>) found;
        }
        return (RecordResolver<RecordValue>) found;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T extends Record> RecordResolver<T> resolver(RecordFormat writer, Class<T> reader) {
        Pair pair = new Pair(Objects.requireNonNull(writer, "writer"), Objects.requireNonNull(reader, "reader"));
        RecordResolver<?> found = resolvers.get(pair);
        if (found == null) {
            RecordResolver<T> made = Records.resolver(writer, reader);
            found = resolvers.putIfAbsent(pair, made);
            return found == null ? made : (RecordResolver<T>) found;
        }
        return (RecordResolver<T>) found;
    }
}
