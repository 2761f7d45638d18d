package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * Emits N records of a word and a number, one per firing: the words {@link WordSource#generated}
 * emits for the same count and seed, each with its position. The records are {@link WordCount}s,
 * {@link PlainWordCount}s or {@link RecordValue}s of {@link WordCount}'s format, as made by the
 * factory method chosen. Finishes after the last one.
 *
 * @param <T> the records' type
 */
public final class WordCountSource<T> implements Actor {
    /** The name of the output port. */
    public static final String OUT = "out";

    private final OutputPort<T> out;
    private final BiFunction<String, Long, T> make;
    private final long count;
    private final long seed;
    private WordGenerator random;
    private long emitted;

    private WordCountSource(Class<T> type, BiFunction<String, Long, T> make, long count, long seed) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, was " + count);
        }
        this.out = Port.output(OUT, type);
        this.make = make;
        this.count = count;
        this.seed = seed;
    }

    /** {@link WordCount} records: self-describing records on persistent channels. */
    public static WordCountSource<WordCount> records(long count, long seed) {
        return new WordCountSource<>(WordCount.class, WordCount::new, count, seed);
    }

    /** {@link PlainWordCount} records: Java objects stored by the existing codecs. */
    public static WordCountSource<PlainWordCount> plain(long count, long seed) {
        return new WordCountSource<>(PlainWordCount.class, PlainWordCount::new, count, seed);
    }

    /** Generic records of {@link WordCount}'s format, as a tool that has no class for them makes them. */
    public static WordCountSource<RecordValue> values(long count, long seed) {
        RecordFormat format = RecordFormat.of(WordCount.class);
        return new WordCountSource<>(RecordValue.class, (word, number) -> RecordValue.builder(format).set("word", word)
                .set("number", number).build(), count, seed);
    }

    /** The output port. */
    public OutputPort<T> out() {
        return out;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(out);
    }

    @Override
    public void initialize(ActorContext context) {
        random = WordGenerator.seeded(seed);
    }

    @Override
    public void fire(FiringContext context) {
        if (emitted >= count) {
            context.finish();
            return;
        }
        context.put(out, Objects.requireNonNull(make.apply(WordSource.nextWord(random), emitted)));
        emitted++;
    }

    @Override
    public String toString() {
        return "WordCountSource[" + count + " " + out.type().getSimpleName() + ", seed " + seed + "]";
    }
}
