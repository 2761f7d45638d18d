package io.sluice.composite;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.remote.SpaceServer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Random small specs moved between three space servers in this JVM (senders' channels spread
 * over two, receivers' on the third; each try its own channel names): every wanted seq arrives
 * exactly once, in order, at every receiver that wants it, with either scheduler.
 */
class CompositeTransferProperties {
    private static Path dir;
    private static Cluster cluster;
    private static List<URI> senders;
    private static List<URI> receivers;
    private static final AtomicInteger TRIES = new AtomicInteger();

    @BeforeContainer
    static void start() throws IOException {
        dir = Files.createTempDirectory("sluice-composite-properties");
        cluster = new Cluster(dir);
        SpaceServer a = cluster.server();
        SpaceServer b = cluster.server();
        SpaceServer x = cluster.server();
        senders = List.of(a.uri(), b.uri());
        receivers = List.of(x.uri());
    }

    @AfterContainer
    static void stop() throws IOException {
        cluster.close();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    @Property(tries = 12)
    void everyWantedSeqArrivesOnceInOrder(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int senderCount,
            @ForAll @IntRange(min = 1, max = 3) int receiverCount, @ForAll boolean lp) throws Exception {
        Random random = new Random(seed);
        TransferSpec spec = RandomSpecs.spec(random, 1 + random.nextInt(3000), senderCount, receiverCount, senders, receivers,
                "t" + TRIES.incrementAndGet() + "-");
        Cluster.fill(spec, u -> u);
        TransferSummary s = CompositeTransfer.builder(spec).scheduler(lp ? Scheduler.linearProgram() : Scheduler.greedy())
                .probeTime(Duration.ofMillis(20)).progressInterval(Duration.ofMillis(50)).windowBytes(1 + random.nextInt(64) << 10)
                .build().run();
        assertThat(s.tokens()).isEqualTo(spec.wantedTokens());
        for (TransferSpec.Receiver r : spec.receivers()) {
            List<Long> want = Cluster.expected(r);
            assertThat(Cluster.read(r.space(), r.channel(), want.size())).as("receiver %s of %s", r.name(), spec).isEqualTo(want);
        }
    }
}
