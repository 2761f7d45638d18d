package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A space server closes an idle channel's files and opens them again when the channel has more
 * to do: the writer and readers that stay open across the idle time lose and repeat no token, and
 * while they are idle the server holds no file of the channel open.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class IdleChannelFilesTest {
    private static final long IDLE_MILLIS = 50;
    @TempDir
    Path dir;
    private SpaceServer server;
    private RemoteSpace writing;
    private RemoteSpace reading;

    @BeforeEach
    void serve() throws Exception {
        server = SpaceServer.builder(dir).filesIdleMillis(IDLE_MILLIS).start();
        writing = RemoteChannels.connect(server.uri());
        reading = RemoteChannels.connect(server.uri());
    }

    @AfterEach
    void stop() {
        writing.close();
        reading.close();
        server.close();
    }

    @Test
    void tokensPutAfterTheFilesWereClosedArriveOnceInOrder() throws Exception {
        try (Channel<Integer> out = writing.open(ChannelSpec.unbounded("idle", Integer.class));
                Channel<Integer> in = reading.open(ChannelSpec.unbounded("idle", Integer.class));
                ChannelReader<Integer> early = in.openReader("early")) {
            ChannelWriter<Integer> w = out.writer();
            List<Integer> got = new ArrayList<>();
            int next = 0;
            for (int round = 0; round < 5; round++) {
                for (int i = 0; i < 1000; i++) {
                    w.put(next++);
                }
                while (got.size() < next) {
                    got.add(early.take());
                }
                awaitNoOpenFileUnder(dir.resolve("idle"));
            }
            w.close();
            assertThat(early.take()).isNull();
            assertThat(got).hasSize(5000);
            for (int i = 0; i < got.size(); i++) {
                assertThat(got.get(i)).isEqualTo(i);
            }
            try (ChannelReader<Integer> late = in.openReader("late")) {
                int n = 0;
                Integer t;
                while ((t = late.take()) != null) {
                    assertThat(t).isEqualTo(n++);
                }
                assertThat(n).isEqualTo(5000);
            }
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void idleChannelsHoldNoFileOpen() throws Exception {
        List<AutoCloseable> open = new ArrayList<>();
        try {
            for (int i = 0; i < 20; i++) {
                Channel<Integer> ch = writing.open(ChannelSpec.unbounded("c" + i, Integer.class));
                open.add(ch);
                ch.writer().put(i);
                ChannelReader<Integer> r = reading.open(ChannelSpec.unbounded("c" + i, Integer.class)).openReader("r");
                open.add(r);
                assertThat(r.take()).isEqualTo(i);
            }
            awaitNoOpenFileUnder(dir);
        } finally {
            for (AutoCloseable c : open) {
                c.close();
            }
        }
    }

    /** Waits until this process has no file under {@code where} open (the server runs in it). */
    private static void awaitNoOpenFileUnder(Path where) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        List<Path> held = openFilesUnder(where);
        while (!held.isEmpty()) {
            assertThat(System.nanoTime()).as("files still open under %s: %s", where, held).isLessThan(deadline);
            Thread.sleep(IDLE_MILLIS);
            held = openFilesUnder(where);
        }
    }

    private static List<Path> openFilesUnder(Path where) throws IOException {
        Path fds = Path.of("/proc/self/fd");
        if (!Files.isDirectory(fds)) {
            return List.of();
        }
        Path root = where.toRealPath();
        List<Path> held = new ArrayList<>();
        try (Stream<Path> s = Files.list(fds)) {
            for (Path fd : s.toList()) {
                try {
                    Path target = Files.readSymbolicLink(fd);
                    if (target.startsWith(root)) {
                        held.add(target);
                    }
                } catch (IOException e) {
                    // closed meanwhile
                }
            }
        }
        return held;
    }
}
