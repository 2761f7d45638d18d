package io.sluice.samples;

/**
 * {@link WordCount}'s fields in a plain Java record, which persistent channels store with the
 * codec they find for a record class without a format (Jackson Smile): the same workflow over Java
 * objects, to compare with the one over records.
 *
 * @param word a word of {@link WordSource#generated}
 * @param number the word's position in the source's stream
 */
public record PlainWordCount(String word, long number) {}
