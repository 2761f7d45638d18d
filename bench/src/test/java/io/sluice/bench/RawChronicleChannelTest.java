package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The benchmark's limit channel carries what it is given, in order, to every reader, and refuses what it cannot carry. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RawChronicleChannelTest {

    @Test
    void everyReaderTakesEveryTokenInOrderFromAnotherThreadThenTheEnd(@TempDir Path dir) throws Exception {
        int tokens = 20_000;
        try (Channel<String> channel = new RawChronicleChannels(dir).open(ChannelSpec.unbounded("words", String.class))) {
            ChannelReader<String> first = channel.openReader("first");
            ChannelReader<String> second = channel.openReader("second");
            assertThat(first.isReady()).isFalse();
            CompletableFuture<List<String>> firstTook = CompletableFuture.supplyAsync(() -> takeAll(first));
            CompletableFuture<List<String>> secondTook = CompletableFuture.supplyAsync(() -> takeAll(second));
            List<String> put = new ArrayList<>();
            for (int i = 0; i < tokens; i++) {
                String token = "w" + i + (i % 7 == 0 ? "é".repeat(i % 50) : "");
                assertThat(channel.writer().put(token)).isEqualTo(i);
                put.add(token);
            }
            channel.writer().close();

            assertThat(firstTook.get(30, TimeUnit.SECONDS)).isEqualTo(put);
            assertThat(secondTook.get(30, TimeUnit.SECONDS)).isEqualTo(put);
            assertThat(first.isEndOfStream()).isTrue();
            assertThat(channel.stats().tokensWritten()).isEqualTo(tokens);
            first.close();
            second.close();
        }
    }

    @Test
    void refusesTokensOtherThanStringsAndACapacityNamingTheChannel(@TempDir Path dir) {
        RawChronicleChannels factory = new RawChronicleChannels(dir);
        assertThatThrownBy(() -> factory.open(ChannelSpec.unbounded("numbers", Integer.class)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("channel 'numbers'").hasMessageContaining("not Integer");
        assertThatThrownBy(() -> factory.open(new ChannelSpec<>("small", String.class, 4)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("channel 'small'").hasMessageContaining("capacity 4");
    }

    private static List<String> takeAll(ChannelReader<String> reader) {
        List<String> took = new ArrayList<>();
        try {
            for (String t = reader.take(); t != null; t = reader.take()) {
                took.add(t);
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        return took;
    }
}
