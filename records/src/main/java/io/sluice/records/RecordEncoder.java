package io.sluice.records;

import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes records of one format: as Avro's binary encoding under the {@link #format()} (what
 * channels store and send), as a {@link RecordValue}, or as JSON for people.
 *
 * <p>Made by {@link Records#encoder(Class)} for a Java record class or
 * {@link Records#encoder(RecordFormat)} for record values, once per format, and kept by its
 * caller.
 *
 * <p><b>Threading.</b> Thread-safe and stateless between calls.
 *
 * <p><b>Failure.</b> A record value of another format, or a Java record with a null component
 * that is not an {@code Optional}, throws {@link IllegalArgumentException} naming the record (or
 * the format) and the component; nothing is written to a stream then.
 *
 * @param <T> the records written: {@link RecordValue} or a Java record class
 */
public interface RecordEncoder<T> {

    /** The format records are written under. */
    RecordFormat format();

    /** The binary encoding of one record. */
    byte[] encode(T record);

    /**
     * Writes the binary encoding of one record to a stream, which stays open.
     *
     * @throws IOException if the stream fails
     */
    void encode(T record, OutputStream out) throws IOException;

    /** The record as a {@link RecordValue} of {@link #format()}. */
    RecordValue toValue(T record);

    /** The record as one line of JSON, as {@link RecordValue#toJson()} shows it. */
    default String toJson(T record) {
        return toValue(record).toJson();
    }
}
