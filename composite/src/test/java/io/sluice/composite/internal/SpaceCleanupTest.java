package io.sluice.composite.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceServer;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpaceCleanupTest {
    @TempDir
    Path dir;

    /** A worker's removal met a coordinator whose close of the same channel was held up on a loaded machine. */
    @Test
    void aChannelWhoseWriterClosesLateIsRemovedOnceItIsFree() throws Exception {
        ChannelSpec<Long> spec = ChannelSpec.unbounded("work.replicas.w1.slices", Long.class);
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace writerSide = RemoteChannels.connect(server.uri());
                RemoteSpace remover = RemoteChannels.connect(server.uri())) {
            Channel<Long> channel = writerSide.open(spec);
            ChannelWriter<Long> writer = channel.writer();
            writer.put(1L);
            Thread late = new Thread(() -> {
                try {
                    Thread.sleep(1_000); // longer than the removal's first tries
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                writer.close();
                channel.close();
            }, "test-late-writer");
            late.start();
            try {
                assertThat(SpaceCleanup.unlink(remover, spec.name())).as("why the removal was refused").isNull();
            } finally {
                late.join(10_000);
            }
            assertThat(remover.names(".*")).doesNotContain(spec.name());
        }
    }

    @Test
    void aChannelAlreadyGoneIsNoReasonToWait() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            long start = System.nanoTime();
            assertThat(SpaceCleanup.unlink(space, "work.replicas.w1.in")).isNull();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(SpaceCleanup.PATIENCE_MILLIS);
        }
    }

    @Test
    void aSpaceThatDoesNotAnswerIsNotAskedAgain() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).start()) {
            RemoteSpace closed = RemoteChannels.connect(server.uri());
            closed.close();
            long start = System.nanoTime();
            assertThat(SpaceCleanup.unlink(closed, "work.replicas.w1.in")).as("why it could not remove it").isNotNull();
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(SpaceCleanup.PATIENCE_MILLIS);
        }
    }
}
