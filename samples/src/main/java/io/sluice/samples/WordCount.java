package io.sluice.samples;

import io.sluice.records.FormatName;

/**
 * A word and a number: the token of the filter workflow over records ({@link RecordWorkflows}).
 * Named as a format, so a persistent channel stores it as a self-describing record (Avro), its
 * format once per channel; a program with another version of the record reads it by field name.
 *
 * @param word a word of {@link WordSource#generated}
 * @param number the word's position in the source's stream
 */
@FormatName("io.sluice.samples.WordCount")
public record WordCount(String word, long number) {}
