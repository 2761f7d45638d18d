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
        assertThat(ch.writer().isClosed()).isTrue();
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
    void aBoundedChannelMakesTheWriterWaitForTheSlowestReader() throws Exception {
        Channel<Integer> ch = open("b", Integer.class, 2);
        ChannelReader<Integer> r1 = ch.openReader("r1");
        ChannelReader<Integer> r2 = ch.openReader("r2");
        ChannelWriter<Integer> w = ch.writer();
        assertThat(ch.capacity()).isEqualTo(2);
        assertThat(w.offer(1)).isZero();
        assertThat(w.offer(2)).isEqualTo(1);
        assertThat(w.hasCapacity()).isFalse();
        assertThat(w.offer(3)).as("full").isEqualTo(-1);
        assertThat(w.position()).isEqualTo(2);
        r1.take();
        r1.take();
        assertThat(w.hasCapacity()).as("r2 has taken nothing").isFalse();
        Future<Long> blocked = threads.submit(() -> w.put(3));
        Thread.sleep(50);
        assertThat(blocked).isNotDone();
        assertThat(r2.take()).isEqualTo(1);
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isEqualTo(2L);
        assertThat(ch.stats().peakDepth()).isEqualTo(2);
    }

    @Test
    void raisingTheCapacityReleasesABlockedWriter() throws Exception {
        Channel<Integer> ch = open("b", Integer.class, 1);
        ChannelReader<Integer> r = ch.openReader("r");
        ch.writer().put(1);
        Future<Long> blocked = threads.submit(() -> ch.writer().put(2));
        Thread.sleep(50);
        assertThat(blocked).isNotDone();
        ch.writer().raiseCapacity(2);
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isEqualTo(1L);
        assertThat(ch.capacity()).isEqualTo(2);
        assertThat(ch.writer().capacity()).isEqualTo(2);
        ch.writer().raiseCapacity(1);
        assertThat(ch.capacity()).as("never lowered").isEqualTo(2);
        assertThat(r.take()).isEqualTo(1);
        assertThat(r.take()).isEqualTo(2);
    }

    @Test
    void putBeyondCapacityNeverWaits() throws Exception {
        Channel<Integer> ch = open("b", Integer.class, 1);
        ChannelReader<Integer> r = ch.openReader("r");
        for (int i = 0; i < 5; i++) {
            assertThat(ch.writer().putBeyondCapacity(i)).isEqualTo(i);
        }
        assertThat(ch.writer().hasCapacity()).isFalse();
        assertThat(ch.stats().peakDepth()).isEqualTo(5);
        for (int i = 0; i < 5; i++) {
            assertThat(r.take()).isEqualTo(i);
        }
        assertThat(ch.writer().hasCapacity()).isTrue();
    }

    @Test
    void closingTheSlowReaderReleasesABlockedWriter() throws Exception {
        Channel<Integer> ch = open("b", Integer.class, 1);
        ChannelReader<Integer> r = ch.openReader("r");
        ch.writer().put(1);
        Future<Long> blocked = threads.submit(() -> ch.writer().put(2));
        Thread.sleep(50);
        assertThat(blocked).isNotDone();
        assertThat(ch.writer().abandoned()).isFalse();
        r.close();
        assertThat(blocked.get(10, TimeUnit.SECONDS)).isEqualTo(1L);
        assertThat(ch.writer().abandoned()).isTrue();
        assertThat(ch.writer().hasCapacity()).isTrue();
    }

    @Test
    void awaitCapacityReturnsOnceAReaderTakes() throws Exception {
        Channel<Integer> ch = open("b", Integer.class, 1);
        ChannelReader<Integer> r = ch.openReader("r");
        ch.writer().put(1);
        Future<?> waiting = threads.submit(() -> {
            ch.writer().awaitCapacity();
            return null;
        });
        Thread.sleep(50);
        assertThat(waiting).isNotDone();
        r.take();
        waiting.get(10, TimeUnit.SECONDS);
        assertThat(ch.writer().position()).isEqualTo(1);
    }

    @Test
    void anInterruptedPutThrowsAndWritesNothing() throws Exception {
        Channel<Integer> ch = open("b", Integer.class, 1);
        ChannelReader<Integer> r = ch.openReader("r");
        ch.writer().put(1);
        Future<Long> blocked = threads.submit(() -> ch.writer().put(2));
        Thread.sleep(50);
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        assertThat(blocked).isDone();
        assertThatThrownBy(blocked::get).hasCauseInstanceOf(InterruptedException.class);
        assertThat(ch.writer().position()).isEqualTo(1);
        assertThat(r.take()).isEqualTo(1);
        assertThat(r.poll()).isNull();
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
    void aChannelWithoutReadersIsAbandonedAndNeverBlocks() throws Exception {
        Channel<Integer> ch = open("none", Integer.class, 1);
        assertThat(ch.writer().abandoned()).isTrue();
        for (int i = 0; i < 10; i++) {
            assertThat(ch.writer().offer(i)).isEqualTo(i);
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
        for (int capacity : new int[] {ChannelSpec.UNBOUNDED, 1, 64}) {
            Channel<Integer> ch = open("stress-" + capacity, Integer.class, capacity);
            int n = stressTokens();
            List<ChannelReader<Integer>> readers = List.of(ch.openReader("r1"), ch.openReader("r2"), ch.openReader("r3"));
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
                assertThat(f.get(30, TimeUnit.SECONDS)).isEqualTo(n);
            }
            if (capacity != ChannelSpec.UNBOUNDED) {
                assertThat(ch.stats().peakDepth()).isLessThanOrEqualTo(capacity);
            }
        }
    }
}
