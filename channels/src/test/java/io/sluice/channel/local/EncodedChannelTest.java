package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.codec.Codec;
import io.sluice.testing.ChildJvm;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Channels written and read as their tokens' encoded bytes ({@link EncodedChannel},
 * {@link EncodedChannelReader}), as a space server that lacks the tokens' classes stores them: the
 * files are those of a typed persistent channel, read by the typed API, and the other way round.
 * Tokens are {@link ChannelProcess#token} strings in the built-in string codec; files hold
 * {@value #PER_FILE} tokens, so that the channels span several files.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EncodedChannelTest {
    private static final int PER_FILE = 1000;
    private static final Codec<String> STRINGS = Codecs.builtIn().forType(String.class);
    private static final String STRING = String.class.getName();
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path work;

    /** What the string codec writes for {@code token}. */
    private static byte[] encode(String token) {
        HeapCodecOutput out = new HeapCodecOutput(32);
        STRINGS.write(token, out);
        return java.util.Arrays.copyOf(out.array(), out.size());
    }

    private static String decode(byte[] bytes) {
        HeapCodecInput in = new HeapCodecInput().on(bytes, 0, bytes.length);
        String s = STRINGS.read(in);
        assertThat(in.position()).as("the codec read the whole token").isEqualTo(bytes.length);
        return s;
    }

    private static EncodedChannel openStrings(Path dir) {
        return EncodedChannel.openForWriting(dir, "c", STRING, STRINGS.id(), PER_FILE);
    }

    /** Appends tokens {@code from} to {@code to - 1}, flushing after every {@code flushEvery}. */
    private static void append(EncodedChannel channel, long from, long to, int flushEvery) {
        for (long i = from; i < to; i++) {
            byte[] b = encode(ChannelProcess.token(i));
            // An array larger than the token, to check that only the range is stored.
            byte[] padded = new byte[b.length + 6];
            System.arraycopy(b, 0, padded, 3, b.length);
            assertThat(channel.append(padded, 3, b.length)).isEqualTo(i);
            if ((i + 1) % flushEvery == 0) {
                channel.flush();
                assertThat(channel.flushed()).isEqualTo(i + 1);
            }
        }
    }

    private static List<String> tokens(long from, long to) {
        List<String> out = new ArrayList<>();
        for (long i = from; i < to; i++) {
            out.add(ChannelProcess.token(i));
        }
        return out;
    }

    /** Polls every token there is now, decoded. */
    private static List<String> pollAll(EncodedChannelReader reader) {
        List<String> out = new ArrayList<>();
        for (byte[] b; (b = reader.poll()) != null; ) {
            out.add(decode(b));
        }
        return out;
    }

    @Test
    void bytesAppendedAreReadBackByTheTypedApiAndDescribedAlike() throws Exception {
        Path dir = work.resolve("c");
        try (EncodedChannel channel = openStrings(dir)) {
            assertThat(channel.name()).isEqualTo("c");
            assertThat(channel.typeName()).isEqualTo(STRING);
            assertThat(channel.codecId()).isEqualTo("string");
            assertThat(channel.position()).isZero();
            append(channel, 0, 2_345, 300);
            assertThat(channel.position()).isEqualTo(2_345);
            assertThat(channel.flushed()).as("the last 245 are gathered, not flushed").isLessThan(2_345);
            // A token with chars beyond Latin-1, which the string codec stores two bytes each.
            byte[] wide = encode("Grüße, Ωμέγα ✓");
            assertThat(channel.append(wide, 0, wide.length)).isEqualTo(2_345);
            channel.flush();
            assertThat(channel.flushed()).isEqualTo(2_346);
            channel.end();
            assertThat(channel.ended()).isTrue();
            channel.end();
            assertThatThrownBy(() -> channel.append(wide, 0, wide.length)).isInstanceOf(IllegalStateException.class);
        }
        List<String> expected = tokens(0, 2_345);
        expected.add("Grüße, Ωμέγα ✓");
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(dir, String.class)) {
            assertThat(ChannelProcess.readAll(reader)).isEqualTo(expected);
            assertThat(((StoredChannelReader<String>) reader).complete()).isTrue();
        }
        try (SeekableChannelReader<?> reader = PersistentChannels.openReader(dir)) { // as `sluice channel read` opens it
            List<Object> read = new ArrayList<>();
            for (Object t; (t = reader.take()) != null; ) {
                read.add(t);
            }
            assertThat(read).isEqualTo(expected);
        }
        ChannelDescription described = PersistentChannels.describe(dir);
        ChannelDescription verified = PersistentChannels.verify(dir);
        for (ChannelDescription d : List.of(described, verified)) {
            assertThat(d.channel()).isEqualTo("c");
            assertThat(d.type()).isEqualTo(STRING);
            assertThat(d.codec()).isEqualTo("string");
            assertThat(d.tokens()).isEqualTo(2_346);
            assertThat(d.ended()).isTrue();
            assertThat(d.writerAlive()).isFalse();
        }
        ChannelMetadata m = ChannelMetadata.read(dir);
        assertThat(m.tokensPerFile()).isEqualTo(PER_FILE);
        assertThat(m.crc32c()).isEqualTo(m.checksum());
    }

    @Test
    void aChannelWrittenByTheTypedApiIsReadAsBytesFromAnySeq() throws Exception {
        var factory = PersistentChannels.builder(work).policy(ChannelPolicy.FAST_TRACK).tokensPerFile(PER_FILE).build();
        try (Channel<String> channel = factory.open(ChannelSpec.unbounded("typed", String.class))) {
            for (int i = 0; i < 2_500; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            channel.writer().close();
        }
        Path dir = work.resolve("typed");
        try (EncodedChannelReader reader = EncodedChannelReader.open(dir, 0)) {
            assertThat(reader.typeName()).isEqualTo(STRING);
            assertThat(reader.codecId()).isEqualTo("string");
            assertThat(reader.position()).isZero();
            assertThat(reader.isEndOfStream()).isFalse();
            assertThat(reader.position()).as("looking ahead does not move the reader").isZero();
            assertThat(pollAll(reader)).isEqualTo(tokens(0, 2_500));
            assertThat(reader.position()).isEqualTo(2_500);
            assertThat(reader.isEndOfStream()).isTrue();

            reader.seek(1_234);
            assertThat(reader.position()).isEqualTo(1_234);
            assertThat(reader.isEndOfStream()).isFalse();
            assertThat(decode(reader.poll())).isEqualTo(ChannelProcess.token(1_234));
            reader.seek(999);
            assertThat(pollAll(reader)).isEqualTo(tokens(999, 2_500));
            reader.seek(2_500);
            assertThat(reader.poll()).isNull();
            assertThat(reader.isEndOfStream()).isTrue();
            reader.seek(0);
            assertThat(decode(reader.poll())).isEqualTo(ChannelProcess.token(0));

            assertThatThrownBy(() -> reader.seek(2_501))
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("channel 'typed'")
                    .hasMessageContaining("2501");
            assertThat(reader.position()).as("a failed seek leaves the reader where it was").isEqualTo(1);
            assertThat(decode(reader.poll())).isEqualTo(ChannelProcess.token(1));
        }
        try (EncodedChannelReader reader = EncodedChannelReader.open(dir, 1_700)) {
            assertThat(reader.position()).isEqualTo(1_700);
            assertThat(pollAll(reader)).isEqualTo(tokens(1_700, 2_500));
        }
        assertThatThrownBy(() -> EncodedChannelReader.open(dir, 2_600))
                .isInstanceOf(ChannelException.class)
                .hasMessageContaining("channel 'typed'");

        PersistentChannels.retainFrom(dir, 1_500);
        try (EncodedChannelReader reader = EncodedChannelReader.open(dir, 1_000)) {
            assertThat(decode(reader.poll())).isEqualTo(ChannelProcess.token(1_000));
            assertThatThrownBy(() -> reader.seek(500))
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("channel 'typed'")
                    .hasMessageContaining("retention");
            assertThat(decode(reader.poll())).isEqualTo(ChannelProcess.token(1_001));
        }
        assertThatThrownBy(() -> EncodedChannelReader.open(work.resolve("none"), 0))
                .isInstanceOf(ChannelException.class)
                .hasMessageContaining(work.resolve("none").toString());
    }

    @Test
    void reopeningForWritingContinuesAtTheStoredCount() throws Exception {
        Path dir = work.resolve("c");
        try (EncodedChannel channel = openStrings(dir)) {
            append(channel, 0, 1_010, 100);
            // close() flushes the 10 gathered since the last flush.
        }
        assertThat(PersistentChannels.describe(dir).tokens()).isEqualTo(1_010);
        assertThat(PersistentChannels.describe(dir).ended()).isFalse();
        try (EncodedChannel channel = EncodedChannel.openForWriting(dir, "c", STRING, "string")) {
            assertThat(channel.position()).isEqualTo(1_010);
            assertThat(channel.flushed()).isEqualTo(1_010);
            assertThat(channel.ended()).isFalse();
            append(channel, 1_010, 1_500, 7);
            channel.end();
        }
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(dir, String.class)) {
            assertThat(ChannelProcess.readAll(reader)).as("no token twice, none missing").isEqualTo(tokens(0, 1_500));
        }
        try (EncodedChannel channel = EncodedChannel.openForWriting(dir, "c", STRING, "string")) {
            assertThat(channel.ended()).as("the end marker on disk").isTrue();
            assertThat(channel.position()).isEqualTo(1_500);
            assertThatThrownBy(() -> channel.append(new byte[1], 0, 1))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("ended");
            channel.end();
        }
        ChannelDescription d = PersistentChannels.verify(dir);
        assertThat(d.tokens()).isEqualTo(1_500);
        assertThat(d.ended()).isTrue();
    }

    /**
     * The child of {@link #aWriterKilledWithoutClosingLeavesWhatItFlushed}: opens channel
     * {@code args[0]}, appends and flushes {@code args[1]} tokens, appends {@code args[2]} more
     * without flushing, prints "abandoned N" (N flushed) and waits to be killed.
     */
    public static final class AbandonedWriter {
        public static void main(String[] args) throws Exception {
            PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
            long flushed = Long.parseLong(args[1]);
            long more = Long.parseLong(args[2]);
            EncodedChannel channel = EncodedChannel.openForWriting(Path.of(args[0]), "c", STRING, "string", PER_FILE);
            append(channel, 0, flushed, 250);
            channel.flush();
            append(channel, flushed, flushed + more, Integer.MAX_VALUE);
            out.println("abandoned " + channel.flushed());
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    @Test
    void aWriterKilledWithoutClosingLeavesWhatItFlushed() throws Exception {
        Path dir = work.resolve("c");
        try (ChildJvm writer = ChildJvm.start(AbandonedWriter.class, dir.toString(), "1500", "37")) {
            String line = writer.await("abandoned ", WAIT);
            assertThat(line).as(writer.errors()).isEqualTo("abandoned 1500");
            assertThatThrownBy(() -> EncodedChannel.openForWriting(dir, "c", STRING, "string"))
                    .as("the live writer's lock")
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining(dir.toString())
                    .hasMessageContaining("being written by another writer");
            writer.kill();
        }
        try (EncodedChannel channel = EncodedChannel.openForWriting(dir, "c", STRING, "string")) {
            assertThat(channel.position()).as("after the last flushed token").isEqualTo(1_500);
            assertThat(channel.ended()).isFalse();
            append(channel, 1_500, 2_200, 100);
            channel.end();
        }
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(dir, String.class)) {
            assertThat(ChannelProcess.readAll(reader)).as("exactly once, in order").isEqualTo(tokens(0, 2_200));
        }
        ChannelDescription d = PersistentChannels.verify(dir);
        assertThat(d.tokens()).isEqualTo(2_200);
        assertThat(d.ended()).isTrue();
    }

    @Test
    void aChannelOfAnotherTypeOrCodecIsRefusedNamingBoth() throws Exception {
        Path dir = work.resolve("c");
        try (EncodedChannel channel = openStrings(dir)) {
            append(channel, 0, 3, 1);
            assertThatThrownBy(() -> openStrings(dir))
                    .as("one writer per channel")
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("being written by another writer");
        }
        assertThatThrownBy(() -> EncodedChannel.openForWriting(dir, "c", "java.lang.Long", "long"))
                .isInstanceOf(ChannelException.class)
                .hasMessageContaining(dir.toString())
                .hasMessageContaining("java.lang.String tokens in codec string")
                .hasMessageContaining("java.lang.Long tokens in codec long");
        assertThatThrownBy(() -> EncodedChannel.openForWriting(dir, "c", STRING, "smile"))
                .isInstanceOf(ChannelException.class)
                .hasMessageContaining("java.lang.String tokens in codec string")
                .hasMessageContaining("java.lang.String tokens in codec smile");
        assertThat(PersistentChannels.verify(dir).tokens()).as("the refused opens changed nothing").isEqualTo(3);
        try (EncodedChannel channel = openStrings(dir)) {
            assertThat(channel.position()).as("the lock was released by the refused opens").isEqualTo(3);
        }
    }

    @Test
    void aReaderSeesEveryTokenOnceInOrderWhileAnotherThreadAppendsAndFlushes() throws Exception {
        Path dir = work.resolve("c");
        int n = 20_000;
        EncodedChannel channel = openStrings(dir);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            try {
                Random random = new Random(42);
                long i = 0;
                while (i < n) {
                    long to = Math.min(n, i + 1 + random.nextInt(700));
                    append(channel, i, to, Integer.MAX_VALUE);
                    channel.flush();
                    i = to;
                    if (random.nextInt(4) == 0) {
                        Thread.sleep(1);
                    }
                }
                channel.end();
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                channel.close();
            }
        }, "encoded-writer");
        List<String> read = new ArrayList<>();
        try (EncodedChannelReader reader = EncodedChannelReader.open(dir, 0)) {
            writer.start();
            while (!reader.isEndOfStream()) {
                byte[] b = reader.poll();
                if (b == null) {
                    Thread.sleep(0, 100_000);
                    continue;
                }
                read.add(decode(b));
            }
            assertThat(reader.poll()).isNull();
            assertThat(reader.position()).isEqualTo(n);
        } finally {
            writer.join();
        }
        assertThat(failure.get()).isNull();
        assertThat(read).as("every token once, in order").isEqualTo(tokens(0, n));
    }

    @Test
    void aFlippedByteInABatchFailsThePollNamingTheFile() throws Exception {
        Path dir = work.resolve("c");
        try (EncodedChannel channel = openStrings(dir)) {
            append(channel, 0, 3_000, 50);
            channel.end();
        }
        Path file = dir.resolve("19700102F.cq4"); // tokens 1000 to 1999
        flipByteOf(file, "token-1520");
        try (EncodedChannelReader reader = EncodedChannelReader.open(dir, 0)) {
            List<String> got = new ArrayList<>();
            ChannelException e = null;
            try {
                for (byte[] b; (b = reader.poll()) != null; ) {
                    got.add(decode(b));
                }
            } catch (ChannelException damage) {
                e = damage;
            }
            assertThat(e).as("the damage is noticed").isNotNull();
            assertThat(got).as("the tokens before the damaged batch").isEqualTo(tokens(0, 1_500));
            assertThat(e.file()).contains(file);
            assertThat(e).hasMessageContaining("channel 'c'")
                    .hasMessageContaining("1500")
                    .hasMessageContaining("fails its checksum");
            assertThatThrownBy(reader::poll).as("it keeps failing there").isInstanceOf(ChannelException.class);
            reader.seek(2_000);
            assertThat(pollAll(reader)).as("the next file is intact").isEqualTo(tokens(2_000, 3_000));
            assertThat(reader.isEndOfStream()).isTrue();
        }
        assertThatThrownBy(() -> PersistentChannels.verify(dir))
                .isInstanceOf(ChannelException.class)
                .hasMessageContaining(file.toString());
    }

    /** Flips a bit of the first character of {@code token} where it is stored in {@code file}. */
    private static void flipByteOf(Path file, String token) throws IOException {
        byte[] content = Files.readAllBytes(file);
        byte[] want = token.getBytes(StandardCharsets.ISO_8859_1);
        outer:
        for (int i = 0; i + want.length <= content.length; i++) {
            for (int j = 0; j < want.length; j++) {
                if (content[i + j] != want[j]) {
                    continue outer;
                }
            }
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.write(ByteBuffer.wrap(new byte[] {(byte) (content[i] ^ 0x01)}), i);
            }
            return;
        }
        throw new AssertionError(token + " not found in " + file);
    }

    @Test
    void aReaderSeesTheEndOfStreamAfterTheLastTokenOnceTheWriterEnds() throws Exception {
        Path dir = work.resolve("c");
        try (EncodedChannel channel = openStrings(dir);
                EncodedChannelReader reader = EncodedChannelReader.open(dir, 0)) {
            assertThat(reader.poll()).isNull();
            assertThat(reader.isEndOfStream()).isFalse();
            append(channel, 0, 5, 1);
            byte[] unflushed = encode(ChannelProcess.token(5));
            channel.append(unflushed, 0, unflushed.length);
            assertThat(pollAll(reader)).as("what was flushed").isEqualTo(tokens(0, 5));
            assertThat(reader.isEndOfStream()).isFalse();
            channel.end();
            assertThat(channel.flushed()).isEqualTo(6);
            assertThat(reader.isEndOfStream()).as("not before the last token was returned").isFalse();
            assertThat(decode(reader.poll())).isEqualTo(ChannelProcess.token(5));
            assertThat(reader.isEndOfStream()).isTrue();
            assertThat(reader.poll()).isNull();
            assertThat(reader.position()).isEqualTo(6);
        }
        ChannelDescription d = PersistentChannels.describe(dir);
        assertThat(d.tokens()).isEqualTo(6);
        assertThat(d.ended()).isTrue();
    }

    @Test
    void aClosedChannelAndReaderRefuseUse() {
        Path dir = work.resolve("c");
        EncodedChannel channel = openStrings(dir);
        channel.close();
        channel.close();
        assertThatThrownBy(() -> channel.append(new byte[1], 0, 1)).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(channel::flush).isInstanceOf(IllegalStateException.class);
        EncodedChannelReader reader = EncodedChannelReader.open(dir, 0);
        reader.close();
        reader.close();
        assertThatThrownBy(reader::poll).isInstanceOf(IllegalStateException.class);
    }
}
