package io.sluice.events.internal;

import io.sluice.records.RecordFormat;
import io.sluice.records.RecordResolver;
import io.sluice.records.RecordResolverCache;
import io.sluice.records.RecordValue;
import io.sluice.records.Records;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads events as one subscription's type, from whichever writer format each was published
 * under: one resolver per writer fingerprint, made on first sight through the space's resolver
 * cache and kept. Thread-safe.
 *
 * @param <T> a record class, or {@link RecordValue}
 */
abstract class EventReader<T> {
    private final ConcurrentHashMap<Long, RecordResolver<T>> byWriter = new ConcurrentHashMap<>();
    /** The resolver used last: most channels carry one writer format. */
    private volatile RecordResolver<T> last;

    /** The format events are read as (for a forwarder, the channel's). */
    abstract RecordFormat format();

    /** The resolver for one writer format; checks that the pair is compatible. */
    abstract RecordResolver<T> make(RecordFormat writer);

    /** Reads one event. */
    final T read(RecordFormat writer, byte[] bytes, int offset, int length) {
        return resolver(writer).read(bytes, offset, length);
    }

    /** The resolver of {@code writer}'s events, made on first call. */
    final RecordResolver<T> resolver(RecordFormat writer) {
        RecordResolver<T> r = last;
        if (r != null && r.writerFormat().fingerprint() == writer.fingerprint()) {
            return r;
        }
        r = byWriter.computeIfAbsent(writer.fingerprint(), fp -> make(writer));
        last = r;
        return r;
    }

    /** Events as instances of a record class. */
    static <T extends Record> EventReader<T> of(Class<T> type, RecordResolverCache cache) {
        RecordFormat format = RecordFormat.of(type);
        return new EventReader<>() {
            @Override
            RecordFormat format() {
                return format;
            }

            @Override
            RecordResolver<T> make(RecordFormat writer) {
                return cache.resolver(writer, type);
            }
        };
    }

    /** Events as record values of {@code format}. */
    static EventReader<RecordValue> of(RecordFormat format, RecordResolverCache cache) {
        return new EventReader<>() {
            @Override
            RecordFormat format() {
                return format;
            }

            @Override
            RecordResolver<RecordValue> make(RecordFormat writer) {
                return cache.resolver(writer, format);
            }
        };
    }

    /** Events as record values of their writer's own format, every field kept (for forwarding). */
    static EventReader<RecordValue> forwarding(RecordFormat channelFormat) {
        return new EventReader<>() {
            @Override
            RecordFormat format() {
                return channelFormat;
            }

            @Override
            RecordResolver<RecordValue> make(RecordFormat writer) {
                return Records.forwarder(writer);
            }
        };
    }
}
