package io.sluice.composite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.remote.SpaceServer;
import java.net.URI;
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

/** Transfers between space servers in this JVM on loopback: every wanted seq arrives once, in order, also when senders fail. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CompositeTransferTest {
    @TempDir
    Path dir;

    /**
     * Short probes and a short reconnect budget, so that a node cut or killed counts as failed
     * soon. The stall timeout stays the default's 10 s: it also bounds each wait of a probe for a
     * sender's first token after a seek, which on a loaded machine can take seconds, and a
     * healthy sender taken for a stalled one would fail these tests.
     */
    private static CompositeTransfer.Builder quick(TransferSpec spec) {
        return CompositeTransfer.builder(spec).giveUpAfter(Duration.ofSeconds(1)).probeTime(Duration.ofMillis(50))
                .progressInterval(Duration.ofMillis(100)).stallTimeout(Duration.ofSeconds(10)).readWindowBytes(16 << 10);
    }

    private static void checkReceivers(TransferSpec spec) throws Exception {
        for (TransferSpec.Receiver r : spec.receivers()) {
            List<Long> want = Cluster.expected(r);
            assertThat(Cluster.read(r.space(), r.channel(), want.size())).as("receiver %s", r.name()).isEqualTo(want);
        }
    }

    @Test
    void replicasAndDisjointRangesToThreeReceivers() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            SpaceServer a = c.server();
            SpaceServer b = c.server();
            SpaceServer x = c.server();
            TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                    .sender("a", a.uri(), new SeqRange(0, 6000))
                    .sender("b", b.uri(), "data", List.of(new TransferSpec.Held(new SeqRange(3000, 9000), 0)))
                    .receiver("r1", x.uri(), "copy1", new SeqRange(0, 4500))
                    .receiver("r2", x.uri(), "copy2", new SeqRange(4500, 9000))
                    .receiver("r3", x.uri(), "copy3", new SeqRange(8000, 9000), new SeqRange(0, 100))
                    .build();
            Cluster.fill(spec, u -> u);
            List<TransferProgress> progress = new CopyOnWriteArrayList<>();
            AtomicBoolean finished = new AtomicBoolean();
            TransferSummary s = quick(spec).windowBytes(8 << 10).listener(new TransferListener() {
                @Override
                public void progress(TransferProgress p) {
                    progress.add(p);
                }

                @Override
                public void finished(TransferSummary summary) {
                    finished.set(true);
                }
            }).build().run();
            checkReceivers(spec);
            assertThat(s.complete()).isTrue();
            assertThat(s.tokens()).isEqualTo(spec.wantedTokens());
            assertThat(s.bytes()).isEqualTo(spec.wantedTokens() * 8); // the long codec: 8 bytes a token
            assertThat(s.nodes()).extracting(TransferSummary.NodeSummary::tokens).containsExactly(
                    s.nodes().get(0).tokens(), spec.wantedTokens() - s.nodes().get(0).tokens(), 4500L, 4500L, 1100L);
            assertThat(finished).isTrue();
            assertThat(progress).isNotEmpty();
            TransferProgress last = progress.get(progress.size() - 1);
            assertThat(last.tokens()).isEqualTo(spec.wantedTokens());
            assertThat(last.fraction()).isEqualTo(1.0);
        }
    }

    @Test
    void aReceiverThatHoldsSomeGetsOnlyTheRest() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            SpaceServer a = c.server();
            SpaceServer x = c.server();
            TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                    .sender("a", a.uri(), new SeqRange(0, 3000))
                    .receiver("r", x.uri(), "copy", new SeqRange(1000, 3000), new SeqRange(0, 500))
                    .build();
            Cluster.fill(spec, u -> u);
            // an earlier run stopped after 1200 tokens: 1000-2199 are there, unended
            try (var space = io.sluice.remote.RemoteChannels.connect(x.uri(), Cluster.options());
                    var ch = space.open(io.sluice.channel.ChannelSpec.unbounded("copy", Long.class))) {
                var w = ch.writer();
                for (long s = 1000; s < 2200; s++) {
                    w.put(s);
                }
            }
            TransferSummary s = quick(spec).build().run();
            assertThat(s.tokens()).isEqualTo(2500 - 1200);
            checkReceivers(spec);
        }
    }

    @Test
    void aSenderKilledMidwayIsCoveredByItsReplica() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            SpaceServer a = c.server();
            SpaceServer b = c.server();
            SpaceServer x = c.server();
            ShapedProxy pa = c.proxy(a, 100_000);
            ShapedProxy pb = c.proxy(b, 100_000);
            TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                    .sender("a", pa.uri(), new SeqRange(0, 40_000))
                    .sender("b", pb.uri(), new SeqRange(0, 40_000))
                    .receiver("r", x.uri(), "copy", new SeqRange(0, 40_000))
                    .build();
            Cluster.fill(a.uri(), "data", spec.senders().get(0).holds());
            Cluster.fill(b.uri(), "data", spec.senders().get(1).holds());
            AtomicBoolean killed = new AtomicBoolean();
            TransferSummary s = quick(spec).listener(p -> {
                if (p.tokens() > 5000 && !killed.getAndSet(true)) {
                    a.close(); // the server dies; its proxy stays
                }
            }).build().run();
            assertThat(killed).isTrue();
            checkReceivers(spec);
            assertThat(s.nodes().get(0).failure()).isNotNull();
            assertThat(s.nodes().get(1).tokens()).isGreaterThan(20_000);
        }
    }

    @Test
    void aReceiverSpaceRestartedMidwayLosesAndRepeatsNothing() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            SpaceServer a = c.server();
            ShapedProxy pa = c.proxy(a, 200_000);
            Path xDir = dir.resolve("restarted");
            SpaceServer[] x = {SpaceServer.builder(xDir).threads(1).start()};
            int port = x[0].address().getPort();
            try {
                TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                        .sender("a", pa.uri(), new SeqRange(0, 30_000))
                        .receiver("r", x[0].uri(), "copy", new SeqRange(0, 30_000))
                        .build();
                Cluster.fill(a.uri(), "data", spec.senders().get(0).holds());
                AtomicBoolean restarted = new AtomicBoolean();
                TransferSummary s = quick(spec).giveUpAfter(Duration.ofSeconds(10)).listener(p -> {
                    if (p.tokens() > 2000 && !restarted.getAndSet(true)) {
                        x[0].close(); // what it acknowledged is in its files
                        try {
                            x[0] = SpaceServer.builder(xDir).threads(1).port(port).start();
                        } catch (java.io.IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }
                }).build().run();
                assertThat(restarted).isTrue();
                assertThat(s.complete()).isTrue();
                checkReceivers(spec);
            } finally {
                x[0].close();
            }
        }
    }

    @Test
    void aCutLinkIsCoveredByAReplica() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            SpaceServer a = c.server();
            SpaceServer b = c.server();
            SpaceServer x = c.server();
            ShapedProxy pa = c.proxy(a, 100_000);
            ShapedProxy pb = c.proxy(b, 100_000);
            TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                    .sender("a", pa.uri(), new SeqRange(0, 30_000))
                    .sender("b", pb.uri(), new SeqRange(10_000, 40_000))
                    .receiver("r1", x.uri(), "copy1", new SeqRange(0, 30_000))
                    .receiver("r2", x.uri(), "copy2", new SeqRange(10_000, 40_000))
                    .build();
            Cluster.fill(a.uri(), "data", spec.senders().get(0).holds());
            Cluster.fill(b.uri(), "data", spec.senders().get(1).holds());
            AtomicBoolean cut = new AtomicBoolean();
            TransferIncompleteException e = org.junit.jupiter.api.Assertions.assertThrows(TransferIncompleteException.class,
                    () -> quick(spec).listener(p -> {
                        if (!cut.getAndSet(true)) { // at the first report, long before b can be done
                            pb.cut();
                        }
                    }).build().run());
            // b alone held 30000-39999: r2 lacks it; everything else arrived
            assertThat(e.getMessage()).contains("receiver 'r2' lacks").contains("no surviving sender holds 30000-39999").contains("b failed");
            assertThat(e.summary().missing()).containsOnlyKeys("r2");
            assertThat(e.summary().missing().get("r2").unavailable()).containsExactly(new SeqRange(30_000, 40_000));
            List<Long> r1 = Cluster.expected(spec.receiver("r1"));
            assertThat(Cluster.read(x.uri(), "copy1", r1.size())).isEqualTo(r1);
            List<Long> r2 = Cluster.read(x.uri(), "copy2", 20_000); // and nothing after
            assertThat(r2).isEqualTo(Cluster.expected(spec.receiver("r2")).subList(0, 20_000));
        }
    }

    @Test
    void aSenderThatLacksWhatItDeclaresIsDroppedAtTheProbe() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            SpaceServer a = c.server();
            SpaceServer b = c.server();
            SpaceServer x = c.server();
            TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                    .sender("a", a.uri(), new SeqRange(0, 1000))
                    .sender("b", b.uri(), new SeqRange(0, 1000))
                    .receiver("r", x.uri(), "copy", new SeqRange(0, 1000))
                    .build();
            Cluster.fill(a.uri(), "data", spec.senders().get(0).holds());
            Cluster.fill(b.uri(), "data", List.of(new TransferSpec.Held(new SeqRange(0, 500), 0)));
            TransferSummary s = quick(spec).build().run();
            checkReceivers(spec);
            assertThat(s.nodes().get(1).failure()).contains("declares 0-999").contains("has no seq 999");
        }
    }

    @Test
    void thePlanNamesWhoSendsWhatAndMovesNothing() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            SpaceServer a = c.server();
            SpaceServer b = c.server();
            SpaceServer x = c.server();
            TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                    .sender("a", a.uri(), new SeqRange(0, 2000))
                    .sender("b", b.uri(), new SeqRange(1000, 3000))
                    .receiver("r", x.uri(), "copy", new SeqRange(0, 3000))
                    .build();
            Cluster.fill(spec, u -> u);
            Schedule plan = quick(spec).scheduler(Scheduler.linearProgram()).build().plan();
            assertThat(plan.scheduler()).isEqualTo("lp");
            assertThat(plan.describe()).contains("a -> r: 0-").contains("-2999").contains("predicted time:");
            assertThat(plan.capacities().nodes()).containsKeys("a", "b");
            try (var space = io.sluice.remote.RemoteChannels.connect(x.uri(), Cluster.options())) {
                assertThat(space.names(".*")).isEmpty();
            }
        }
    }

    @Test
    void anUnreachableReceiverIsNamed() throws Exception {
        try (Cluster c = new Cluster(dir)) {
            SpaceServer a = c.server();
            SpaceServer x = c.server();
            URI gone = URI.create("sluice://127.0.0.1:1");
            TransferSpec spec = TransferSpec.builder("data").tokenType(Long.class)
                    .sender("a", a.uri(), new SeqRange(0, 100))
                    .receiver("r1", x.uri(), "copy", new SeqRange(0, 100))
                    .receiver("r2", gone, "copy", new SeqRange(0, 100))
                    .build();
            Cluster.fill(spec, u -> u);
            assertThatThrownBy(() -> quick(spec).connectTimeout(Duration.ofSeconds(1)).build().run())
                    .isInstanceOf(TransferIncompleteException.class)
                    .hasMessageContaining("receiver 'r2' lacks 0-99 (receiver failed: cannot open channel 'copy' of sluice://127.0.0.1:1");
            List<Long> r1 = new ArrayList<>(Cluster.expected(spec.receiver("r1")));
            assertThat(Cluster.read(x.uri(), "copy", 100)).isEqualTo(r1);
        }
    }
}
