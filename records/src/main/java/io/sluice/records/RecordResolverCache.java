package io.sluice.records;

/**
 * Resolvers kept by (writer format, reader) pair: the first request for a pair makes its resolver
 * as {@link Records#resolver} does (generated where possible, checked for compatibility), and
 * every later one returns the same resolver. Made by {@link Records#resolverCache()} and owned by
 * whoever made it: there is no shared or global cache, and a cache holds every resolver it made
 * (and, for a reader class, the class) for as long as it is held.
 *
 * <p><b>Threading.</b> Thread-safe: any number of threads may ask at once. Two threads that ask for
 * a new pair at once may both make its resolver; one is kept and both get that one.
 *
 * <p><b>Failure.</b> A pair that cannot be read fails as {@link Records#resolver} does, on every
 * request (failures are not kept).
 */
public interface RecordResolverCache {

    /** The resolver of records of {@code writer} as record values of {@code reader}. */
    RecordResolver<RecordValue> resolver(RecordFormat writer, RecordFormat reader);

    /** The resolver of records of {@code writer} as instances of the record class {@code reader}. */
    <T extends Record> RecordResolver<T> resolver(RecordFormat writer, Class<T> reader);
}
