package io.sluice.bench;

import io.sluice.events.Event;
import io.sluice.events.EventChannels;
import io.sluice.events.Overflow;
import io.sluice.events.Publisher;
import io.sluice.events.Start;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.internal.CelFilter;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import io.sluice.remote.RemoteChannels;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Throughput of remote event channels against a space server in another process: publish with a
 * window of 1 and pipelined, fan-out, fan-in, and a filter at the server against the same filter
 * in the subscriber's handler, with the bytes the subscriber's connection carried (through a
 * {@link CountingRelay}).
 */
final class RemoteEventsThroughput {
    /** An event of the throughput runs: its number, a tag for the filters, and padding to its size. */
    public record Sample(long n, int tag, byte[] pad) {}

    /** The filter of the filtering runs: 1 event in 100 passes. */
    static final String FILTER = "tag == 0";
    /** Bytes of a Sample without its padding, about (Avro: varints and a length). */
    static final int OVERHEAD = 8;
    private static final long WAIT_NANOS = TimeUnit.MINUTES.toNanos(5);
    private static final int QUEUE = 64;
    /** The publish window of the pipelined runs: the default of a connection. */
    static final int PIPELINED = io.sluice.events.internal.remote.RemoteEventSpace.DEFAULT_PUBLISH_WINDOW;

    /** What one run measured. */
    record Run(double events, double seconds, long deliveries, long bytesToSubscriber) {
        double eventsPerSecond() {
            return events / seconds;
        }
    }

    private final URI server;
    private int next;

    RemoteEventsThroughput(URI server) {
        this.server = server;
    }

    private String channel(String what) {
        return what + "-" + next++;
    }

    private static Sample sample(long n, int tag, int size) {
        return new Sample(n, tag, new byte[Math.max(0, size - OVERHEAD)]);
    }

    private EventChannels connect(URI uri, int window) throws Exception {
        return EventChannels.connect(RemoteChannels.connect(uri, RemoteChannels.options()), window);
    }

    /** One publisher, one subscriber; the publisher's connection with the window given. */
    Run publish(int window, int events, int size) throws Exception {
        return fan(1, 1, 1, window, events, size);
    }

    /**
     * {@code publishers} publishers (each on a thread, on {@code connections} connections) and
     * {@code subscribers} subscriptions (on {@code connections} other connections) on one channel.
     */
    Run fan(int publishers, int subscribers, int connections, int window, int events, int size) throws Exception {
        String channel = channel("fan");
        List<EventChannels> subSpaces = new ArrayList<>();
        List<EventChannels> pubSpaces = new ArrayList<>();
        LongAdder delivered = new LongAdder();
        try {
            for (int c = 0; c < Math.min(connections, subscribers); c++) {
                subSpaces.add(connect(server, window));
            }
            for (int c = 0; c < Math.min(connections, publishers); c++) {
                pubSpaces.add(connect(server, window));
            }
            for (int s = 0; s < subscribers; s++) {
                subSpaces.get(s % subSpaces.size()).subscribe(channel, Sample.class, e -> delivered.increment(),
                        SubscribeOptions.defaults().withStart(Start.now()).withQueue(QUEUE, Overflow.BLOCK));
            }
            List<Publisher<Sample>> pubs = new ArrayList<>();
            for (int p = 0; p < publishers; p++) {
                pubs.add(pubSpaces.get(p % pubSpaces.size()).publisher(channel, Sample.class));
            }
            long expected = (long) events * subscribers;
            long start = System.nanoTime();
            List<Thread> threads = new ArrayList<>();
            List<CompletableFuture<Long>> last = new java.util.concurrent.CopyOnWriteArrayList<>();
            AtomicLong failed = new AtomicLong();
            for (int p = 0; p < publishers; p++) {
                Publisher<Sample> pub = pubs.get(p);
                int share = events / publishers + (p < events % publishers ? 1 : 0);
                Thread t = new Thread(() -> {
                    CompletableFuture<Long> f = null;
                    try {
                        for (int i = 0; i < share; i++) {
                            f = pub.publishAsync(sample(i, i % 100, size));
                        }
                        if (f != null) {
                            last.add(f);
                        }
                    } catch (Exception e) {
                        failed.incrementAndGet();
                        e.printStackTrace();
                    }
                }, "bench-publisher-" + p);
                t.start();
                threads.add(t);
            }
            for (Thread t : threads) {
                t.join();
            }
            for (CompletableFuture<Long> f : last) {
                f.get(5, TimeUnit.MINUTES);
            }
            awaitCount(delivered, expected, "deliveries on channel " + channel);
            double seconds = (System.nanoTime() - start) / 1e9;
            if (failed.get() > 0) {
                throw new IllegalStateException(failed.get() + " publishers failed");
            }
            return new Run(events, seconds, delivered.sum(), -1);
        } finally {
            pubSpaces.forEach(EventChannels::close);
            subSpaces.forEach(EventChannels::close);
        }
    }

    /**
     * One publisher (pipelined) and one subscriber whose connection goes through a counting relay;
     * 1 event in 100 passes {@link #FILTER}, evaluated at the server or in the handler.
     */
    Run filter(boolean atServer, int events, int size) throws Exception {
        String channel = channel("filter");
        RecordFormat format = RecordFormat.of(Sample.class);
        CelFilter inHandler = atServer ? null : CelFilter.compile(FILTER, format,
                dev.cel.runtime.CelRuntimeFactory.standardCelRuntimeBuilder().build(), "benchmark subscriber");
        LongAdder seen = new LongAdder();
        LongAdder passed = new LongAdder();
        try (CountingRelay relay = new CountingRelay(server);
                EventChannels sub = connect(relay.uri(), 1);
                EventChannels pubSpace = connect(server, PIPELINED)) {
            SubscribeOptions options = SubscribeOptions.defaults().withStart(Start.now()).withQueue(QUEUE, Overflow.BLOCK);
            sub.subscribe(channel, format, (Event<RecordValue> e) -> {
                seen.increment();
                if (inHandler == null || inHandler.test(e.value())) {
                    passed.increment();
                }
            }, atServer ? options.withFilter(FILTER) : options);
            Publisher<Sample> pub = pubSpace.publisher(channel, Sample.class);
            long before = relay.toClient();
            long start = System.nanoTime();
            CompletableFuture<Long> f = null;
            for (int i = 0; i < events; i++) {
                f = pub.publishAsync(sample(i, i % 100, size));
            }
            f.get(5, TimeUnit.MINUTES);
            long pass = (events + 99) / 100;
            awaitCount(passed, pass, "events passing the filter on channel " + channel);
            if (!atServer) {
                awaitCount(seen, events, "events seen on channel " + channel);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            return new Run(events, seconds, passed.sum(), relay.toClient() - before);
        }
    }

    private static void awaitCount(LongAdder count, long expected, String what) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (count.sum() < expected) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("only " + count.sum() + " of " + expected + " " + what + " within 5 minutes");
            }
            Thread.sleep(1);
        }
    }
}
