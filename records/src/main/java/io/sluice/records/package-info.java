/**
 * Self-describing records: formats that travel with the records (or once before them), so that
 * programs that write and read records evolve apart and still agree by field name. The user's
 * page is {@code docs/records.md}.
 *
 * <p><b>Concepts.</b> A {@link io.sluice.records.RecordFormat} is an Apache Avro record schema:
 * derived from a Java {@code record} class or parsed from Avro schema JSON. Records are written in
 * Avro's binary encoding by a {@link io.sluice.records.RecordEncoder}, and read by a
 * {@link io.sluice.records.RecordResolver} made for the pair (the writer's format, the reader's
 * format or class), which matches fields by name and converts them by Avro's resolution rules. A
 * {@link io.sluice.records.RecordValue} is a record whose format a program learns at run time.
 * {@link io.sluice.records.Records} makes encoders and resolvers (generated as code for the pair
 * where it can, else interpreted; the two read alike) and checks pairs of formats.
 *
 * <p><b>Java records.</b> A record class's format has one field per component, in order, named
 * as the component; {@link io.sluice.records.FormatName}, {@link io.sluice.records.FieldDefault}
 * and {@link io.sluice.records.FieldAliases} give names, defaults and former names. An
 * {@code Optional<T>} component is an optional field (Avro's union of {@code null} and
 * {@code T}, default {@code null}); every other component, boxed ones included, is required, and
 * a null one is refused when written.
 *
 * <p><b>On channels.</b> {@link io.sluice.records.RecordCodecs} makes records the tokens of
 * channels: a persistent channel stores each format once and each record as its format's
 * fingerprint and bytes, and every reader reads each record as its own version, a reader port of
 * another version within a run included; {@link io.sluice.records.RecordChannels} opens readers
 * of persistent channels of records and lists their formats.
 *
 * <p><b>Threading.</b> Formats, record values, encoders and resolvers are immutable and
 * thread-safe; a {@link io.sluice.records.RecordValue.Builder} is for one thread. Nothing here
 * holds a thread, a file or any global state; there is nothing to close.
 *
 * <p><b>Failure.</b> A format, class or value that does not fit is an
 * {@link java.lang.IllegalArgumentException} naming the record, field or component, thrown before
 * any record is written or read; a pair of formats that cannot be read one as the other is an
 * {@link io.sluice.records.IncompatibleFormatsException} naming both and the fields; bytes that
 * are not a record of the writer's format are an {@link io.sluice.codec.CodecException} naming
 * the formats and the field where reading failed.
 */
package io.sluice.records;
