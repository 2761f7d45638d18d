package io.sluice.samples;

import io.sluice.records.RecordValue;
import io.sluice.workflow.Workflow;
import java.util.List;

/**
 * The filter workflow over records: source → filter on the field {@code word} (words starting
 * with "c") → sink, its tokens records of a word and a number ({@link WordCountSource}) in one of
 * three kinds ({@link Kind}). The sink writes {@code result.txt} in the run's work directory, a
 * record per line. On memory channels the records travel as they are; on persistent channels a
 * {@link WordCount} or a {@link RecordValue} is stored as a self-describing record (its format once
 * per channel), a {@link PlainWordCount} by the existing codecs (Smile).
 */
public final class RecordWorkflows {
    /** What the records are. */
    public enum Kind {
        /** {@link WordCount}, a record class with a format: Avro records on persistent channels. */
        RECORDS,
        /** {@link RecordValue}s of {@link WordCount}'s format, as generic tools handle records. */
        GENERIC,
        /** {@link PlainWordCount}, the same fields as a plain Java object: Smile on persistent channels. */
        PLAIN
    }

    /** The name of the filter's output channel. */
    public static final String FILTERED = "filter.out";

    private RecordWorkflows() {}

    /** The filter workflow over {@code count} records generated from {@code seed}. */
    public static Workflow filter(Kind kind, long count, long seed) {
        return switch (kind) {
            case RECORDS -> filter(WordCountSource.records(count, seed), new RecordFieldFilter<>(WordCount.class, WordCount::word, "c"));
            case GENERIC -> filter(WordCountSource.values(count, seed),
                    new RecordFieldFilter<>(RecordValue.class, v -> v.getString("word"), "c"));
            case PLAIN -> filter(WordCountSource.plain(count, seed),
                    new RecordFieldFilter<>(PlainWordCount.class, PlainWordCount::word, "c"));
        };
    }

    private static <T> Workflow filter(WordCountSource<T> source, RecordFieldFilter<T> filter) {
        return Workflow.builder("filter-records")
                .actor("source", source)
                .actor("filter", filter)
                .actor("sink", new LineSink())
                .connect("source.out", "filter.in")
                .connect("filter.out", "sink.in")
                .build();
    }

    /** The words of the records the filter passes on, in order: what {@code result.txt} holds a line of each. */
    public static List<String> expectedWords(long count, long seed) {
        return WordSource.generatedWords(count, seed).stream().filter(w -> w.startsWith("c")).toList();
    }
}
