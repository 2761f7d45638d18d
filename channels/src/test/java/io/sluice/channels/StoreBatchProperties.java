package io.sluice.channels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.codec.Codec;
import io.sluice.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * However tokens are batched into excerpts and files, each keeps its seq: read in order, found by
 * {@code seek}, counted by {@code stored()}. The batches are cut at random points, as a flusher
 * cuts them at whatever it finds waiting.
 */
class StoreBatchProperties {
    private static final Codec<String> STRINGS = Codecs.builtIn().forType(String.class);

    /** Words of 0 to 40 chars, some beyond Latin-1 (stored two bytes a char). */
    @Provide
    Arbitrary<List<String>> tokens() {
        Arbitrary<String> narrow = Arbitraries.strings().withCharRange('a', 'z').ofMaxLength(40);
        Arbitrary<String> wide = Arbitraries.strings().withCharRange('\u0391', '\u03c9').ofMaxLength(8);
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, narrow), net.jqwik.api.Tuple.of(1, wide)).list().ofMaxSize(300);
    }

    @Property(tries = 60)
    void everyTokenKeepsItsSeqWhateverTheBatches(@ForAll("tokens") List<String> tokens,
            @ForAll @Size(300) List<@IntRange(min = 0, max = 3) Integer> flushAfter,
            @ForAll @IntRange(min = 1, max = 40) int tokensPerFile,
            @ForAll @Size(8) List<@IntRange(min = 0, max = 300) Integer> seeks,
            @ForAll boolean ended) throws IOException {
        Path dir = Files.createTempDirectory("sluice-batches-");
        try (ChronicleStore store = ChronicleStore.create(dir.resolve("c"), "c", String.class, STRINGS, tokensPerFile)) {
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

    private static List<String> readAll(StoreCursor<String> cursor) {
        List<String> out = new ArrayList<>();
        for (String t = cursor.next(); t != null; t = cursor.next()) {
            out.add(t);
        }
        return out;
    }
}
