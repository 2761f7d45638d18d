package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The explicit retention step: whole queue files before a seq are removed, the tokens after stay
 * readable by their seq, and a reader asking for a removed token is told so.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RetentionTest {
    private static final int PER_FILE = 1000;

    @TempDir
    Path work;

    private Path writeChannel(ChannelPolicy policy, int tokens) throws Exception {
        var factory = PersistentChannels.builder(work).policy(policy).tokensPerFile(PER_FILE).build();
        try (Channel<String> channel = factory.open(ChannelSpec.unbounded("c", String.class))) {
            for (int i = 0; i < tokens; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            channel.writer().close();
        }
        return work.resolve("c");
    }

    private static List<String> tokens(long from, long to) {
        List<String> out = new ArrayList<>();
        for (long i = from; i < to; i++) {
            out.add(ChannelProcess.token(i));
        }
        return out;
    }

    private static long queueFiles(Path dir) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".cq4")).count();
        }
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = "MEMORY", mode = EnumSource.Mode.EXCLUDE)
    void removesWholeFilesBeforeTheSeqAndKeepsTheRestReadable(ChannelPolicy policy) throws Exception {
        Path dir = writeChannel(policy, 3500);
        assertThat(queueFiles(dir)).isEqualTo(4);

        Retention r = PersistentChannels.retainFrom(dir, 2500);

        assertThat(r.filesRemoved()).as("the files of tokens 0-999 and 1000-1999").isEqualTo(2);
        assertThat(r.bytesRemoved()).isPositive();
        assertThat(r.firstKeptSeq()).isEqualTo(2000);
        assertThat(queueFiles(dir)).isEqualTo(2);
        ChannelDescription d = PersistentChannels.describe(dir);
        assertThat(d.tokens()).isEqualTo(3500);
        assertThat(d.ended()).isTrue();
        assertThat(d.firstKeptSeq()).isEqualTo(2000);
        try (var reader = PersistentChannels.openReader(dir, String.class)) {
            assertThat(reader.position()).as("a new reader starts at the first token kept").isEqualTo(2000);
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(tokens(2000, 3500));
            assertThatThrownBy(() -> reader.seek(1999)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("keeps its tokens from 2000 on")
                    .hasMessageContaining("removed by a retention step")
                    .hasMessageContaining("cannot seek to 1999");
            assertThatThrownBy(() -> reader.seek(0)).hasMessageContaining("removed by a retention step");
            reader.seek(2999);
            assertThat(reader.take()).isEqualTo(ChannelProcess.token(2999));
        }
    }

    @Test
    void neverRemovesTheLastFileNorTokensNotYetStored() throws Exception {
        Path dir = writeChannel(ChannelPolicy.DIRECT, 3000);
        // Tokens 0-2999 fill three files; the end marker opened a fourth.
        Retention r = PersistentChannels.retainFrom(dir, Long.MAX_VALUE);

        assertThat(r.filesRemoved()).isEqualTo(3);
        assertThat(r.firstKeptSeq()).isEqualTo(3000);
        assertThat(PersistentChannels.retainFrom(dir, Long.MAX_VALUE).filesRemoved()).as("again: nothing left to remove").isZero();
        try (var reader = PersistentChannels.openReader(dir, String.class)) {
            assertThat(reader.take()).as("the stream still ends").isNull();
            assertThat(reader.isEndOfStream()).isTrue();
        }
        assertThat(PersistentChannels.retainFrom(writeChannelNamed("d", 10), 5).filesRemoved()).isZero();
        assertThatThrownBy(() -> PersistentChannels.retainFrom(dir, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    private Path writeChannelNamed(String name, int tokens) throws Exception {
        var factory = PersistentChannels.builder(work).policy(ChannelPolicy.DIRECT).tokensPerFile(PER_FILE).build();
        try (Channel<String> channel = factory.open(ChannelSpec.unbounded(name, String.class))) {
            for (int i = 0; i < tokens; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            channel.writer().close();
        }
        return work.resolve(name);
    }

    /** Retention while the channel is written: its writer and a reader of the run go on. */
    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = "MEMORY", mode = EnumSource.Mode.EXCLUDE)
    void runsWhileTheChannelIsWritten(ChannelPolicy policy) throws Exception {
        var factory = PersistentChannels.builder(work).policy(policy).tokensPerFile(PER_FILE).putCache(64).getCache(64).build();
        try (Channel<String> channel = factory.open(ChannelSpec.unbounded("live", String.class))) {
            ChannelReader<String> inRun = channel.openReader("in-run");
            List<String> got = new ArrayList<>();
            for (int i = 0; i < 2500; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            for (int i = 0; i < 2100; i++) {
                got.add(inRun.take());
            }
            Retention r = PersistentChannels.retainFrom(work.resolve("live"), 2100);
            assertThat(r.firstKeptSeq()).isEqualTo(2000);
            for (int i = 2500; i < 4500; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            channel.writer().close();
            for (String t; (t = inRun.take()) != null; ) {
                got.add(t);
            }
            assertThat(got).isEqualTo(tokens(0, 4500));
        }
        try (var reader = PersistentChannels.openReader(work.resolve("live"), String.class)) {
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(tokens(2000, 4500));
        }
    }

    /** A reader behind the removed files reads what it had reached, then is told what happened. */
    @Test
    void aReaderLeftBehindByARetentionStepIsToldSo() throws Exception {
        Path dir = writeChannel(ChannelPolicy.DIRECT, 3500);
        try (var reader = PersistentChannels.openReader(dir, String.class)) {
            assertThat(reader.take()).isEqualTo(ChannelProcess.token(0));
            PersistentChannels.retainFrom(dir, 2500);
            List<String> got = new ArrayList<>();
            assertThatThrownBy(() -> {
                for (String t; (t = reader.take()) != null; ) {
                    got.add(t);
                }
            }).isInstanceOf(io.sluice.channel.ChannelException.class)
                    .hasMessageContaining("token 1000 was removed by a retention step while this reader was behind it")
                    .hasMessageContaining("keeps its tokens from 2000 on");
            assertThat(got).as("the rest of the file it was reading, already open").isEqualTo(tokens(1, 1000));
        }
    }
}
