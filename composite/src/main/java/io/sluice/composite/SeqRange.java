package io.sluice.composite;

/**
 * A range of seqs of a channel: {@code start} to {@code end}, {@code end} excluded. Written in
 * text as the Figure 2 of the Composite Endpoint Protocol paper writes it, with both ends
 * included: {@code 0-1023} is {@code new SeqRange(0, 1024)}; a single seq may be written alone
 * ({@code 7}). Immutable.
 *
 * @param start the first seq
 * @param end the seq after the last
 */
public record SeqRange(long start, long end) implements Comparable<SeqRange> {

    /** @throws IllegalArgumentException if the range is empty or starts below 0 */
    public SeqRange {
        if (start < 0 || end <= start) {
            throw new IllegalArgumentException("seq range " + start + " to " + end + " (end excluded) is empty or negative");
        }
    }

    /**
     * Parses {@code first-last} (both included) or a single seq.
     *
     * @throws IllegalArgumentException naming the text if it is not a range
     */
    public static SeqRange parse(String text) {
        String t = text.strip();
        int dash = t.indexOf('-', 1);
        try {
            long first = Long.parseLong(dash < 0 ? t : t.substring(0, dash).strip());
            long last = dash < 0 ? first : Long.parseLong(t.substring(dash + 1).strip());
            if (first < 0 || last < first || last == Long.MAX_VALUE) {
                throw new IllegalArgumentException("'" + text + "' is not a seq range: the first seq must be at least 0 and at most the last");
            }
            return new SeqRange(first, last + 1);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not a seq range like 0-1023 (first and last seq, both included)");
        }
    }

    /** How many seqs the range holds. */
    public long size() {
        return end - start;
    }

    /** The last seq of the range. */
    public long last() {
        return end - 1;
    }

    /** Whether {@code seq} is in the range. */
    public boolean contains(long seq) {
        return seq >= start && seq < end;
    }

    /** Whether the ranges share a seq. */
    public boolean overlaps(SeqRange other) {
        return start < other.end && other.start < end;
    }

    @Override
    public int compareTo(SeqRange o) {
        return start != o.start ? Long.compare(start, o.start) : Long.compare(end, o.end);
    }

    /** {@code first-last}, both included, as {@link #parse} reads it. */
    @Override
    public String toString() {
        return start + "-" + last();
    }
}
