package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.TokenSizer;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.testing.TestActors.Collect;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Channels bounded in bytes: full while the tokens a reader has yet to take are sized at the
 * capacity or more; a token larger than the capacity passes an empty channel; Parks' rule grows
 * a channel full in bytes; the run's default byte capacity bounds memory channels of large
 * tokens.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ByteCapacityTest {
    private static final int TOKEN = 50; // a byte[50] is sized at 66 bytes
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private Channel<byte[]> channel;

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        if (channel != null) {
            channel.close();
        }
    }

    /** A bound of {@code capacityBytes} and no token capacity on a new channel {@link #channel} read by {@code reader}. */
    private ChannelBound bytesBound(long capacityBytes, TokenSizer sizer, ChannelReader<?> reader) {
        return new ChannelBound("b", channel.writer(), new ChannelReader<?>[] {reader}, ChannelSpec.UNBOUNDED,
                new ByteDepth("b", sizer, capacityBytes, channel.writer().position()));
    }

    private ChannelReader<byte[]> newChannel() throws java.io.IOException {
        channel = MemoryChannels.factory().open(ChannelSpec.unbounded("b", byte[].class));
        return channel.openReader("r");
    }

    private static void put(ChannelWriter<byte[]> writer, ChannelBound bound, byte[] token) throws InterruptedException {
        while (!bound.roomForWriter()) {
            bound.awaitRoom();
        }
        writer.put(token);
        bound.wrote(token);
    }

    private static byte[] take(ChannelReader<byte[]> reader, ChannelBound bound) throws InterruptedException {
        byte[] token = reader.take();
        bound.readerMoved(reader.position());
        return token;
    }

    @Test
    void theEstimateSizesArraysAndStringsByTheirLength() {
        TokenSizer s = TokenSizer.estimate();
        assertThat(s.sizeOf(new byte[TOKEN])).isEqualTo(66);
        assertThat(s.sizeOf(new long[10])).isEqualTo(96);
        assertThat(s.sizeOf("abcd")).isEqualTo(44);
        assertThat(s.sizeOf(7)).isEqualTo(16);
        assertThat(s.sizeOf(7L)).isEqualTo(24);
        assertThat(s.sizeOf((TokenSizer.Sized) () -> 12345)).isEqualTo(12345);
        assertThat(s.sizeOf(new Object())).isEqualTo(TokenSizer.OTHER_OBJECT_BYTES);
        assertThatThrownBy(() -> TokenSizer.fixed(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aChannelIsFullOnceItsTokensTakeTheCapacityAndFreedByTakes() throws Exception {
        ChannelReader<byte[]> reader = newChannel();
        ChannelBound bound = bytesBound(200, TokenSizer.estimate(), reader);
        ChannelWriter<byte[]> w = channel.writer();
        for (int i = 0; i < 4; i++) { // room at 0, 66, 132, 198 bytes; full at 264
            assertThat(bound.roomForWriter()).as("token %d", i).isTrue();
            w.put(new byte[TOKEN]);
            bound.wrote(new byte[TOKEN]);
        }
        assertThat(bound.roomForWriter()).as("264 bytes of 200").isFalse();
        assertThat(bound.hasRoom()).isFalse();
        assertThat(bound.depth()).isEqualTo(4);
        take(reader, bound);
        assertThat(bound.roomForWriter()).as("198 bytes").isTrue();
    }

    @Test
    void aTokenLargerThanTheCapacityPassesAnEmptyChannel() throws Exception {
        ChannelReader<byte[]> reader = newChannel();
        ChannelBound bound = bytesBound(100, TokenSizer.estimate(), reader);
        assertThat(bound.roomForWriter()).isTrue();
        channel.writer().put(new byte[1000]);
        bound.wrote(new byte[1000]);
        assertThat(bound.roomForWriter()).isFalse();
        Future<?> second = threads.submit(() -> {
            put(channel.writer(), bound, new byte[1000]);
            return null;
        });
        Thread.sleep(50);
        assertThat(second).isNotDone();
        take(reader, bound);
        second.get(10, TimeUnit.SECONDS);
        assertThat(channel.writer().position()).isEqualTo(2);
    }

    @Test
    void growingAChannelFullInBytesReleasesItsWriter() throws Exception {
        ChannelReader<byte[]> reader = newChannel();
        ChannelBound bound = new ChannelBound("b", channel.writer(), new ChannelReader<?>[] {reader}, 1000,
                new ByteDepth("b", TokenSizer.estimate(), 100, 0));
        put(channel.writer(), bound, new byte[TOKEN]);
        put(channel.writer(), bound, new byte[TOKEN]);
        Future<?> third = threads.submit(() -> {
            put(channel.writer(), bound, new byte[TOKEN]);
            return null;
        });
        Thread.sleep(50);
        assertThat(third).isNotDone();
        assertThat(bound.grow()).isEqualTo("capacity 200 bytes");
        third.get(10, TimeUnit.SECONDS);
        assertThat(bound.capacity()).as("the token capacity was not reached").isEqualTo(1000);
    }

    @Test
    void aByteCapacityGrownIsSeenByTheWritersNextCheck() throws Exception {
        ChannelReader<byte[]> reader = newChannel();
        ChannelBound bound = bytesBound(100, TokenSizer.estimate(), reader);
        assertThat(bound.boundedInBytes()).isTrue();
        put(channel.writer(), bound, new byte[TOKEN]);
        put(channel.writer(), bound, new byte[TOKEN]);
        assertThat(bound.roomForWriter()).as("132 bytes of 100").isFalse();
        assertThat(bound.grow()).isEqualTo("capacity 200 bytes");
        // The writer's limit was computed under 100 bytes: its next check must read the capacity again.
        assertThat(bound.roomForWriter()).as("132 bytes of 200").isTrue();
        put(channel.writer(), bound, new byte[TOKEN]);
        assertThat(bound.roomForWriter()).as("198 bytes of 200").isTrue();
        put(channel.writer(), bound, new byte[TOKEN]);
        assertThat(bound.roomForWriter()).as("264 bytes of 200").isFalse();
        assertThat(bound.stats(channel.stats()).capacityBytes()).isEqualTo(200);
    }

    @Test
    void aBoundInTokensAloneCountsNoBytesAndSaysSo() throws Exception {
        ChannelReader<byte[]> reader = newChannel();
        ChannelBound bound = new ChannelBound("b", channel.writer(), new ChannelReader<?>[] {reader}, 2, null);
        assertThat(bound.boundedInBytes()).isFalse();
        for (int i = 0; i < 2; i++) { // the writer does not call wrote: the token bound reads the writer's position alone
            assertThat(bound.roomForWriter()).as("token %d", i).isTrue();
            channel.writer().put(new byte[1 << 20]);
        }
        assertThat(bound.roomForWriter()).as("2 tokens of 2").isFalse();
        take(reader, bound);
        assertThat(bound.roomForWriter()).isTrue();
        assertThat(bound.stats(channel.stats()).capacityBytes()).isEqualTo(ChannelSpec.UNBOUNDED_BYTES);
    }

    @Test
    void manyTokensStreamThroughASmallByteCapacityInOrder() throws Exception {
        ChannelReader<byte[]> r = newChannel();
        // Sized by their first byte: a varying size, from 0 (which the ring must still follow) to 255.
        ChannelBound bound = bytesBound(1000, t -> ((byte[]) t)[0] & 0xff, r);
        int n = 50_000;
        Future<?> writer = threads.submit(() -> {
            for (int i = 0; i < n; i++) {
                put(channel.writer(), bound, new byte[] {(byte) (i * 31), (byte) i, (byte) (i >> 8)});
            }
            channel.writer().close();
            return null;
        });
        for (int i = 0; i < n; i++) {
            byte[] t = take(r, bound);
            assertThat((t[1] & 0xff) | (t[2] & 0xff) << 8).isEqualTo(i & 0xffff);
        }
        writer.get(10, TimeUnit.SECONDS);
    }

    private static Workflow largeTokens(int count, int size, ChannelOptions options) {
        List<byte[]> tokens = new ArrayList<>();
        IntStream.range(0, count).forEach(i -> tokens.add(new byte[size]));
        return Workflow.builder("large")
                .actor("src", emit(byte[].class, tokens))
                .actor("sink", collect(byte[].class))
                .connect("src.out", "sink.in", options)
                .build();
    }

    @Test
    void theRunsByteCapacityBoundsMemoryChannelsOfLargeTokens() throws Exception {
        // 64 KiB tokens, sized 65,552 bytes: a 1 MiB capacity holds 16 of them at most.
        RunResult result = Directors.dataDriven().run(largeTokens(300, 64 << 10, ChannelOptions.defaults()),
                RunConfig.builder().memoryCapacityBytes(1 << 20).build());
        assertThat(result.channel("src.out").orElseThrow().tokensWritten()).isEqualTo(300);
        assertThat(result.channel("src.out").orElseThrow().peakDepth()).isBetween(1L, 16L);

        assertThat(result.channel("src.out").orElseThrow().capacityBytes()).as("the run's, in its stats").isEqualTo(1 << 20);

        RunResult byDefault = Directors.dataDriven().run(largeTokens(600, 64 << 10, ChannelOptions.defaults()),
                RunConfig.builder().build());
        assertThat(byDefault.channel("src.out").orElseThrow().capacityBytes()).isEqualTo(RunConfig.DEFAULT_MEMORY_CAPACITY_BYTES);
        assertThat(byDefault.channel("src.out").orElseThrow().peakDepth())
                .as("16 MiB by default").isLessThanOrEqualTo(RunConfig.DEFAULT_MEMORY_CAPACITY_BYTES / 65_552 + 1);
    }

    @Test
    void aChannelsOwnByteCapacityAndSizerWin() throws Exception {
        RunResult result = Directors.dataDriven().run(largeTokens(200, 10,
                ChannelOptions.defaults().capacityBytes(3000).tokenSizer(TokenSizer.fixed(1000))),
                RunConfig.builder().memoryCapacityBytes(ChannelSpec.UNBOUNDED_BYTES).build());
        assertThat(result.channel("src.out").orElseThrow().peakDepth()).isBetween(1L, 3L);
        assertThat(result.channel("src.out").orElseThrow().capacityBytes()).isEqualTo(3000);

        RunResult tokensOnly = Directors.dataDriven().run(largeTokens(20, 10, ChannelOptions.defaults()),
                RunConfig.builder().memoryCapacityBytes(ChannelSpec.UNBOUNDED_BYTES).build());
        assertThat(tokensOnly.channel("src.out").orElseThrow().capacityBytes()).isEqualTo(ChannelSpec.UNBOUNDED_BYTES);
    }

    private static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
    private static final OutputPort<Integer> OUT2 = Port.output("out2", Integer.class);
    private static final InputPort<Integer> IN = Port.input("in", Integer.class);
    private static final InputPort<Integer> IN2 = Port.input("in2", Integer.class);

    @Test
    void anArtificialDeadlockGrowsTheByteCapacityAndChangesNoContents() throws Exception {
        // Tokens of 16 bytes each, one at a time under 16 bytes.
        List<Integer> seen = new ArrayList<>();
        RunResult result = runAhead(ChannelOptions.defaults().capacityBytes(16), seen);
        assertThat(seen).containsExactly(99, 0, 1, 2, 3, 4);
        assertThat(result.channel("p.out").orElseThrow().peakDepth()).isEqualTo(5);
        // Grown until the 4 tokens (64 bytes) waiting before the fifth were below it: the stats give the capacity kept.
        assertThat(result.channel("p.out").orElseThrow().capacityBytes()).isBetween(128L, 256L);
    }

    @Test
    @Timeout(30)
    void anArtificialDeadlockEndsEvenWhenASizerCallsATokenAsLargeAsCanBe() throws Exception {
        // Each token sized Long.MAX_VALUE: growth must end (the capacity saturates, counting as
        // unbounded), not double for ever under the run's lock.
        List<Integer> seen = new ArrayList<>();
        runAhead(ChannelOptions.defaults().capacityBytes(16).tokenSizer(TokenSizer.fixed(Long.MAX_VALUE)), seen);
        assertThat(seen).containsExactly(99, 0, 1, 2, 3, 4);
    }

    /**
     * Runs p, which puts 5 tokens to out before one to out2, and q, which reads out2 first, both
     * channels with {@code options}: an artificial deadlock until out grows. What q took goes to
     * {@code seen}.
     */
    private static RunResult runAhead(ChannelOptions options, List<Integer> seen) throws Exception {
        Fn p = Fn.of(c -> {
            for (int i = 0; i < 5; i++) {
                c.put(OUT, i);
            }
            c.put(OUT2, 99);
            c.finish();
        }, OUT, OUT2);
        Fn q = Fn.of(c -> {
            seen.add(c.take(IN2));
            for (int i = 0; i < 5; i++) {
                seen.add(c.take(IN));
            }
            c.finish();
        }, IN, IN2);
        Workflow w = Workflow.builder("ahead").actor("p", p).actor("q", q)
                .connect("p.out", "q.in", options).connect("p.out2", "q.in2", options).build();
        return Directors.dataDriven().run(w, RunConfig.builder().build());
    }

    @Test
    void theWorkflowKeepsAChannelsByteCapacity() {
        ChannelOptions o = ChannelOptions.defaults().capacityBytes(4096);
        assertThat(o.capacityBytes()).isEqualTo(4096);
        assertThat(o).isNotEqualTo(ChannelOptions.defaults());
        assertThatThrownBy(() -> ChannelOptions.defaults().capacityBytes(0)).hasMessageContaining("capacityBytes");
        Collect<byte[]> sink = collect(byte[].class);
        Workflow w = Workflow.builder("kept").actor("src", emit(byte[].class, List.of())).actor("sink", sink)
                .connect("src.out", "sink.in", o).build();
        assertThat(w.channels().get(0).capacityBytes()).isEqualTo(4096);
        assertThat(w.channels().get(0).boundedInBytes()).isTrue();
    }
}
