package io.sluice.records;

import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SystemLimitException;
import org.apache.avro.io.BinaryDecoder;

/**
 * Arrays whose writer elements take no bytes: {@code null}, a fixed of size 0, or a record of
 * only such fields. Every such element reads to the same value, so an array of them is read as
 * that one value repeated, read once, in memory that does not grow with the count. A count
 * damaged into the billions therefore reads as a long list of equal values, as Avro's encoding
 * says it is, rather than filling the heap one element at a time.
 *
 * <p>The elements of such a list are one shared value. Both resolvers read these arrays here, so
 * they agree on every outcome.
 */
final class EmptyElements {
    /** Reads the one element; may fail as the resolver's element readers do. */
    @FunctionalInterface
    interface Element<X extends Throwable> {
        Object read() throws X;
    }

    private EmptyElements() {
    }

    /** Whether every value of the schema encodes in zero bytes. */
    static boolean takeNoBytes(Schema schema) {
        return takeNoBytes(schema, new IdentityHashMap<>());
    }

    private static boolean takeNoBytes(Schema schema, Map<Schema, Boolean> seen) {
        switch (schema.getType()) {
            case NULL:
                return true;
            case FIXED:
                return schema.getFixedSize() == 0;
            case RECORD:
                if (seen.put(schema, Boolean.TRUE) != null) {
                    return false; // a record within itself holds it through an array or a union
                }
                for (Schema.Field field : schema.getFields()) {
                    if (!takeNoBytes(field.schema(), seen)) {
                        return false;
                    }
                }
                return true;
            default:
                return false;
        }
    }

    /**
     * Reads an array of elements that take no bytes: its block counts, then the element once.
     *
     * @throws SystemLimitException if the counts add up to more than a Java list can hold
     */
    static <X extends Throwable> List<Object> read(BinaryDecoder in, Element<X> element) throws IOException, X {
        long total = 0;
        for (long n = in.readArrayStart(); n > 0; n = in.arrayNext()) {
            total = SystemLimitException.checkMaxCollectionLength(total, n);
        }
        return total == 0 ? List.of() : Collections.nCopies((int) total, element.read());
    }
}
