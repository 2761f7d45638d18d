package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Reading a channel whose files were damaged after it was written: a queue file overwritten or cut
 * short, a missing or broken {@code channel.json}, a reader expecting another type, a codec that is
 * not there. Each gives a {@link ChannelException} naming the channel and the file or directory,
 * and the tokens before the damage stay readable.
 *
 * <p>The channels hold 3000 tokens "token-0" ... in files of 1000: files {@code 19700101F.cq4},
 * {@code 19700102F.cq4} (tokens 1000 to 1999, the one damaged) and {@code 19700103F.cq4}; the
 * end marker is in a fourth file.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DamagedChannelTest {
    private static final int TOKENS = 3000;
    private static final int PER_FILE = 1000;
    private static final String DAMAGED_FILE = "19700102F.cq4";

    @TempDir
    Path work;

    /** Writes a complete channel in this process and returns its directory. */
    private Path writeChannel(String name) throws Exception {
        var factory = PersistentChannels.builder(work).policy(ChannelPolicy.DIRECT).tokensPerFile(PER_FILE).build();
        try (Channel<String> channel = factory.open(ChannelSpec.unbounded(name, String.class))) {
            for (int i = 0; i < TOKENS; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            channel.writer().close();
        }
        return work.resolve(name);
    }

    /** The offset in {@code file} of the excerpt holding the string token {@code token}: its 4-byte Chronicle header. */
    private static long excerptOf(Path file, String token) throws IOException {
        byte[] head = new byte[1 << 20];
        int n;
        try (FileChannel ch = FileChannel.open(file)) {
            n = ch.read(ByteBuffer.wrap(head));
        }
        byte[] want = token.getBytes(StandardCharsets.UTF_8);
        outer:
        for (int i = 0; i + want.length <= n; i++) {
            for (int j = 0; j < want.length; j++) {
                if (head[i + j] != want[j]) {
                    continue outer;
                }
            }
            // Chronicle's header (4 bytes), then the batch of one token (ExcerptLayout): tag (1),
            // first seq (8), count (4), checksum (4), token length (1), string header (1), characters
            return i - 23;
        }
        throw new AssertionError(token + " not found in " + file);
    }

    private static void overwrite(Path file, long offset, byte[] bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes), offset);
        }
    }

    private static void truncate(Path file, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        }
    }

    private static List<String> tokens(long from, long to) {
        List<String> expected = new ArrayList<>();
        for (long i = from; i < to; i++) {
            expected.add(ChannelProcess.token(i));
        }
        return expected;
    }

    /** Reads until the reader fails, which it must, and returns what it read and the failure. */
    private static ChannelException readUntilFailure(StoredChannelReader<String> reader, List<String> got) {
        try {
            for (String t; (t = reader.take()) != null; ) {
                got.add(t);
            }
        } catch (ChannelException e) {
            return e;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("the damage went unnoticed: read " + got.size() + " tokens, complete=" + reader.complete());
    }

    /**
     * Reads a damaged channel: the tokens before the damage, then an error naming the channel, the
     * damaged file and what is wrong; the next file is still reached by seeking past the damage.
     */
    private static void assertDamageReported(Path channelDir, int readableBeforeDamage, String... why) throws Exception {
        Path damaged = channelDir.resolve(DAMAGED_FILE);
        try (var reader = (StoredChannelReader<String>) PersistentChannels.openReader(channelDir, String.class)) {
            List<String> got = new ArrayList<>();
            ChannelException e = readUntilFailure(reader, got);
            assertThat(got).as("the tokens before the damage").isEqualTo(tokens(0, readableBeforeDamage));
            assertThat(e.channel()).isEqualTo(channelDir.getFileName().toString());
            assertThat(e.file()).contains(damaged);
            assertThat(e).hasMessageStartingWith("channel '" + channelDir.getFileName() + "' (" + damaged + "): ");
            for (String w : why) {
                assertThat(e).hasMessageContaining(w);
            }
            assertThatThrownBy(reader::take).as("the reader keeps failing at the damage").isInstanceOf(ChannelException.class);
            // The next file is intact and can be reached past the damage.
            reader.seek(2 * PER_FILE);
            got.clear();
            for (String t; (t = reader.take()) != null; ) {
                got.add(t);
            }
            assertThat(got).isEqualTo(tokens(2 * PER_FILE, TOKENS));
            assertThat(reader.complete()).isTrue();
        }
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void aQueueFileOverwrittenInTheMiddleIsReadUpToTheDamageThenFails(long seed) throws Exception {
        Path dir = writeChannel("c");
        Path file = dir.resolve(DAMAGED_FILE);
        byte[] garbage = new byte[64];
        new Random(seed).nextBytes(garbage);
        overwrite(file, excerptOf(file, "token-1500"), garbage);

        assertDamageReported(dir, 1500, "token 1500", "the queue file is corrupt");
    }

    /**
     * A file cut before its last excerpt is refused as a whole: Chronicle could otherwise read a
     * page past its end (see StoreCursor). The files before it are read.
     */
    @Test
    void aQueueFileCutInTheMiddleIsRefusedAfterTheFilesBeforeIt() throws Exception {
        Path dir = writeChannel("c");
        Path file = dir.resolve(DAMAGED_FILE);
        long cut = excerptOf(file, "token-1500") + 9;
        truncate(file, cut);

        assertDamageReported(dir, 1000, "the file has " + cut + " bytes but its last excerpt starts at byte",
                "the queue file is truncated");
    }

    /** Cut at the page boundary before the file's first excerpt: reading on would fault (SIGBUS). */
    @Test
    void aQueueFileCutBeforeItsDataIsRefusedWithoutAFault() throws Exception {
        Path dir = writeChannel("c");
        Path file = dir.resolve(DAMAGED_FILE);
        truncate(file, excerptOf(file, "token-1000") & -4096L);

        assertDamageReported(dir, 1000, "the queue file is truncated");
    }

    @Test
    void aQueueFileCutInsideItsLastTokenIsReadUpToTheCut() throws Exception {
        Path dir = writeChannel("c");
        Path file = dir.resolve(DAMAGED_FILE);
        // 5 bytes into the token's characters (see excerptOf)
        truncate(file, excerptOf(file, "token-1999") + 28);

        assertDamageReported(dir, 1999, "token 1999 ends at byte", "the queue file is truncated");
    }

    /** Cut right after its last token, before the end-of-file marker that leads to the next file. */
    @Test
    void aQueueFileCutAfterItsLastTokenIsReadToTheCut() throws Exception {
        Path dir = writeChannel("c");
        Path file = dir.resolve(DAMAGED_FILE);
        // header 4, batch header 17, token length 1, string header 1, "token-1999" 10
        truncate(file, excerptOf(file, "token-1999") + 33);

        assertDamageReported(dir, 2000, "right after token 1999", "the queue file is truncated");
    }

    @Test
    void aQueueFileCutInsideItsHeaderIsRefused() throws Exception {
        Path dir = writeChannel("c");
        truncate(dir.resolve(DAMAGED_FILE), 100);

        assertDamageReported(dir, 1000, "cannot read token 1000");
    }

    @Test
    void anEmptiedQueueFileIsRefused() throws Exception {
        Path dir = writeChannel("c");
        truncate(dir.resolve(DAMAGED_FILE), 0);

        assertDamageReported(dir, 1000, "token 1000 cannot be read, yet the channel has a later file", "the queue file is corrupt or truncated");
    }

    /** A reader in the writing run, opened after the damage, gets the tokens before it and then the error. */
    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = "MEMORY", mode = EnumSource.Mode.EXCLUDE)
    void aReaderInTheRunReportsADamagedFile(ChannelPolicy policy) throws Exception {
        var factory = PersistentChannels.builder(work).policy(policy).tokensPerFile(PER_FILE).putCache(16).getCache(16).build();
        try (Channel<String> channel = factory.open(ChannelSpec.unbounded("c", String.class))) {
            for (int i = 0; i < TOKENS; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            channel.writer().close();
            while (channel instanceof StagedChannel<?> staged && !staged.endPersisted()) {
                Thread.sleep(1);
            }
            Path file = work.resolve("c").resolve(DAMAGED_FILE);
            // Damage that leaves the excerpts' framing intact: the characters of one token. The
            // staged policies store tokens in batches, so the tokens before it in its batch are
            // lost with it; direct stores it alone.
            overwrite(file, excerptOf(file, "token-1500") + 23, "TOKEN-1500".getBytes(StandardCharsets.UTF_8));

            var reader = channel.openReader("late");
            List<String> got = new ArrayList<>();
            ChannelException e = null;
            try {
                for (String t; (t = reader.take()) != null; ) {
                    got.add(t);
                }
            } catch (ChannelException failure) {
                e = failure;
            }
            int damagedFrom = policy == ChannelPolicy.DIRECT ? 1500 : got.size();
            assertThat(damagedFrom).as("the damaged batch holds token 1500")
                    .isBetween(1500 - ExcerptLayout.MAX_TOKENS + 1, 1500);
            assertThat(got).isEqualTo(tokens(0, damagedFrom));
            // A staged batch may hold token 1500 alone, if the flusher took it by itself: it is then named as a token.
            String damaged = policy == ChannelPolicy.DIRECT ? "token 1500"
                    : damagedFrom == 1500 ? "(token 1500|the batch of tokens 1500 to \\d+)" : "the batch of tokens " + damagedFrom + " to \\d+";
            assertThat(e).as("the damage is reported").isNotNull();
            assertThat(e.getMessage()).containsPattern(damaged + " fails its checksum");
            assertThat(e.file()).contains(file);
        }
    }

    @Test
    void aMissingChannelDirectoryIsNamed() {
        Path missing = work.resolve("nowhere");
        assertThatThrownBy(() -> PersistentChannels.openReader(missing, String.class))
                .isInstanceOf(ChannelException.class)
                .hasMessage("channel 'nowhere' (" + missing + "): no such channel directory")
                .satisfies(e -> assertThat(((ChannelException) e).file()).contains(missing));
    }

    @Test
    void aDirectoryWithoutChannelJsonIsNotAChannel() throws Exception {
        Path dir = writeChannel("c");
        Files.delete(dir.resolve("channel.json"));
        assertThatThrownBy(() -> PersistentChannels.openReader(dir, String.class))
                .isInstanceOf(ChannelException.class)
                .hasMessage("channel 'c' (" + dir.resolve("channel.json") + "): not a Sluice channel directory: channel.json is missing");
    }

    @ParameterizedTest(name = "[{index}] ''{0}''")
    @ValueSource(strings = {"", "{not json", "{\"format\": 1, \"channel\": \"c\", \"type\": \"java.lang.String\"",
            "{\"format\": 1, \"channel\": \"c\", \"type\": \"java.lang.String\", \"codec\": \"string\", \"tokensPerFile\": \"many\"}",
            "{\"format\": 1, \"channel\": \"c\", \"type\": \"java.lang.String\", \"codec\": \"string\"}",
            "{\"format\": 99, \"channel\": \"c\", \"type\": \"java.lang.String\", \"codec\": \"string\", \"tokensPerFile\": 1000}",
            "[]"})
    void aCorruptChannelJsonIsNamed(String content) throws Exception {
        Path dir = writeChannel("c");
        Path json = dir.resolve("channel.json");
        Files.writeString(json, content);
        assertThatThrownBy(() -> PersistentChannels.openReader(dir, String.class))
                .isInstanceOf(ChannelException.class)
                .hasMessageStartingWith("channel 'c' (" + json + "): ")
                .hasMessageMatching("(?s).*(malformed|incomplete|unsupported).*")
                .satisfies(e -> assertThat(((ChannelException) e).file()).contains(json));
    }

    @Test
    void aReaderOfAnotherTypeIsRefused() throws Exception {
        Path dir = writeChannel("c");
        assertThatThrownBy(() -> PersistentChannels.openReader(dir, Integer.class))
                .isInstanceOf(ChannelException.class)
                .hasMessage("channel 'c' (" + dir + "): it holds java.lang.String tokens, not java.lang.Integer");
        // Refusing released the files: the channel still reads.
        try (var reader = PersistentChannels.openReader(dir, String.class)) {
            assertThat(reader.take()).isEqualTo("token-0");
        }
    }

    @Test
    void aChannelWrittenWithAnUnknownCodecIsRefused() throws Exception {
        Path dir = writeChannel("c");
        Path json = dir.resolve("channel.json");
        // As a channel.json of a Sluice before checksums would say it: no crc32c field.
        Files.writeString(json, Files.readString(json).replace("\"string\"", "\"rot13\"")
                .replaceAll(",\\s*\"crc32c\"\\s*:\\s*\"[0-9a-f]+\"", ""));
        assertThatThrownBy(() -> PersistentChannels.openReader(dir, String.class))
                .isInstanceOf(ChannelException.class)
                .hasMessageStartingWith("channel 'c' (" + dir + "): no codec with id 'rot13'");
    }

    @Test
    void aDamagedChannelDescriptionIsRefusedRatherThanTakenForAnother() throws Exception {
        Path dir = writeChannel("c");
        Path json = dir.resolve("channel.json");
        String good = Files.readString(json);
        assertThat(good).contains("\"crc32c\"");
        for (String damaged : List.of(good.replace("\"string\"", "\"strinf\""), good.replace("\"c\"", "\"d\""),
                good.replace("\"crc32c\"", "\"crc32d\""))) {
            Files.writeString(json, damaged);
            assertThatThrownBy(() -> PersistentChannels.describe(dir)).as(damaged).isInstanceOf(ChannelException.class)
                    .hasMessageContaining(json.toString());
        }
    }
}
