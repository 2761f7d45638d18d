package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelException;
import io.sluice.codec.Codec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChronicleStoreTest {
    private static final Codec<String> STRINGS = Codecs.builtIn().forType(String.class);

    @TempDir
    Path tmp;

    private static List<String> readAll(StoreCursor<String> cursor) {
        List<String> out = new ArrayList<>();
        for (String t = cursor.next(); t != null; t = cursor.next()) {
            out.add(t);
        }
        return out;
    }

    @Test
    void tokensRollIntoFilesOfFixedCountAndKeepTheirSeq() {
        Path dir = tmp.resolve("c");
        try (ChronicleStore store = ChronicleStore.create(dir, "c", String.class, STRINGS, 7)) {
            StoreAppender<String> app = store.appender(STRINGS, 0);
            for (int i = 0; i < 50; i++) {
                app.append("t" + i);
            }
            app.appendEnd();
            app.close();
            try (StoreCursor<String> cursor = store.cursor(STRINGS, 0)) {
                assertThat(readAll(cursor)).hasSize(50).startsWith("t0", "t1").endsWith("t49");
                assertThat(cursor.ended()).isTrue();
                for (long seq : new long[] {0, 6, 7, 13, 14, 35, 49}) {
                    cursor.seek(seq);
                    assertThat(cursor.next()).isEqualTo("t" + seq);
                    assertThat(cursor.seq()).isEqualTo(seq + 1);
                }
                cursor.seek(50);
                assertThat(cursor.next()).isNull();
                assertThat(cursor.ended()).isTrue();
                assertThatThrownBy(() -> cursor.seek(52)).hasMessageContaining("cannot seek to 52");
            }
        }
        try (var files = Files.list(dir)) {
            assertThat(files.filter(f -> f.toString().endsWith(".cq4")).count()).as("ceil(51 / 7) files").isEqualTo(8);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        try (ChronicleStore reopened = ChronicleStore.openForReading(dir); StoreCursor<String> cursor = reopened.cursor(STRINGS, 21)) {
            assertThat(reopened.metadata().codec()).isEqualTo("string");
            assertThat(reopened.metadata().type()).isEqualTo("java.lang.String");
            assertThat(readAll(cursor)).hasSize(29).startsWith("t21");
        }
    }

    @Test
    void aCursorCanWaitAtTheEndForTokensNotYetWritten() {
        try (ChronicleStore store = ChronicleStore.create(tmp.resolve("c"), "c", String.class, STRINGS, 3)) {
            StoreAppender<String> app = store.appender(STRINGS, 0);
            StoreCursor<String> cursor = store.cursor(STRINGS, 0);
            assertThat(cursor.next()).isNull();
            app.append("a");
            app.append("b");
            app.append("c");
            assertThat(readAll(cursor)).containsExactly("a", "b", "c");
            StoreCursor<String> atEnd = store.cursor(STRINGS, 3);
            app.append("d");
            assertThat(cursor.next()).isEqualTo("d");
            assertThat(atEnd.next()).isEqualTo("d");
            cursor.close();
            atEnd.close();
            app.close();
        }
    }

    @Test
    void aDirectoryHoldsOneChannelAndOneWriter() {
        Path dir = tmp.resolve("c");
        try (ChronicleStore store = ChronicleStore.create(dir, "c", String.class, STRINGS, 3)) {
            assertThatThrownBy(() -> ChronicleStore.create(dir, "c", String.class, STRINGS, 3))
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("channel 'c' (" + dir + ")")
                    .hasMessageContaining("already holds a channel");
        }
        assertThatThrownBy(() -> ChronicleStore.openForReading(tmp))
                .isInstanceOf(ChannelException.class)
                .hasMessageContaining("channel.json is missing");
    }
}
