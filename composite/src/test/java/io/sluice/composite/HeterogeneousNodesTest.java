package io.sluice.composite;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.remote.SpaceServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Heterogeneous senders on one machine: links rate-limited by Netty's traffic shaping. The
 * schedule gives a fast sender more than slow ones, a sender that slows down during the
 * transfer gets less from then on, and a receiver's capacity, measured as it writes, is scheduled
 * by. Shares are asserted, not times (the machine is shared).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HeterogeneousNodesTest {
    @TempDir
    Path dir;

    @Test
    void oneFastAndThreeSlowSenders() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            List<ShapedProxy> proxies = new ArrayList<>();
            int n = 40_000;
            TransferSpec.Builder b = TransferSpec.builder("data").tokenType(Long.class);
            for (int i = 0; i < 4; i++) {
                SpaceServer s = c.server();
                Cluster.fill(s.uri(), "data", List.of(new TransferSpec.Held(new SeqRange(0, n), 0)));
                proxies.add(c.proxy(s, i == 0 ? 800_000 : 100_000));
                b.sender(i == 0 ? "fast" : "slow" + i, proxies.get(i).uri(), new SeqRange(0, n));
            }
            SpaceServer x = c.server();
            TransferSpec spec = b.receiver("r1", x.uri(), "copy1", new SeqRange(0, n / 2))
                    .receiver("r2", x.uri(), "copy2", new SeqRange(n / 2, n))
                    .receiver("r3", x.uri(), "copy3", new SeqRange(0, n))
                    .build();
            TransferSummary s = CompositeTransfer.builder(spec).probeTime(Duration.ofMillis(200)).readWindowBytes(16 << 10)
                    .progressInterval(Duration.ofMillis(100)).build().run();
            for (TransferSpec.Receiver r : spec.receivers()) {
                assertThat(Cluster.read(r.space(), r.channel(), r.wanted())).isEqualTo(Cluster.expected(r));
            }
            long fast = s.nodes().get(0).tokens();
            for (int i = 1; i < 4; i++) {
                assertThat(fast).as("fast against %s: %s", s.nodes().get(i).name(), s.nodes()).isGreaterThan(2 * s.nodes().get(i).tokens());
            }
        }
    }

    @Test
    void aSlowReceiverIsMeasuredAndItsCapacityScheduledBy() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            // The slow receiver's link is slower than the space behind it (all of it in this
            // JVM, on this machine's cores), and it wants enough to be measured for seconds.
            int n = 400_000;
            SpaceServer a = c.server();
            SpaceServer b = c.server();
            SpaceServer x = c.server();
            int link = 200_000;
            ShapedProxy slowLink = c.uploadProxy(x, link);
            TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                    .sender("a", a.uri(), new SeqRange(0, n))
                    .sender("b", b.uri(), new SeqRange(0, n))
                    .receiver("slow", slowLink.uri(), "copy-slow", new SeqRange(0, n / 4))
                    .receiver("fast", x.uri(), "copy-fast", new SeqRange(0, n))
                    .build();
            Cluster.fill(spec, u -> u);
            List<Capacities> scheduledBy = new CopyOnWriteArrayList<>();
            Scheduler recording = new Scheduler() {
                @Override
                public Schedule schedule(TransferSpec left, Capacities capacities) {
                    scheduledBy.add(capacities);
                    return Scheduler.greedy().schedule(left, capacities);
                }

                @Override
                public String name() {
                    return "recording greedy";
                }
            };
            // A small reorder window, so that the slow receiver's wants are not all handed out
            // (and buffered) before its capacity is known.
            TransferSummary summary = CompositeTransfer.builder(spec).scheduler(recording).probeTime(Duration.ofMillis(200))
                    .readWindowBytes(16 << 10).windowBytes(256 << 10)
                    .progressInterval(Duration.ofMillis(100)).rescheduleInterval(Duration.ofMillis(300)).build().run();
            for (TransferSpec.Receiver r : spec.receivers()) {
                assertThat(Cluster.read(x.uri(), r.channel(), r.wanted())).isEqualTo(Cluster.expected(r));
            }

            TransferSummary.NodeSummary slowNode = summary.nodes().stream().filter(k -> k.name().equals("slow")).findFirst().orElseThrow();
            Capacities first = scheduledBy.get(0);
            assertThat(first.nodes()).as("the receivers were probed before the first schedule").containsKeys("a", "b", "slow", "fast");
            assertThat(first.receiver("slow") * slowNode.bytes() / slowNode.tokens()).as("the slow receiver's probed bytes per second, in %s",
                    first).isGreaterThan(0).isLessThan(2.0 * link);
            assertThat(first.receiver("slow")).as("%s", first).isLessThan(first.receiver("fast"));
            assertThat(Cluster.channels(x.uri())).as("the probes' scratch channels are removed").containsExactlyInAnyOrder("copy-slow",
                    "copy-fast");
            Capacities last = scheduledBy.stream().filter(k -> k.nodes().containsKey("slow")).reduce((p, q) -> q)
                    .orElseThrow(() -> new AssertionError("no reschedule knew the slow receiver's capacity: " + scheduledBy));
            TransferSummary.NodeSummary slow = summary.nodes().stream().filter(k -> k.name().equals("slow")).findFirst().orElseThrow();
            double bytesPerToken = (double) slow.bytes() / slow.tokens();
            // Each schedule's figure is measured over the last few hundred milliseconds, where the
            // space's acknowledgements of stored tokens may arrive in a burst on a loaded machine;
            // over the schedules of the transfer, the median is the link's.
            double[] measured = scheduledBy.stream().filter(k -> k.nodes().containsKey("slow")).mapToDouble(k -> k.receiver("slow"))
                    .sorted().toArray();
            assertThat(measured[measured.length / 2] * bytesPerToken).as("the slow receiver's measured bytes per second, the "
                    + "median of %s tokens per second", java.util.Arrays.toString(measured))
                    .isGreaterThan(0).isLessThan(2.0 * link); // framing included, its link carries no more
            // The fast receiver is bound only by this JVM's share of the cores, which a loaded
            // machine can bring near the slow link; it is never below it.
            assertThat(last.receiver("slow")).as("%s", last).isLessThan(last.receiver("fast"));
        }
    }

    @Test
    void aSenderThatSlowsDownGetsLess() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            int n = 60_000;
            SpaceServer a = c.server();
            SpaceServer b = c.server();
            SpaceServer x = c.server();
            ShapedProxy pa = c.proxy(a, 400_000);
            ShapedProxy pb = c.proxy(b, 400_000);
            TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                    .sender("a", pa.uri(), new SeqRange(0, n))
                    .sender("b", pb.uri(), new SeqRange(0, n))
                    .receiver("r", x.uri(), "copy", new SeqRange(0, n))
                    .build();
            Cluster.fill(spec, u -> u.equals(pa.uri()) ? a.uri() : b.uri());
            AtomicBoolean slowed = new AtomicBoolean();
            TransferSummary s = CompositeTransfer.builder(spec).probeTime(Duration.ofMillis(200)).readWindowBytes(16 << 10)
                    .progressInterval(Duration.ofMillis(100)).rescheduleInterval(Duration.ofMillis(300)).listener(p -> {
                        if (p.tokens() > n / 10 && !slowed.getAndSet(true)) {
                            pb.rate(25_000);
                        }
                    }).build().run();
            assertThat(Cluster.read(x.uri(), "copy", n)).isEqualTo(Cluster.expected(spec.receiver("r")));
            assertThat(slowed).isTrue();
            assertThat(s.nodes().get(1).tokens()).as("%s", s.nodes()).isLessThan(s.nodes().get(0).tokens() / 2);
        }
    }
}
