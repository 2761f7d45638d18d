package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import io.sluice.testing.ChildJvm;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice serve} as a process of its own: killed with SIGKILL while a client writes, started
 * again over the same directory and port, and then stopped with SIGTERM. The clients ride out the
 * kill: the reader gets every token once, in order, and the space holds exactly what was written.
 */
class ServeProcessTest {
    private static final int TOKENS = 100_000;
    private static final Duration START = Duration.ofSeconds(60);

    @TempDir
    Path dir;
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() throws InterruptedException {
        threads.shutdownNow();
        assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    }

    private ChildJvm serve(String port) {
        try {
            return ChildJvm.start(Main.class, "serve", "--dir", dir.resolve("space").toString(), "--port", port);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aServerKilledAndStartedAgainLosesNoTokenAndRepeatsNone() throws Exception {
        RemoteChannels.Options patient = RemoteChannels.options().giveUpAfter(Duration.ofSeconds(60));
        ChildJvm first = serve("0");
        ChildJvm second = null;
        try {
            URI uri = URI.create(first.await("sluice://", START));
            String port = Integer.toString(uri.getPort());
            AtomicLong written = new AtomicLong();
            AtomicLong seen = new AtomicLong();
            try (RemoteSpace writing = RemoteChannels.connect(uri, patient);
                    RemoteSpace reading = RemoteChannels.connect(uri, patient)) {
                Future<Long> read = threads.submit(() -> {
                    try (Channel<String> ch = reading.open(ChannelSpec.unbounded("kept", String.class));
                            ChannelReader<String> r = ch.openReader("r")) {
                        for (String t; (t = r.take()) != null; ) {
                            assertThat(t).isEqualTo("t" + seen.get());
                            seen.incrementAndGet();
                        }
                    }
                    return seen.get();
                });
                Future<?> write = threads.submit(() -> {
                    try (Channel<String> ch = writing.open(ChannelSpec.unbounded("kept", String.class))) {
                        ChannelWriter<String> w = ch.writer();
                        for (int i = 0; i < TOKENS; i++) {
                            w.put("t" + i);
                            written.incrementAndGet();
                            if (i % 1_000 == 999) {
                                Thread.sleep(5); // so that the kill lands while it writes
                            }
                        }
                        w.close();
                    }
                    return null;
                });

                while (written.get() < TOKENS / 5 && !write.isDone()) {
                    Thread.sleep(1);
                }
                long writtenAtKill = written.get();
                first.kill();
                second = serve(port);
                assertThat(second.await("sluice://", START)).isEqualTo(uri.toString());

                write.get(120, TimeUnit.SECONDS);
                assertThat(read.get(120, TimeUnit.SECONDS)).isEqualTo(TOKENS);
                assertThat(writtenAtKill).as("tokens written when the server was killed").isLessThan(TOKENS);
            }

            // SIGTERM: the server closes and the process exits with 0.
            ProcessHandle.of(second.pid()).orElseThrow().destroy();
            assertThat(second.awaitExit(Duration.ofSeconds(30))).as("exit code after SIGTERM; stderr: %s", second.errors()).isZero();
        } finally {
            first.close();
            if (second != null) {
                second.close();
            }
        }
        assertThat(Sluice.run(dir, "channel", "info", "space/kept").summary())
                .isEqualTo("kept: " + TOKENS + " tokens of java.lang.String (codec string), ended");
        Sluice.Outcome all = Sluice.run(dir, "channel", "read", "space/kept");
        assertThat(all.code()).isEqualTo(Main.OK);
        assertThat(all.out().lines().toList()).isEqualTo(IntStream.range(0, TOKENS).mapToObj(i -> "t" + i).toList());
    }
}
