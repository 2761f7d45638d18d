package io.sluice.bench;

import io.sluice.events.EventChannels;
import io.sluice.events.Overflow;
import io.sluice.events.Publisher;
import io.sluice.events.Start;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.records.FormatName;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Event channels in one JVM (issue 42's benchmarks that need no network).
 *
 * <p><b>Latency.</b> One publisher publishes events of 64 bytes at a fixed rate to one
 * subscription; each event carries the time it was scheduled to be sent, and the handler records
 * the time from then to its call in an HdrHistogram, so a publisher that falls behind its
 * schedule counts against the latency (no coordinated omission). Variants: a transient channel,
 * the same with its worker spinning 50 µs before it parks, a persistent one, and the baseline, a hand-off of the same records through an
 * {@code ArrayBlockingQueue} to a consumer thread that blocks in {@code take} (no encoding, no
 * pool). Each round runs every variant once, the order rotating.
 *
 * <p><b>Throughput.</b> Fan-out: one publisher, 64 subscriptions, each receiving every event.
 * Fan-in: 16 publisher threads, one subscription. Events of 64 bytes and of 50 KB (a byte field
 * of that size). The floor measured alongside: encoding each event once and decoding it once per
 * receiver on one thread, which is what the channel must do at least.
 *
 * <p>Options: {@code --rounds R} (5), {@code --latency-events N} (50000 per variant per round),
 * {@code --rate R} (events per second, 5000), {@code --fan-events N} (events of 64 B per
 * publisher set per round, 20000; a fortieth of it of 50 KB), {@code --output DIR}.
 */
public final class EventsBenchmark {
    private EventsBenchmark() {}

    /** An event: when it was scheduled to be sent, and its padding. */
    @FormatName("bench.Ping")
    public record Ping(long scheduled, long sent, int publisher, byte[] pad) {}

    /** Latencies of one variant: from each event's scheduled send time, and from its publish call. */
    record Latency(Histogram scheduled, Histogram sent) {
        Latency() {
            this(new Histogram(3_600_000_000_000L, 3), new Histogram(3_600_000_000_000L, 3));
        }

        void record(Ping p, long now) {
            scheduled.recordValue(now - p.scheduled());
            sent.recordValue(now - p.sent());
        }

        void add(Latency other) {
            scheduled.add(other.scheduled);
            sent.add(other.sent);
        }
    }

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--rounds R, --latency-events N, --rate R, --fan-events N, --output DIR");
        int rounds = options.getInt("--rounds", 5);
        int latencyEvents = options.getInt("--latency-events", 50_000);
        int rate = options.getInt("--rate", 5_000);
        int fanEvents = options.getInt("--fan-events", 20_000);
        Path output = options.getPath("--output", null);
        String page = report(rounds, latencyEvents, rate, fanEvents);
        System.out.print(page);
        if (output != null) {
            Files.createDirectories(output);
            Files.writeString(output.resolve("benchmarks-events.md"), page, StandardCharsets.UTF_8);
        }
    }

    static String report(int rounds, int latencyEvents, int rate, int fanEvents) throws Exception {
        Path scratch = Files.createTempDirectory("sluice-events-bench");
        try {
            Map<String, Latency> latency = new LinkedHashMap<>();
            List<String> latencyVariants = List.of("transient channel", "transient channel, worker spins 50 µs",
                    "persistent channel", "ArrayBlockingQueue hand-off (baseline)");
            latencyVariants.forEach(v -> latency.put(v, new Latency()));
            Map<String, List<Double>> rates = new LinkedHashMap<>();
            for (int round = -1; round < rounds; round++) { // round -1 warms up and is not kept
                boolean keep = round >= 0;
                for (int k = 0; k < latencyVariants.size(); k++) {
                    String v = latencyVariants.get(Math.floorMod(round + k, latencyVariants.size()));
                    Latency h = switch (v) {
                        case "transient channel" -> channelLatency(null, Duration.ZERO, latencyEvents, rate);
                        case "transient channel, worker spins 50 µs" ->
                                channelLatency(null, Duration.ofNanos(50_000), latencyEvents, rate);
                        case "persistent channel" ->
                                channelLatency(scratch.resolve("latency-" + round), Duration.ZERO, latencyEvents, rate);
                        default -> queueLatency(latencyEvents, rate);
                    };
                    if (keep) {
                        latency.get(v).add(h);
                    }
                }
                for (int size : new int[] {64, 50 * 1024}) {
                    int n = size == 64 ? fanEvents : Math.max(10, fanEvents / 40);
                    String label = size == 64 ? "64 B" : "50 KB";
                    double fanOut = fanOut(n, size, 64);
                    double fanOutFloor = codecFloor(n, size, 64);
                    double fanIn = fanIn(n, size, 16);
                    double fanInFloor = codecFloor(n, size, 1);
                    if (keep) {
                        rates.computeIfAbsent("fan-out 1→64, " + label, x -> new ArrayList<>()).add(fanOut);
                        rates.computeIfAbsent("fan-out 1→64, " + label + ": codec floor", x -> new ArrayList<>()).add(fanOutFloor);
                        rates.computeIfAbsent("fan-in 16→1, " + label, x -> new ArrayList<>()).add(fanIn);
                        rates.computeIfAbsent("fan-in 16→1, " + label + ": codec floor", x -> new ArrayList<>()).add(fanInFloor);
                    }
                }
            }
            return page(rounds, latencyEvents, rate, fanEvents, latency, rates);
        } finally {
            deleteTree(scratch);
        }
    }

    /** Publish→handler latency on a channel (persistent if {@code directory} is given), in nanoseconds. */
    static Latency channelLatency(Path directory, Duration spin, int events, int rate) throws Exception {
        Latency h = new Latency();
        EventChannels.Builder builder = EventChannels.builder().workers(1).workerSpin(spin);
        try (EventChannels space = directory == null ? builder.build() : builder.directory(directory).build()) {
            Subscription<Ping> sub = space.subscribe("pings", Ping.class, e -> h.record(e.value(), System.nanoTime()),
                    SubscribeOptions.defaults().withStart(Start.now()).withQueue(1 << 16, Overflow.BLOCK));
            Publisher<Ping> pub = space.publisher("pings", Ping.class);
            byte[] pad = new byte[32];
            long interval = 1_000_000_000L / rate;
            long start = System.nanoTime() + 1_000_000;
            for (int i = 0; i < events; i++) {
                long at = start + i * interval;
                waitUntil(at);
                pub.publish(new Ping(at, System.nanoTime(), 0, pad));
            }
            if (!sub.awaitIdle(Duration.ofMinutes(2))) {
                throw new IllegalStateException("the latency subscription did not finish");
            }
        }
        return h;
    }

    /** The same schedule through an ArrayBlockingQueue to a consumer thread. */
    static Latency queueLatency(int events, int rate) throws Exception {
        Latency h = new Latency();
        ArrayBlockingQueue<Ping> queue = new ArrayBlockingQueue<>(1 << 16);
        Thread consumer = new Thread(() -> {
            try {
                for (int i = 0; i < events; i++) {
                    Ping p = queue.take();
                    h.record(p, System.nanoTime());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "bench-queue-consumer");
        consumer.start();
        byte[] pad = new byte[32];
        long interval = 1_000_000_000L / rate;
        long start = System.nanoTime() + 1_000_000;
        for (int i = 0; i < events; i++) {
            long at = start + i * interval;
            waitUntil(at);
            queue.put(new Ping(at, System.nanoTime(), 0, pad));
        }
        consumer.join();
        return h;
    }

    /**
     * Waits for a send time: parks until about 60 µs before it (Linux lets a parked thread
     * oversleep by its timer slack, 50 µs by default), then spins.
     */
    private static void waitUntil(long at) {
        long left;
        while ((left = at - System.nanoTime()) > 0) {
            if (left > 60_000) {
                LockSupport.parkNanos(left - 60_000);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    /** Events delivered per second, over all subscriptions, one publisher to {@code subscribers}. */
    static double fanOut(int events, int size, int subscribers) throws Exception {
        try (EventChannels space = EventChannels.local()) {
            List<Subscription<Ping>> subs = new ArrayList<>();
            for (int s = 0; s < subscribers; s++) {
                subs.add(space.subscribe("pings", Ping.class, e -> {}, SubscribeOptions.defaults().withQueue(1024, Overflow.BLOCK)));
            }
            Publisher<Ping> pub = space.publisher("pings", Ping.class);
            byte[] pad = new byte[Math.max(0, size - 32)];
            long t0 = System.nanoTime();
            for (int i = 0; i < events; i++) {
                pub.publish(new Ping(i, i, 0, pad));
            }
            for (Subscription<Ping> s : subs) {
                if (!s.awaitIdle(Duration.ofMinutes(5))) {
                    throw new IllegalStateException("fan-out did not finish");
                }
            }
            return (double) events * subscribers / ((System.nanoTime() - t0) / 1e9);
        }
    }

    /** Events handled per second by one subscription fed by {@code publishers} threads. */
    static double fanIn(int events, int size, int publishers) throws Exception {
        try (EventChannels space = EventChannels.local()) {
            Subscription<Ping> sub = space.subscribe("pings", Ping.class, e -> {}, SubscribeOptions.defaults().withQueue(1024, Overflow.BLOCK));
            byte[] pad = new byte[Math.max(0, size - 32)];
            List<Thread> threads = new ArrayList<>();
            java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
            int each = Math.max(1, events / publishers);
            for (int p = 0; p < publishers; p++) {
                int id = p;
                Publisher<Ping> pub = space.publisher("pings", Ping.class);
                threads.add(new Thread(() -> {
                    try {
                        go.await();
                        for (int i = 0; i < each; i++) {
                            pub.publish(new Ping(i, i, id, pad));
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
            threads.forEach(Thread::start); // they wait for the gate: starting them is not timed
            long t0 = System.nanoTime();
            go.countDown();
            for (Thread t : threads) {
                t.join();
            }
            if (!sub.awaitIdle(Duration.ofMinutes(5))) {
                throw new IllegalStateException("fan-in did not finish");
            }
            return (double) each * publishers / ((System.nanoTime() - t0) / 1e9);
        }
    }

    /** The floor: each event encoded once and decoded {@code receivers} times, on one thread; deliveries per second. */
    static double codecFloor(int events, int size, int receivers) {
        var encoder = io.sluice.records.Records.encoder(Ping.class);
        var resolver = io.sluice.records.Records.resolver(encoder.format(), Ping.class);
        byte[] pad = new byte[Math.max(0, size - 32)];
        long sink = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < events; i++) {
            byte[] bytes = encoder.encode(new Ping(i, i, 0, pad));
            for (int r = 0; r < receivers; r++) {
                sink += resolver.read(bytes).pad().length;
            }
        }
        double rate = (double) events * receivers / ((System.nanoTime() - t0) / 1e9);
        if (sink == 42) {
            System.out.print("");
        }
        return rate;
    }

    private static String page(int rounds, int latencyEvents, int rate, int fanEvents, Map<String, Latency> latency,
            Map<String, List<Double>> rates) {
        StringBuilder p = new StringBuilder();
        p.append("# Event channels benchmark\n\n");
        p.append("Generated by `bench/run-benchmarks.sh --events` (`io.sluice.bench.EventsBenchmark`). **The machine was shared** "
                + "with other builds and benchmarks while this ran (see the load average below): absolute figures are noisy; "
                + "compare variants within the page, which ran alternating in one JVM.\n\n");
        p.append(String.format(Locale.ROOT, "%d rounds after one of warm-up; each round runs every variant once, the order rotating.%n%n",
                rounds));
        p.append("## Latency, publish → handler, in one JVM\n\n");
        p.append(String.format(Locale.ROOT, "One publisher, one subscription, events of 64 B at %,d events/s, %,d events per variant per "
                + "round; the time from each event's scheduled send time to its handler's call, so a late publisher counts "
                + "(HdrHistogram, all rounds together). One worker, which parks when idle unless it spins "
                + "(`EventChannels.Builder.workerSpin`); the publisher waits for each send time by parking, then spinning its last "
                + "60 µs or less (a parked thread may oversleep by Linux's timer slack, 50 µs). Target of issue 42: p99 below 20 µs.%n%n", rate, latencyEvents));
        p.append("From the scheduled send time:\n\n");
        table(p, latency, true);
        p.append("\nFrom the publish call (the channel's own latency, the publisher's lateness left out):\n\n");
        table(p, latency, false);
        p.append("\n## Throughput, fan-out and fan-in, transient channels\n\n");
        p.append(String.format(Locale.ROOT, "Fan-out: one publisher, 64 subscriptions, each handling every event (a handler that does "
                + "nothing); deliveries per second over all subscriptions. Fan-in: 16 publisher threads, one subscription; events "
                + "handled per second. %,d events of 64 B per round, %,d of 50 KB. Queues of 1024 events, BLOCK; the default pool "
                + "(one worker per core, at least 2). The codec floor is encoding each event once and decoding it once per receiver "
                + "on one thread; *vs floor* is the median over rounds of the channel's rate divided by the floor's in the same "
                + "round.%n%n", fanEvents, Math.max(10, fanEvents / 40)));
        p.append("| case | median deliveries/s | vs floor |\n| --- | ---: | ---: |\n");
        for (Map.Entry<String, List<Double>> e : rates.entrySet()) {
            if (e.getKey().endsWith("codec floor")) {
                p.append(String.format(Locale.ROOT, "| %s | %,.0f | 1.00× |%n", e.getKey(), median(e.getValue())));
            } else {
                List<Double> floor = rates.get(e.getKey() + ": codec floor");
                List<Double> ratios = new ArrayList<>();
                for (int i = 0; i < e.getValue().size(); i++) {
                    ratios.add(e.getValue().get(i) / floor.get(i));
                }
                p.append(String.format(Locale.ROOT, "| %s | %,.0f | %.2f× |%n", e.getKey(), median(e.getValue()), median(ratios)));
            }
        }
        p.append("\n## Machine\n\n");
        MachineInfo.collect().facts().forEach((k, v) -> p.append("- ").append(k).append(": ").append(v).append('\n'));
        return p.toString();
    }

    /** The latency table of each variant, from the scheduled send time or from the send call; also the remote page's. */
    static void table(StringBuilder p, Map<String, Latency> latency, boolean scheduled) {
        p.append("| variant | p50 | p90 | p99 | p99.9 | max |\n| --- | ---: | ---: | ---: | ---: | ---: |\n");
        latency.forEach((v, l) -> {
            Histogram h = scheduled ? l.scheduled() : l.sent();
            p.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s |%n", v, us(h.getValueAtPercentile(50)),
                    us(h.getValueAtPercentile(90)), us(h.getValueAtPercentile(99)), us(h.getValueAtPercentile(99.9)),
                    us(h.getMaxValue())));
        });
    }

    private static String us(long nanos) {
        return String.format(Locale.ROOT, "%.1f µs", nanos / 1000.0);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted(Comparator.naturalOrder()).toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
