package io.sluice.director;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.memory.MemoryChannels;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The capacity a run keeps a channel within, on the writer's side: full while the slowest open
 * reader lags the capacity behind; a waiting writer wakes when a reader takes or closes, or when
 * the capacity grows (Parks' rule); an interrupt ends the wait.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ChannelBoundTest {
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private Channel<Integer> channel;
    private ChannelReader<Integer> reader;
    private ChannelBound bound;

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        channel.close();
    }

    private ChannelBound bound(int capacity, ChannelReader<?>... readers) {
        return new ChannelBound("b", channel.writer(), readers, capacity, null);
    }

    /** Takes a token as an actor's take does: the reader moves, then the bound is told. */
    private static Integer take(ChannelReader<Integer> reader, ChannelBound bound) throws InterruptedException {
        Integer token = reader.take();
        bound.readerMoved(reader.position());
        return token;
    }

    /**
     * A memory channel of capacity 1 with one reader, {@link #reader}, and one token in it, and a
     * thread that waits to put a second: returns what that put returns.
     */
    private Future<Long> aWriterWaitingOnAFullChannel() throws Exception {
        channel = MemoryChannels.factory().open(new ChannelSpec<>("b", Integer.class, 1));
        reader = channel.openReader("r");
        bound = bound(1, reader);
        channel.writer().put(1);
        Future<Long> blocked = threads.submit(() -> put(channel.writer(), bound, 2));
        Thread.sleep(50);
        assertThat(blocked).isNotDone();
        return blocked;
    }

    /** Puts as the runtime does: waits for room first. */
    private static long put(ChannelWriter<Integer> writer, ChannelBound bound, int token) throws InterruptedException {
        while (!bound.roomForWriter()) {
            bound.awaitRoom();
        }
        return writer.put(token);
    }

    @Test
    void theWriterWaitsForTheSlowestReader() throws Exception {
        channel = MemoryChannels.factory().open(new ChannelSpec<>("b", Integer.class, 2));
        ChannelReader<Integer> r1 = channel.openReader("r1");
        ChannelReader<Integer> r2 = channel.openReader("r2");
        ChannelBound bound = bound(2, r1, r2);
        ChannelWriter<Integer> w = channel.writer();
        assertThat(bound.roomForWriter()).isTrue();
        w.put(1);
        w.put(2);
        assertThat(bound.roomForWriter()).as("full").isFalse();
        assertThat(bound.hasRoom()).isFalse();
        take(r1, bound);
        take(r1, bound);
        assertThat(bound.hasRoom()).as("r2 has taken nothing").isFalse();
        Future<Long> blocked = threads.submit(() -> put(w, bound, 3));
        Thread.sleep(50);
        assertThat(blocked).isNotDone();
        assertThat(take(r2, bound)).isEqualTo(1);
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isEqualTo(2L);
        assertThat(channel.stats().peakDepth()).isEqualTo(2);
    }

    @Test
    void raisingTheCapacityReleasesAWaitingWriter() throws Exception {
        Future<Long> blocked = aWriterWaitingOnAFullChannel();
        bound.raise(2);
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isEqualTo(1L);
        assertThat(bound.capacity()).isEqualTo(2);
        bound.raise(1);
        assertThat(bound.capacity()).as("never lowered").isEqualTo(2);
        assertThat(bound.stats(channel.stats()).capacity()).as("the capacity the run kept").isEqualTo(2);
    }

    @Test
    void closingTheSlowReaderReleasesAWaitingWriter() throws Exception {
        Future<Long> blocked = aWriterWaitingOnAFullChannel();
        reader.close();
        bound.readerClosed(reader);
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isEqualTo(1L);
        assertThat(bound.hasRoom()).as("no reader left to wait for").isTrue();
    }

    @Test
    void aChannelWithoutReadersNeverWaits() throws Exception {
        channel = MemoryChannels.factory().open(new ChannelSpec<>("b", Integer.class, 1));
        ChannelBound bound = bound(1);
        for (int i = 0; i < 10; i++) {
            assertThat(bound.roomForWriter()).isTrue();
            channel.writer().put(i);
        }
    }

    @Test
    void anInterruptedWaitThrowsAndNothingIsWritten() throws Exception {
        Future<Long> blocked = aWriterWaitingOnAFullChannel();
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(blocked::get).hasCauseInstanceOf(InterruptedException.class);
        assertThat(channel.writer().position()).isEqualTo(1);
    }

    @Test
    void manyTokensPassABoundOfOneBetweenTwoThreadsInOrder() throws Exception {
        channel = MemoryChannels.factory().open(new ChannelSpec<>("b", Integer.class, 1));
        ChannelReader<Integer> r = channel.openReader("r");
        ChannelBound bound = bound(1, r);
        int n = 100_000;
        Future<?> writer = threads.submit(() -> {
            for (int i = 0; i < n; i++) {
                put(channel.writer(), bound, i);
            }
            channel.writer().close();
            return null;
        });
        for (int i = 0; i < n; i++) {
            assertThat(take(r, bound)).isEqualTo(i);
        }
        writer.get(10, TimeUnit.SECONDS);
        assertThat(channel.stats().peakDepth()).isEqualTo(1);
    }
}
