package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.local.PersistentChannels;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Remote channels survive failures: connections cut at random points, and the server stopped and
 * started again over the same directory. Every token arrives once, in order, and the space
 * holds exactly what was written.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RemoteFailuresTest {
    private static final int TOKENS = Integer.getInteger("sluice.remote.cut.tokens", 1_000_000);
    private static final int CUTS = Integer.getInteger("sluice.remote.cut.count", 20);

    @TempDir
    Path dir;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    private static RemoteChannels.Options patient() {
        return RemoteChannels.options().giveUpAfter(Duration.ofSeconds(60)).connectTimeout(Duration.ofSeconds(5));
    }

    /** Reads "w0", "w1", ... from {@code name} until the end, counting in {@code seen}; returns how many it checked. */
    private Future<Long> reader(RemoteSpace space, String name, AtomicLong seen) {
        return threads.submit(() -> {
            try (Channel<String> ch = space.open(ChannelSpec.unbounded(name, String.class));
                    ChannelReader<String> r = ch.openReader("r")) {
                String t;
                while ((t = r.take()) != null) {
                    assertThat(t).isEqualTo("w" + seen.get());
                    seen.incrementAndGet();
                }
                return seen.get();
            }
        });
    }

    /** A call on a closed space fails at once: it used to wait out the whole answer timeout. */
    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void aClosedSpaceRefusesEveryCallAtOnceNamingIt() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).start()) {
            RemoteSpace space = RemoteChannels.connect(server.uri(), patient());
            Channel<String> ch = space.open(ChannelSpec.unbounded("late", String.class));
            space.close();
            String closed = "the connection to space " + server.uri() + " is closed";
            assertThatThrownBy(() -> space.names(".*")).isInstanceOf(SpaceException.class).hasMessageContaining(closed);
            assertThatThrownBy(() -> space.unlink("late")).isInstanceOf(SpaceException.class).hasMessageContaining(closed);
            assertThatThrownBy(ch::writer).hasMessageContaining(closed);
            assertThatThrownBy(() -> ch.openReader("r")).hasMessageContaining(closed);
            ch.close();
        }
    }

    @Test
    void cutConnectionsLoseNoTokenAndRepeatNone() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).start();
                CuttingProxy proxy = new CuttingProxy(server.address());
                RemoteSpace writing = RemoteChannels.connect(proxy.uri(), patient());
                RemoteSpace reading = RemoteChannels.connect(proxy.uri(), patient())) {
            AtomicLong seen = new AtomicLong();
            Future<Long> read = reader(reading, "cut", seen);
            // Cut at points of the transfer: once the bytes through the proxy pass each of CUTS
            // random counts, all below what the transfer must move (each token's few bytes, twice).
            proxy.cutAtBytes(new Random(38).longs(CUTS, 1, TOKENS * 8L).toArray());
            try (Channel<String> ch = writing.open(ChannelSpec.unbounded("cut", String.class))) {
                RemoteChannelWriter<String> w = (RemoteChannelWriter<String>) ch.writer();
                long storedBefore = 0;
                for (int i = 0; i < TOKENS; i++) {
                    w.put("w" + i);
                    long stored = w.stored(); // across the cuts: what the space acknowledged never goes back
                    assertThat(stored).isBetween(storedBefore, w.position());
                    storedBefore = stored;
                }
                w.close();
                assertThat(w.stored()).as("stored once the stream is closed").isEqualTo(TOKENS);
            }
            assertThat(read.get(100, TimeUnit.SECONDS)).isEqualTo(TOKENS);
            assertThat(proxy.cuts()).as("cuts made during the transfer").isGreaterThanOrEqualTo(CUTS * 3 / 4);
            assertThat(proxy.accepted()).as("connections made again after the cuts").isGreaterThan(2L + proxy.cuts());
        }
        var stored = PersistentChannels.describe(dir.resolve("cut"));
        assertThat(stored.tokens()).isEqualTo(TOKENS);
        assertThat(stored.ended()).isTrue();
    }

    @Test
    void aServerStoppedAndStartedAgainOnTheSamePortLosesNothing() throws Exception {
        SpaceServer server = SpaceServer.builder(dir).start();
        int port = server.address().getPort();
        int n = 100_000;
        try (RemoteSpace writing = RemoteChannels.connect(server.uri(), patient());
                RemoteSpace reading = RemoteChannels.connect(server.uri(), patient())) {
            Future<Long> read = reader(reading, "restart", new AtomicLong());
            try (Channel<String> ch = writing.open(ChannelSpec.unbounded("restart", String.class))) {
                ChannelWriter<String> w = ch.writer();
                for (int i = 0; i < n; i++) {
                    w.put("w" + i);
                    if (i == n / 3) {
                        server.close();
                    }
                    if (i == n / 2) {
                        server = SpaceServer.builder(dir).port(port).start();
                    }
                }
                w.close();
            }
            assertThat(read.get(100, TimeUnit.SECONDS)).isEqualTo(n);
        } finally {
            server.close();
        }
        assertThat(PersistentChannels.describe(dir.resolve("restart")).tokens()).isEqualTo(n);
    }
}
