package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Resumable;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Emits words, one per firing: the lines of a word-list file (every line, verbatim), or N
 * deterministic pseudo-random lowercase words. Finishes after the last word. Its snapshot is the
 * number of words emitted, and for generated words where the generator is: a resumed run opens
 * the file again and reads past that many lines, or goes on generating from there at once.
 */
public final class WordSource implements Actor, Resumable {
    /** The words. */
    public static final OutputPort<String> OUT = Port.output("out", String.class);

    private final Path file;
    private final long count;
    private final long seed;
    private BufferedReader reader;
    private WordGenerator random;
    private long emitted;

    private WordSource(Path file, long count, long seed) {
        this.file = file;
        this.count = count;
        this.seed = seed;
    }

    /** The lines of a UTF-8 text file, in order; opened when the run initialises the actor. */
    public static WordSource fromFile(Path file) {
        return new WordSource(Objects.requireNonNull(file, "file"), -1, 0);
    }

    /**
     * {@code count} pseudo-random words of 3 to 10 lowercase letters; the same seed gives the same
     * words.
     */
    public static WordSource generated(long count, long seed) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, was " + count);
        }
        return new WordSource(null, count, seed);
    }

    /** The words {@link #generated(long, long)} emits, computed directly (for checking results). */
    public static List<String> generatedWords(long count, long seed) {
        return generatedWordStream(count, seed).toList();
    }

    /**
     * The words {@link #generated(long, long)} emits, computed directly one by one, without
     * holding them: for checking the results of runs larger than the heap.
     */
    public static java.util.stream.Stream<String> generatedWordStream(long count, long seed) {
        WordGenerator random = WordGenerator.seeded(seed);
        return java.util.stream.LongStream.range(0, count).mapToObj(i -> nextWord(random));
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(OUT);
    }

    @Override
    public void initialize(ActorContext context) throws IOException {
        if (file != null) {
            reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } else {
            random = WordGenerator.seeded(seed);
        }
    }

    @Override
    public void fire(FiringContext context) throws IOException {
        String word;
        if (reader != null) {
            word = reader.readLine();
        } else {
            word = emitted < count ? nextWord(random) : null;
        }
        if (word == null) {
            context.finish();
            return;
        }
        emitted++;
        context.put(OUT, word);
    }

    /** The words emitted, then (for generated words) the generator's state. */
    @Override
    public byte[] snapshot() {
        if (random == null) {
            return ByteBuffer.allocate(Long.BYTES).putLong(emitted).array();
        }
        return ByteBuffer.allocate(2 * Long.BYTES).putLong(emitted).putLong(random.state()).array();
    }

    /**
     * @throws IOException if the file has fewer lines than the snapshot counts, or cannot be read
     * @throws IllegalArgumentException if a source of generated words is given a snapshot without
     *     the generator's state
     */
    @Override
    public void resume(ActorContext context, byte[] snapshot) throws IOException {
        initialize(context);
        ByteBuffer b = ByteBuffer.wrap(snapshot);
        long words = b.getLong();
        if (reader == null) {
            if (b.remaining() < Long.BYTES) {
                throw new IllegalArgumentException("the snapshot of " + this + " holds no generator state ("
                        + snapshot.length + " bytes); was it taken by a source reading a file?");
            }
            random = WordGenerator.at(b.getLong());
        }
        for (long i = 0; reader != null && i < words; i++) {
            if (reader.readLine() == null) {
                throw new IOException(file + " has " + i + " lines, but the run to resume had emitted " + words);
            }
        }
        emitted = words;
    }

    @Override
    public void wrapUp(ActorContext context) throws IOException {
        if (reader != null) {
            reader.close();
        }
    }

    static String nextWord(WordGenerator random) {
        char[] letters = new char[3 + random.nextInt(8)];
        for (int i = 0; i < letters.length; i++) {
            letters[i] = (char) ('a' + random.nextInt(26));
        }
        return new String(letters);
    }

    @Override
    public String toString() {
        return file != null ? "WordSource[" + file + "]" : "WordSource[" + count + " words, seed " + seed + "]";
    }
}
