package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The contract every {@link Channel} implementation keeps. Each implementation has a thin subclass
 * that supplies its factory; the abstract class is shipped in this module's test jar.
 *
 * <p>Readers are opened before the first put, as a director does, so that the contract holds for
 * memory channels too.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
public abstract class ChannelContractTest {
    private final List<Channel<?>> opened = new ArrayList<>();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    /** The factory under test. */
    protected abstract ChannelFactory factory();

    /** How many tokens the concurrent stress test writes; persistent channels write fewer. */
    protected int stressTokens() {
        return 200_000;
    }

    protected final <T> Channel<T> open(String name, Class<T> type, int capacity) throws Exception {
        Channel<T> channel = factory().open(new ChannelSpec<>(name, type, capacity));
        opened.add(channel);
        return channel;
    }

    protected final Channel<Integer> unbounded(String name) throws Exception {
        return open(name, Integer.class, ChannelSpec.UNBOUNDED);
    }

    @AfterEach
    void closeEverything() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).as("test threads ended").isTrue();
        opened.forEach(Channel::close);
    }

    @Test
    void tokensComeOutInOrderWithSequenceNumbers() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> r = ch.openReader("r");
        ChannelWriter<Integer> w = ch.writer();
        assertThat(ch.name()).isEqualTo("c");
        assertThat(ch.type()).isEqualTo(Integer.class);
        for (int i = 0; i < 2500; i++) {
            assertThat(w.position()).isEqualTo(i);
            assertThat(w.put(i * 10)).isEqualTo(i);
        }
        for (int i = 0; i < 2500; i++) {
            assertThat(r.position()).isEqualTo(i);
            assertThat(r.take()).isEqualTo(i * 10);
        }
        assertThat(r.position()).isEqualTo(2500);
        assertThat(ch.stats().tokensWritten()).isEqualTo(2500);
    }

    @Test
    void closingTheWriterEndsTheStreamAfterTheLastToken() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> r = ch.openReader("r");
        ch.writer().put(1);
        ch.writer().close();
        ch.writer().close();
        assertThat(r.isEndOfStream()).isFalse();
        assertThat(r.isReady()).isTrue();
        assertThat(r.take()).isEqualTo(1);
        assertThat(r.isEndOfStream()).isTrue();
        assertThat(r.isReady()).isTrue();
        assertThat(r.take()).isNull();
        assertThat(r.poll()).isNull();
        assertThatThrownBy(() -> ch.writer().put(2)).isInstanceOf(IllegalStateException.class).hasMessageContaining("'c'");
    }

    @Test
    void pollNeverBlocks() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> r = ch.openReader("r");
        assertThat(r.poll()).isNull();
        assertThat(r.isReady()).isFalse();
        assertThat(r.isEndOfStream()).isFalse();
        ch.writer().put(7);
        // Ready: take() will not wait for an actor, though the token may still be on its way
        // through a policy's caches, so poll() may not have it yet.
        assertThat(r.isReady()).isTrue();
        assertThat(r.take()).isEqualTo(7);
        assertThat(r.poll()).isNull();
    }

    @Test
    void everyReaderSeesEveryTokenAtItsOwnPace() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> fast = ch.openReader("fast");
        ChannelReader<Integer> slow = ch.openReader("slow");
        for (int i = 0; i < 3000; i++) {
            ch.writer().put(i);
            assertThat(fast.take()).isEqualTo(i);
        }
        ch.writer().close();
        for (int i = 0; i < 3000; i++) {
            assertThat(slow.take()).isEqualTo(i);
        }
        assertThat(fast.take()).isNull();
        assertThat(slow.take()).isNull();
    }

    @Test
    void peakDepthCountsTokensWaitingForTheSlowestReader() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> a = ch.openReader("a");
        ChannelReader<Integer> b = ch.openReader("b");
        for (int i = 0; i < 5; i++) {
            ch.writer().put(i);
        }
        a.take();
        a.take();
        b.take();
        for (int i = 0; i < 3; i++) {
            ch.writer().put(i);
        }
        assertThat(ch.stats().peakDepth()).as("8 written, slowest reader took 1").isEqualTo(7);
        for (int i = 0; i < 7; i++) {
            b.take();
        }
        ch.writer().put(9);
        assertThat(ch.stats().peakDepth()).isEqualTo(7);
        assertThat(ch.stats().tokensWritten()).isEqualTo(9);
    }

    @Test
    void aBlockedTakeWakesOnPutAndOnClose() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> r = ch.openReader("r");
        Future<Integer> first = threads.submit(() -> r.take());
        Thread.sleep(50);
        assertThat(first).isNotDone();
        ch.writer().put(42);
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo(42);
        Future<Integer> second = threads.submit(() -> r.take());
        Thread.sleep(50);
        ch.writer().close();
        assertThat(second.get(10, TimeUnit.SECONDS)).isNull();
    }

    @Test
    void awaitReadyReturnsOnceATokenIsThere() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> r = ch.openReader("r");
        Future<?> waiting = threads.submit(() -> {
            r.awaitReady();
            return null;
        });
        Thread.sleep(50);
        assertThat(waiting).isNotDone();
        ch.writer().put(1);
        waiting.get(10, TimeUnit.SECONDS);
        assertThat(r.position()).as("awaitReady does not take").isZero();
    }

    @Test
    void anInterruptedTakeThrowsAndDoesNotMove() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> r = ch.openReader("r");
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                r.take();
                outcome.complete(null);
            } catch (Throwable e) {
                outcome.complete(e);
            }
        });
        t.start();
        Thread.sleep(50);
        t.interrupt();
        assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOf(InterruptedException.class);
        t.join();
        assertThat(r.position()).isZero();
        ch.writer().put(5);
        assertThat(r.take()).isEqualTo(5);
    }

    @Test
    void aWriterNeverWaitsForItsReaders() throws Exception {
        // A capacity is the run's to keep (a director waits before it puts), not the channel's.
        Channel<Integer> ch = open("b", Integer.class, 1);
        ChannelReader<Integer> r = ch.openReader("r");
        for (int i = 0; i < 5; i++) {
            assertThat(ch.writer().put(i)).isEqualTo(i);
        }
        assertThat(ch.writer().position()).isEqualTo(5);
        assertThat(ch.stats().peakDepth()).isEqualTo(5);
        assertThat(ch.stats().capacity()).as("the spec's, reported").isEqualTo(1);
        for (int i = 0; i < 5; i++) {
            assertThat(r.take()).isEqualTo(i);
        }
    }

    @Test
    void nullsAndWrongTypesAreRejectedNamingTheChannel() throws Exception {
        Channel<Integer> ch = unbounded("typed");
        ch.openReader("r");
        assertThatThrownBy(() -> ch.writer().put(null)).isInstanceOf(NullPointerException.class).hasMessageContaining("'typed'");
        @SuppressWarnings({"unchecked", "rawtypes"})
        ChannelWriter<Object> raw = (ChannelWriter) ch.writer();
        assertThatThrownBy(() -> raw.put("text")).isInstanceOf(ClassCastException.class).hasMessageContaining("'typed'");
        assertThat(ch.writer().position()).isZero();
    }

    @Test
    void aChannelWithoutReadersTakesEveryToken() throws Exception {
        Channel<Integer> ch = open("none", Integer.class, 1);
        for (int i = 0; i < 10; i++) {
            assertThat(ch.writer().put(i)).isEqualTo(i);
        }
        assertThat(ch.stats().tokensWritten()).isEqualTo(10);
        assertThat(ch.stats().peakDepth()).isZero();
    }

    @Test
    void aClosedReaderRefusesToTake() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> r = ch.openReader("r");
        ch.writer().put(1);
        r.close();
        r.close();
        assertThatThrownBy(r::poll).isInstanceOf(IllegalStateException.class).hasMessageContaining("closed");
    }

    @Test
    void concurrentWriterAndReadersSeeEveryTokenOnceInOrder() throws Exception {
        // A reader that closes half-way, as an actor that finishes early does, leaves the others be.
        for (boolean oneCloses : new boolean[] {false, true}) {
            Channel<Integer> ch = unbounded("stress-" + oneCloses);
            int n = stressTokens();
            List<ChannelReader<Integer>> readers = List.of(ch.openReader("r1"), ch.openReader("r2"), ch.openReader("r3"));
            ChannelReader<Integer> closing = oneCloses ? readers.get(2) : null;
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Long>> results = new ArrayList<>();
            for (ChannelReader<Integer> r : readers) {
                results.add(threads.submit(() -> {
                    start.await();
                    long expected = 0;
                    for (Integer t = r.take(); t != null; t = r.take()) {
                        if (t != expected) {
                            throw new AssertionError("reader " + r.name() + " expected " + expected + " but took " + t);
                        }
                        expected++;
                        if (r == closing && expected == n / 2) {
                            r.close();
                            return -1L;
                        }
                    }
                    return expected;
                }));
            }
            Future<?> writer = threads.submit(() -> {
                start.await();
                for (int i = 0; i < n; i++) {
                    ch.writer().put(i);
                }
                ch.writer().close();
                return null;
            });
            start.countDown();
            writer.get(30, TimeUnit.SECONDS);
            for (Future<Long> f : results) {
                long taken = f.get(30, TimeUnit.SECONDS);
                if (taken >= 0) {
                    assertThat(taken).isEqualTo(n);
                }
            }
            assertThat(ch.stats().tokensWritten()).isEqualTo(n);
        }
    }
}
