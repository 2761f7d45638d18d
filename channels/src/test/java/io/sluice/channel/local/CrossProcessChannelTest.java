package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.testing.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Persistent channels across processes: a channel written by one JVM ({@link ChannelProcess}) and
 * read by another, after the writer exited, while it writes, and after it was killed with
 * {@code kill -9}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CrossProcessChannelTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path work;

    private static StoredChannelReader<String> openReader(Path channelDir) {
        return (StoredChannelReader<String>) PersistentChannels.openReader(channelDir, String.class);
    }

    /** Takes tokens until the end of the stream. */
    private static List<String> readToEnd(SeekableChannelReader<String> reader) throws InterruptedException {
        List<String> tokens = new ArrayList<>();
        for (String t; (t = reader.take()) != null; ) {
            tokens.add(t);
        }
        return tokens;
    }

    private static List<String> tokens(long from, long to) {
        List<String> expected = new ArrayList<>();
        for (long i = from; i < to; i++) {
            expected.add(ChannelProcess.token(i));
        }
        return expected;
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = "MEMORY", mode = EnumSource.Mode.EXCLUDE)
    void aChannelWrittenByAProcessThatExitedIsReadCompletelyAfterwards(ChannelPolicy policy) throws Exception {
        int count = 5_000;
        try (ChildJvm writer = ChildJvm.start(ChannelProcess.class, "write", work.toString(), "c", policy.id(), "700",
                String.valueOf(count), "all")) {
            writer.await("done", WAIT);
            assertThat(writer.awaitExit(WAIT)).as("writer's exit code" + writer.errors()).isZero();
        }
        try (StoredChannelReader<String> reader = openReader(work.resolve("c"))) {
            assertThat(readToEnd(reader)).isEqualTo(tokens(0, count));
            assertThat(reader.complete()).as("the end marker was read").isTrue();
            assertThat(reader.tell()).isEqualTo(count);
            assertThat(reader.take()).isNull();
        }
    }

    @Test
    void aClosedChannelIsReadFromTheMiddleByANewProcess() throws Exception {
        int count = 3_000;
        try (ChildJvm writer = ChildJvm.start(ChannelProcess.class, "write", work.toString(), "archive", "fast-track", "256",
                String.valueOf(count), "all")) {
            assertThat(writer.awaitExit(WAIT)).as("writer's exit code" + writer.errors()).isZero();
        }
        Path channelDir = work.resolve("archive");
        try (ChildJvm reader = ChildJvm.start(ChannelProcess.class, "read", channelDir.toString(), "1234")) {
            assertThat(reader.await("tell", WAIT)).isEqualTo("tell 1234");
            assertThat(reader.await("read", WAIT)).isEqualTo("read 1766 token-1234 token-2999 tell=3000 complete=true");
            assertThat(reader.await("in order", WAIT)).isEqualTo("in order");
            assertThat(reader.awaitExit(WAIT)).as("reader's exit code" + reader.errors()).isZero();
        }
        // And in this process, moving about.
        try (StoredChannelReader<String> reader = openReader(channelDir)) {
            assertThat(reader.tell()).isZero();
            reader.seek(1500);
            assertThat(reader.tell()).isEqualTo(1500);
            assertThat(reader.take()).isEqualTo("token-1500");
            assertThat(reader.tell()).isEqualTo(1501);
            reader.seek(256);
            assertThat(readToEnd(reader)).isEqualTo(tokens(256, count));
            assertThat(reader.tell()).isEqualTo(count);
            assertThat(reader.complete()).isTrue();
            reader.seek(count);
            assertThat(reader.take()).isNull();
            assertThatThrownBy(() -> reader.seek(count + 2)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = "MEMORY", mode = EnumSource.Mode.EXCLUDE)
    void aReaderInAnotherProcessTailsTheChannelWhileItIsWritten(ChannelPolicy policy) throws Exception {
        int count = 4_000;
        try (ChildJvm writer = ChildJvm.start(ChannelProcess.class, "write", work.toString(), "live", policy.id(), "300",
                String.valueOf(count), "steps")) {
            writer.await("open", WAIT);
            try (StoredChannelReader<String> reader = openReader(work.resolve("live"))) {
                assertThat(reader.poll()).as("nothing written yet").isNull();
                assertThat(reader.isEndOfStream()).as("the writer is alive").isFalse();
                writer.send("go");
                List<String> got = new ArrayList<>();
                // Taken while the other process writes them: take() waits for each.
                for (int i = 0; i < count / 2; i++) {
                    got.add(reader.take());
                }
                writer.await("half", WAIT);
                assertThat(reader.poll()).as("the writer waits").isNull();
                assertThat(reader.isEndOfStream()).isFalse();
                writer.send("go");
                got.addAll(readToEnd(reader));
                assertThat(got).isEqualTo(tokens(0, count));
                assertThat(reader.complete()).isTrue();
                assertThat(reader.tell()).isEqualTo(count);
            }
            writer.await("done", WAIT);
            assertThat(writer.awaitExit(WAIT)).as("writer's exit code" + writer.errors()).isZero();
        }
    }

    /**
     * Kills a writer with SIGKILL at a random moment (seeded; set {@code -Dsluice.test.seed} to
     * replay) while it writes as fast as it can into small files, so that the kill lands in an
     * excerpt or a roll as often as between them. Whatever it reported as on disk must be read
     * back, in order, once, and then the stream ends without the end marker.
     */
    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = "MEMORY", mode = EnumSource.Mode.EXCLUDE)
    void aWriterKilledWithSigkillLosesNothingItStored(ChannelPolicy policy) throws Exception {
        long seed = Long.getLong("sluice.test.seed", System.nanoTime());
        Random random = new Random(seed);
        for (int round = 0; round < 3; round++) {
            String name = "killed-" + round;
            int target = 1 + random.nextInt(20_000);
            int delayMillis = random.nextInt(30);
            String context = "seed " + seed + ", policy " + policy.id() + ", round " + round + ", kill after " + target
                    + " tokens + " + delayMillis + " ms";
            long durable = 0;
            try (ChildJvm writer = ChildJvm.start(ChannelProcess.class, "write", work.toString(), name, policy.id(), "500",
                    "100000000", "until-killed")) {
                String line = writer.await(l -> l.startsWith("durable ") && Long.parseLong(l.substring(8)) >= target, WAIT);
                durable = Long.parseLong(line.substring(8));
                Thread.sleep(delayMillis);
                writer.kill();
                // Whatever it printed before it died was on disk when printed.
                for (String l : writer.drain()) {
                    if (l.startsWith("durable ")) {
                        durable = Math.max(durable, Long.parseLong(l.substring(8)));
                    }
                }
            }
            try (StoredChannelReader<String> reader = openReader(work.resolve(name))) {
                List<String> got = readToEnd(reader);
                assertThat(got.size()).as(context + ": tokens read, at least those reported on disk").isGreaterThanOrEqualTo((int) durable);
                assertThat(got).as(context + ": every token once, in order").isEqualTo(tokens(0, got.size()));
                assertThat(reader.complete()).as(context + ": no end marker").isFalse();
                assertThat(reader.isEndOfStream()).isTrue();
                assertThat(reader.take()).isNull();
                assertThat(reader.tell()).isEqualTo(got.size());
                reader.seek(got.size() / 2);
                assertThat(readToEnd(reader)).as(context + ": read again from the middle").isEqualTo(tokens(got.size() / 2, got.size()));
            }
            // The directory keeps the killed run's tokens: a new writer may not start over in it.
            var factory = PersistentChannels.builder(work).policy(policy).tokensPerFile(500).build();
            assertThatThrownBy(() -> factory.open(ChannelSpec.unbounded(name, String.class)))
                    .as(context)
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("channel '" + name + "'")
                    .hasMessageContaining("already holds a channel");
        }
    }
}
