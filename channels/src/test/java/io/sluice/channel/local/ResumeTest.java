package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Resuming over a channel a run left behind: the writer's replay of the stored tokens is compared
 * with them and skipped, what follows is written, and readers see every token once.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ResumeTest {
    private static final int PER_FILE = 1000;

    @TempDir
    Path work;

    private PersistentChannels.Builder builder(ChannelPolicy policy) {
        return PersistentChannels.builder(work).policy(policy).tokensPerFile(PER_FILE);
    }

    /** Writes tokens 0..n-1 and closes the channel without ending its stream, as a run that was stopped leaves it. */
    private void writeCutOff(ChannelPolicy policy, int n) throws Exception {
        try (Channel<String> channel = builder(policy).build().open(ChannelSpec.unbounded("c", String.class))) {
            for (int i = 0; i < n; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"DIRECT", "CACHED", "FAST_TRACK"})
    void theReplayOfStoredTokensIsSkippedAndTheRestIsWritten(ChannelPolicy policy) throws Exception {
        writeCutOff(policy, 2_500);
        Resumption resumption = Resumption.create();
        try (Channel<String> channel = builder(policy).resume(resumption).build().open(new ChannelSpec<>("c", String.class, 100))) {
            ChannelReader<String> reader = channel.openReader("r");
            ChannelWriter<String> writer = channel.writer();
            assertThat(writer.position()).isZero();
            assertThat(reader.take()).as("stored tokens are readable before the replay reaches them").isEqualTo(ChannelProcess.token(0));
            for (int i = 0; i < 2_500; i++) {
                assertThat(writer.put(ChannelProcess.token(i))).isEqualTo(i);
            }
            assertThat(resumption.channels()).containsExactly(new Resumption.ResumedChannel("c", 2_500, false, 0, 2_500));
            List<String> read = new ArrayList<>(List.of(ChannelProcess.token(0)));
            Thread consumer = new Thread(() -> {
                try {
                    read.addAll(ChannelProcess.readAll(reader));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            consumer.start();
            for (int i = 2_500; i < 4_000; i++) {
                assertThat(writer.put(ChannelProcess.token(i))).isEqualTo(i);
            }
            assertThat(writer.position()).isEqualTo(4_000);
            writer.close();
            consumer.join();
            assertThat(read).as("the reader saw every token once, in order").isEqualTo(ChannelProcess.tokens(4_000));
        }
        ChannelDescription d = PersistentChannels.describe(work.resolve("c"));
        assertThat(d.tokens()).isEqualTo(4_000);
        assertThat(d.ended()).isTrue();
        try (var reader = PersistentChannels.openReader(work.resolve("c"), String.class)) {
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(ChannelProcess.tokens(4_000));
        }
    }

    @Test
    void aReplayThatPutsAnotherTokenFailsNamingTheChannelAndSeq() throws Exception {
        writeCutOff(ChannelPolicy.FAST_TRACK, 10);
        try (Channel<String> channel = builder(ChannelPolicy.FAST_TRACK).resume(Resumption.create()).build()
                .open(ChannelSpec.unbounded("c", String.class))) {
            for (int i = 0; i < 7; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            assertThatThrownBy(() -> channel.writer().put("something else"))
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("channel 'c'")
                    .hasMessageContaining("as token 7, but the durable token 7 is '" + ChannelProcess.token(7) + "'")
                    .hasMessageContaining("not deterministic");
        }
        assertThat(PersistentChannels.describe(work.resolve("c")).tokens()).as("nothing stored is lost").isEqualTo(10);
    }

    @Test
    void aReplayThatEndsBeforeTheStoredTokensFails() throws Exception {
        writeCutOff(ChannelPolicy.DIRECT, 10);
        try (Channel<String> channel = builder(ChannelPolicy.DIRECT).resume(Resumption.create()).build()
                .open(ChannelSpec.unbounded("c", String.class))) {
            channel.writer().put(ChannelProcess.token(0));
            assertThatThrownBy(() -> channel.writer().close())
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("ended the stream after 1 tokens, but 10 are durable");
        }
        ChannelDescription d = PersistentChannels.describe(work.resolve("c"));
        assertThat(d.tokens()).isEqualTo(10);
        assertThat(d.ended()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"DIRECT", "CACHED", "FAST_TRACK"})
    void aStreamThatHadEndedIsReplayedWhole(ChannelPolicy policy) throws Exception {
        try (Channel<String> channel = builder(policy).build().open(ChannelSpec.unbounded("c", String.class))) {
            for (int i = 0; i < 5; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            channel.writer().close();
        }
        try (Channel<String> channel = builder(policy).resume(Resumption.create()).build()
                .open(ChannelSpec.unbounded("c", String.class))) {
            ChannelReader<String> reader = channel.openReader("r");
            assertThat(ChannelProcess.readAll(reader)).as("the stored end is seen at once").isEqualTo(ChannelProcess.tokens(5));
            for (int i = 0; i < 5; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            assertThatThrownBy(() -> channel.writer().put(ChannelProcess.token(5)))
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("ended after 5 tokens");
            channel.writer().close();
        }
        ChannelDescription d = PersistentChannels.describe(work.resolve("c"));
        assertThat(d.tokens()).isEqualTo(5);
        assertThat(d.ended()).isTrue();
    }

    @Test
    void aChannelOfAnotherTypeCannotBeResumedOver() throws Exception {
        writeCutOff(ChannelPolicy.DIRECT, 3);
        var factory = builder(ChannelPolicy.DIRECT).resume(Resumption.create()).build();
        assertThatThrownBy(() -> factory.open(ChannelSpec.unbounded("c", Long.class)))
                .isInstanceOf(ChannelException.class)
                .hasMessageContaining("java.lang.String tokens")
                .hasMessageContaining("cannot be resumed over it");
    }

    @Test
    void aChannelTheDirectoryDoesNotHoldIsCreated() throws Exception {
        Resumption resumption = Resumption.create();
        try (Channel<String> channel = builder(ChannelPolicy.FAST_TRACK).resume(resumption).build()
                .open(ChannelSpec.unbounded("new", String.class))) {
            channel.writer().put("a");
            channel.writer().close();
        }
        assertThat(resumption.channels()).isEmpty();
        assertThat(PersistentChannels.describe(work.resolve("new")).tokens()).isEqualTo(1);
    }
}
