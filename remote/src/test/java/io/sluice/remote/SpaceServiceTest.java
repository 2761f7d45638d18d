package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.remote.service.ServiceListener;
import io.sluice.remote.service.ServicePeer;
import io.sluice.remote.service.ServiceSession;
import io.sluice.remote.service.ServiceStream;
import io.sluice.remote.service.SpaceService;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The space server's extension point: services on streams of their own. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpaceServiceTest {
    @TempDir
    Path dir;

    /** Answers each message with it upper-cased; "fail" fails the stream, "bad" throws. */
    static class Upper implements SpaceService {
        final CountDownLatch sessionsClosed = new CountDownLatch(1);
        final AtomicBoolean closed = new AtomicBoolean();

        @Override
        public String name() {
            return "upper";
        }

        @Override
        public ServiceSession open(ServicePeer peer) {
            return new ServiceSession() {
                @Override
                public void onMessage(byte[] message) {
                    String m = new String(message, StandardCharsets.UTF_8);
                    if (m.equals("fail")) {
                        peer.fail("asked to fail");
                    } else if (m.equals("bad")) {
                        throw new IllegalArgumentException("a bad message");
                    } else {
                        peer.send(m.toUpperCase(java.util.Locale.ROOT).getBytes(StandardCharsets.UTF_8));
                    }
                }

                @Override
                public void closed() {
                    sessionsClosed.countDown();
                }
            };
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    /** Keeps what the stream got and how it failed; {@link ServiceReopenTest}'s listener extends it. */
    static class Listener implements ServiceListener {
        final BlockingQueue<String> got = new LinkedBlockingQueue<>();
        final CompletableFuture<RuntimeException> failed = new CompletableFuture<>();

        @Override
        public void onMessage(byte[] message) {
            got.add(new String(message, StandardCharsets.UTF_8));
        }

        @Override
        public void failed(RuntimeException cause) {
            failed.complete(cause);
        }
    }

    @Test
    void aServiceAnswersOnItsStreamAndIsToldWhenItCloses() throws Exception {
        Upper upper = new Upper();
        try (SpaceServer server = SpaceServer.builder(dir).port(0).service(upper).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            Listener l = new Listener();
            ServiceStream s = space.openService("upper", l);
            s.send("tide".getBytes(StandardCharsets.UTF_8));
            s.send("weir".getBytes(StandardCharsets.UTF_8));
            assertThat(l.got.poll(20, TimeUnit.SECONDS)).isEqualTo("TIDE");
            assertThat(l.got.poll(20, TimeUnit.SECONDS)).isEqualTo("WEIR");
            s.close();
            assertThat(upper.sessionsClosed.await(20, TimeUnit.SECONDS)).isTrue();
            assertThat(space.names(".*")).isEmpty(); // a service stream is no channel
        }
        assertThat(upper.closed).isTrue();
    }

    @Test
    void anUnknownServiceAFailedStreamAndABadMessageFailOnlyTheirStream() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).port(0).service(new Upper()).start();
                RemoteSpace space = RemoteChannels.connect(server.uri())) {
            Listener none = new Listener();
            space.openService("nosuch", none);
            assertThat(none.failed.get(20, TimeUnit.SECONDS)).hasMessageContaining("no service 'nosuch'");

            Listener failing = new Listener();
            ServiceStream f = space.openService("upper", failing);
            f.send("fail".getBytes(StandardCharsets.UTF_8));
            assertThat(failing.failed.get(20, TimeUnit.SECONDS)).hasMessageContaining("asked to fail");
            assertThatThrownBy(() -> f.send("x".getBytes(StandardCharsets.UTF_8))).isInstanceOf(SpaceException.class);

            Listener bad = new Listener();
            space.openService("upper", bad).send("bad".getBytes(StandardCharsets.UTF_8));
            assertThat(bad.failed.get(20, TimeUnit.SECONDS)).hasMessageContaining("a bad message");

            Listener ok = new Listener();
            space.openService("upper", ok).send("still".getBytes(StandardCharsets.UTF_8));
            assertThat(ok.got.poll(20, TimeUnit.SECONDS)).isEqualTo("STILL");
        }
    }

    @Test
    void twoServicesOfOneNameOrABadNameAreRefused() {
        SpaceServer.Builder b = SpaceServer.builder(dir).service(new Upper());
        assertThatThrownBy(() -> b.service(new Upper())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("upper");
        SpaceService bad = new Upper() {
            @Override
            public String name() {
                return "a b";
            }
        };
        assertThatThrownBy(() -> b.service(bad)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'a b'");
    }
}
