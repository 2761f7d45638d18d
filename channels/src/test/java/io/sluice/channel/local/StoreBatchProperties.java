package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.codec.Codec;
import io.sluice.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * However tokens are batched into excerpts and files, each keeps its seq: read in order, found by
 * {@code seek}, counted by {@code stored()}. The batches are cut at random points, as a flusher
 * cuts them at whatever it finds waiting.
 */
class StoreBatchProperties {
    private static final Codec<String> STRINGS = Codecs.builtIn().forType(String.class);

    /**
     * Words of 0 to 40 chars, some beyond Latin-1 (stored two bytes a char), and some of 100 to
     * 300 chars, whose length takes more than the byte a batch leaves for it at first.
     */
    @Provide
    Arbitrary<List<String>> tokens() {
        Arbitrary<String> narrow = Arbitraries.strings().withCharRange('a', 'z').ofMaxLength(40);
        Arbitrary<String> wide = Arbitraries.strings().withCharRange('\u0391', '\u03c9').ofMaxLength(8);
        Arbitrary<String> longer = Arbitraries.strings().withCharRange('a', 'z').ofMinLength(100).ofMaxLength(300);
        return Arbitraries.frequencyOf(Tuple.of(6, narrow), Tuple.of(2, wide), Tuple.of(1, longer)).list().ofMaxSize(300);
    }

    @Property(tries = 60)
    void everyTokenKeepsItsSeqWhateverTheBatches(@ForAll("tokens") List<String> tokens,
            @ForAll @Size(300) List<@IntRange(min = 0, max = 3) Integer> flushAfter,
            @ForAll @IntRange(min = 1, max = 40) int tokensPerFile,
            @ForAll @Size(8) List<@IntRange(min = 0, max = 300) Integer> seeks,
            @ForAll boolean ended) throws IOException {
        Path dir = Files.createTempDirectory("sluice-batches-");
        try (ChronicleStore store = ChronicleStore.create(dir.resolve("c"), "c", String.class, STRINGS, tokensPerFile)) {
            append(store, tokens, flushAfter, ended);
            int n = tokens.size();
            assertThat(store.stored()).isEqualTo(new ChronicleStore.Stored(n, ended));
            try (StoreCursor<String> cursor = store.cursor(STRINGS, 0)) {
                assertThat(readAll(cursor)).isEqualTo(tokens);
                assertThat(cursor.ended()).isEqualTo(ended);
                for (int target : seeks) {
                    if (target > n) {
                        assertThatThrownBy(() -> cursor.seek(target)).isInstanceOf(IllegalArgumentException.class)
                                .hasMessageContaining("cannot seek to " + target);
                        continue;
                    }
                    cursor.seek(target);
                    assertThat(cursor.seq()).isEqualTo(target);
                    assertThat(readAll(cursor)).as("from %d", target).isEqualTo(tokens.subList(target, n));
                    assertThat(cursor.ended()).isEqualTo(ended);
                }
            }
        } finally {
            TestFiles.deleteRecursively(dir);
        }
    }

    /**
     * A reader that reads a few tokens, then moves, forward or back, and reads again (as a
     * fast-track reader moves between its ring and the file) reads the tokens from where it moved.
     */
    @Property(tries = 60)
    void aCursorMovedBackAndForthReadsFromWhereItMoved(@ForAll("tokens") List<String> tokens,
            @ForAll @Size(300) List<@IntRange(min = 0, max = 3) Integer> flushAfter,
            @ForAll @IntRange(min = 1, max = 400) int tokensPerFile,
            @ForAll @Size(12) List<@IntRange(min = 0, max = 300) Integer> targets,
            @ForAll @Size(12) List<Boolean> aheadOnly,
            @ForAll @Size(12) List<@IntRange(min = 0, max = 4) Integer> reads) throws IOException {
        Path dir = Files.createTempDirectory("sluice-batches-");
        try (ChronicleStore store = ChronicleStore.create(dir.resolve("c"), "c", String.class, STRINGS, tokensPerFile)) {
            append(store, tokens, flushAfter, false);
            int n = tokens.size();
            try (StoreCursor<String> cursor = store.cursor(STRINGS, 0)) {
                for (int i = 0; i < targets.size(); i++) {
                    // A move ahead by up to 40 tokens, or to anywhere.
                    long to = aheadOnly.get(i) ? cursor.seq() + targets.get(i) % 41 : targets.get(i);
                    int target = (int) Math.min(to, n);
                    cursor.seek(target);
                    List<String> read = new ArrayList<>();
                    for (int k = 0; k < reads.get(i) && target + k < n; k++) {
                        read.add(cursor.next());
                    }
                    assertThat(read).as("from %d", target).isEqualTo(tokens.subList(target, target + read.size()));
                    assertThat(cursor.seq()).isEqualTo(target + read.size());
                }
            }
        } finally {
            TestFiles.deleteRecursively(dir);
        }
    }

    /**
     * Moves ahead by a few excerpts (read header by header), by more than the cursor reads so
     * (it searches instead), and into the next file, with an excerpt per token.
     */
    @Example
    void aCursorMovedAheadByAnyNumberOfExcerptsReadsFromThere() throws IOException {
        Path dir = Files.createTempDirectory("sluice-batches-");
        try (ChronicleStore store = ChronicleStore.create(dir.resolve("c"), "c", String.class, STRINGS, 1000)) {
            List<String> tokens = new ArrayList<>();
            for (int i = 0; i < 2500; i++) {
                tokens.add("token " + i);
            }
            append(store, tokens, Collections.nCopies(tokens.size(), 0), false);
            try (StoreCursor<String> cursor = store.cursor(STRINGS, 0)) {
                long at = 0;
                for (int hop : new int[] {1, 2, 30, 63, 64, 65, 66, 100, 500, 3, 200, 40, 1, 1}) {
                    at += hop;
                    cursor.seek(at);
                    assertThat(cursor.next()).isEqualTo(tokens.get((int) at));
                    at++;
                }
                assertThat(at).as("the hops cross into the next file").isGreaterThan(1000);
            }
        } finally {
            TestFiles.deleteRecursively(dir);
        }
    }

    /** Appends the tokens, flushing a batch after each token whose {@code flushAfter} is 0. */
    private static void append(ChronicleStore store, List<String> tokens, List<Integer> flushAfter, boolean ended) {
        try (StoreAppender<String> appender = store.appender(STRINGS, 0)) {
            for (int i = 0; i < tokens.size(); i++) {
                appender.add(tokens.get(i));
                if (flushAfter.get(i) == 0) {
                    appender.flush();
                }
            }
            if (ended) {
                appender.appendEnd();
            } else {
                appender.flush();
            }
        }
    }

    private static List<String> readAll(StoreCursor<String> cursor) {
        List<String> out = new ArrayList<>();
        for (String t = cursor.next(); t != null; t = cursor.next()) {
            out.add(t);
        }
        return out;
    }
}
