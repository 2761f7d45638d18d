package io.sluice.records;

/**
 * Reads records written under one format (the writer's) as records of another (the reader's): a
 * {@link RecordValue} of a reader format, or an instance of a reader Java {@code record} class.
 * Fields are matched by name (and by the reader's aliases), following Avro's schema resolution: a
 * field the writer has and the reader lacks is skipped; a field the reader has and the writer
 * lacks takes the reader's default; fields may be in any order; numbers widen int → long → float
 * → double; strings and bytes convert into each other; enum symbols are matched by name.
 *
 * <p>A resolver is made once per pair of formats by {@link Records#resolver} (which checks that
 * the pair is compatible, so that reading never meets an incompatibility the formats show) and
 * kept by its caller for every record of that writer: making one costs far more than reading a
 * record. There are two kinds behind this interface: the interpreted one, which walks the pair's
 * resolution plan for every record, and the one generated as code for the pair, which
 * {@link Records#resolver} gives where it can; they read alike, to the messages of their
 * exceptions.
 *
 * <p><b>Threading.</b> Thread-safe and stateless between calls: any number of threads may read
 * through one resolver at once.
 *
 * <p><b>Failure.</b> Bytes that are not a record of the writer's format (truncated, malformed,
 * or followed by bytes the record does not account for) throw
 * {@link io.sluice.codec.CodecException} naming both formats and the field where reading failed;
 * a channel adds its name and the record's seq. A reader Java record whose constructor refuses the
 * values read (a compact constructor that validates) throws the constructor's own exception.
 *
 * @param <T> what records are read as: {@link RecordValue} or a Java record class
 */
public interface RecordResolver<T> {

    /** The format the records were written under. */
    RecordFormat writerFormat();

    /** The format the records are read as (for a Java record class, the one derived from it). */
    RecordFormat readerFormat();

    /**
     * Reads one record: all of {@code bytes}.
     *
     * @throws io.sluice.codec.CodecException if the bytes are not one record of the writer's format
     */
    default T read(byte[] bytes) {
        return read(bytes, 0, bytes.length);
    }

    /**
     * Reads one record: the {@code length} bytes of {@code bytes} from {@code offset}.
     *
     * @throws io.sluice.codec.CodecException if those bytes are not one record of the writer's format
     * @throws IndexOutOfBoundsException if the range is not within the array
     */
    T read(byte[] bytes, int offset, int length);
}
