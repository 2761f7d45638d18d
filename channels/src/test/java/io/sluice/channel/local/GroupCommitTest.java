package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The flusher of the staged policies appends in groups ({@link StagedChannel} § Group commit), with
 * the default put cache, whose group (256 tokens) the contract tests' small caches never reach: a
 * token must not wait for a group that never comes. A broken linger shows as a take that never
 * returns, which the timeout fails.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GroupCommitTest {
    @TempDir
    Path directory;

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"CACHED", "FAST_TRACK"})
    void aFewTokensReachTheDiskWhileTheWriterWaitsWithTheChannelOpen(ChannelPolicy policy) throws Exception {
        try (Channel<String> channel = open(policy, "few", String.class)) {
            for (int i = 0; i < 3; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            try (StoredChannelReader<String> disk = readBack("few")) {
                assertThat(List.of(disk.take(), disk.take(), disk.take()))
                        .containsExactly(ChannelProcess.token(0), ChannelProcess.token(1), ChannelProcess.token(2));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"CACHED", "FAST_TRACK"})
    void aReaderTakingEachTokenAsItIsPutGetsEveryOne(ChannelPolicy policy) throws Exception {
        // A cached reader reads only the disk: each take asks the flusher for the token just put.
        try (Channel<Integer> channel = open(policy, "ping", Integer.class)) {
            ChannelReader<Integer> reader = channel.openReader("r");
            List<Integer> taken = new ArrayList<>();
            for (int i = 0; i < 2_000; i++) {
                channel.writer().put(i);
                taken.add(reader.take());
            }
            assertThat(taken).hasSize(2_000).isSortedAccordingTo(Integer::compare).doesNotHaveDuplicates();
            assertThat(taken.get(1_999)).isEqualTo(1_999);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"CACHED", "FAST_TRACK"})
    void theFlusherEndsOnceTheEndMarkerIsOnDiskNotWhenTheChannelCloses(ChannelPolicy policy) throws Exception {
        try (Channel<String> channel = open(policy, "ended", String.class)) {
            ChannelReader<String> reader = channel.openReader("r");
            channel.writer().put("last");
            channel.writer().close();
            // The run closes its channels after its last actor ends: their flushers need not wait for that.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (flusherAlive("ended")) {
                assertThat(System.nanoTime()).as("the flusher still runs 10 s after the writer closed").isLessThan(deadline);
                Thread.sleep(1);
            }
            assertThat(reader.take()).isEqualTo("last");
            assertThat(reader.take()).isNull();
            assertThat(reader.isEndOfStream()).isTrue();
        }
        try (StoredChannelReader<String> disk = readBack("ended")) {
            assertThat(disk.take()).isEqualTo("last");
            assertThat(disk.isEndOfStream()).as("the end marker is on disk").isTrue();
        }
    }

    /** An unbounded channel of {@code policy} with the default caches. */
    private <T> Channel<T> open(ChannelPolicy policy, String name, Class<T> type) throws Exception {
        return PersistentChannels.builder(directory).policy(policy).build()
                .open(new ChannelSpec<>(name, type, ChannelSpec.UNBOUNDED));
    }

    /** A reader of what channel {@code name} holds on disk, as another program would open it. */
    private StoredChannelReader<String> readBack(String name) {
        return (StoredChannelReader<String>) PersistentChannels.openReader(directory.resolve(name), String.class);
    }

    private static boolean flusherAlive(String channel) {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("sluice-" + channel + "-flusher") && t.isAlive());
    }
}
