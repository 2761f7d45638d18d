package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.testing.Tmpfs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A space whose disk fills while a remote writer writes (a small tmpfs): the writer fails with a
 * {@link ChannelException} naming the channel, the space and the full disk, every token the space
 * acknowledged stays readable by a remote reader, and the server goes on answering on the same
 * connection.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SpaceDiskFullTest {
    @TempDir
    Path dir;

    @Test
    void aWriterWhoseSpaceFillsFailsNamingItAndWhatWasStoredStaysReadable() throws Exception {
        Path disk = dir.resolve("disk");
        String token = "x".repeat(1000);
        try (Tmpfs mounted = Tmpfs.mountOrSkip(disk, "3m", false);
                SpaceServer server = SpaceServer.builder(disk).start();
                RemoteSpace space = RemoteChannels.connect(server.uri(), RemoteChannels.options().giveUpAfter(Duration.ofSeconds(5)))) {
            long stored = 0;
            try (Channel<String> channel = space.open(ChannelSpec.unbounded("big", String.class))) {
                RemoteChannelWriter<String> writer = (RemoteChannelWriter<String>) channel.writer();
                assertThatThrownBy(() -> {
                    for (int i = 0; i < 10_000; i++) { // 10 MB into 3 MiB
                        writer.put(token);
                    }
                    writer.close();
                }).isInstanceOf(ChannelException.class)
                        .hasMessageContaining("'big'")
                        .hasMessageContaining(server.uri().toString())
                        .hasMessageContaining("STORAGE")
                        .hasMessageContaining("disk is full");
                stored = writer.stored();
            } catch (ChannelException closingAfterTheFailure) {
                // closing the channel may report the failure again; what was stored is read below
            }

            ChannelSpec<String> spec = ChannelSpec.unbounded("big", String.class);
            RemoteSpace.Held held = space.held(spec);
            assertThat(held.tokens()).as("tokens the space holds after its disk filled").isPositive().isGreaterThanOrEqualTo(stored);
            assertThat(held.ended()).isFalse();
            try (Channel<String> channel = space.open(spec);
                    SeekableChannelReader<String> reader = (SeekableChannelReader<String>) channel.openReader("check")) {
                for (long i = 0; i < held.tokens(); i++) {
                    assertThat(reader.take()).as("token %d", i).isEqualTo(token);
                }
            }
            assertThat(space.names(".*")).as("the server still answers").contains("big");
        }
    }
}
