package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.remote.RawClient.RawFrame;
import io.sluice.remote.internal.ErrorCode;
import io.sluice.remote.internal.FrameType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A server's token and its limits: who is refused, with what, and that the others keep working. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpaceServerSecurityTest {
    @TempDir
    Path dir;
    private PrintStream stderr;
    private final ByteArrayOutputStream logged = new ByteArrayOutputStream();

    /** Copies what is logged (slf4j-simple writes to System.err) into {@link #logged}. */
    private void captureLog() {
        stderr = System.err;
        PrintStream original = stderr;
        System.setErr(new PrintStream(new OutputStream() {
            @Override
            public void write(int b) {
                original.write(b);
                synchronized (logged) {
                    logged.write(b);
                }
            }

            @Override
            public void write(byte[] b, int off, int len) {
                original.write(b, off, len);
                synchronized (logged) {
                    logged.write(b, off, len);
                }
            }
        }, true, StandardCharsets.UTF_8));
    }

    private String log() {
        synchronized (logged) {
            return logged.toString(StandardCharsets.UTF_8);
        }
    }

    @AfterEach
    void restoreStderr() {
        if (stderr != null) {
            System.setErr(stderr);
        }
    }

    /**
     * A connect timeout that still ends a hung handshake well within the test's time limit, yet
     * leaves a loaded machine room to answer the handshake.
     */
    private static RemoteChannels.Options quick() {
        return RemoteChannels.options().connectTimeout(Duration.ofSeconds(10)).giveUpAfter(Duration.ofSeconds(3));
    }

    /** Writes a token to {@code name} and reads it back. */
    private static void roundTrip(RemoteSpace space, String name) throws InterruptedException {
        try (Channel<String> ch = space.open(ChannelSpec.unbounded(name, String.class))) {
            ChannelWriter<String> w = ch.writer();
            w.put("hello " + name);
            w.close();
            try (ChannelReader<String> r = ch.openReader("r")) {
                assertThat(r.take()).isEqualTo("hello " + name);
            }
        }
    }

    @Test
    void aServerWithATokenRefusesClientsWithoutItOrWithAnother() throws Exception {
        captureLog();
        try (SpaceServer server = SpaceServer.builder(dir).token("s3cret-token").start()) {
            assertThatThrownBy(() -> RemoteChannels.connect(server.uri(), quick()))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("refused")
                    .hasMessageContaining("AUTH")
                    .hasMessageContaining("requires a token");
            assertThatThrownBy(() -> RemoteChannels.connect(server.uri(), quick().token("guess")))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("refused")
                    .hasMessageContaining("AUTH")
                    .hasMessageContaining("not the server's");
            assertThat(log()).contains("refused").contains("no token").contains("a wrong token");
            assertThat(log()).as("the token is never logged").doesNotContain("guess").doesNotContain("s3cret-token");

            try (RemoteSpace space = RemoteChannels.connect(server.uri(), quick().token("s3cret-token"))) {
                roundTrip(space, "with-token");
            }
        }
    }

    @Test
    void aRefusedHandshakeServesNothingSentAfterIt() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).token("s3cret-token").start();
                RawClient c = new RawClient(server.address())) {
            // HELLO with a wrong token, and an OPEN right behind it in the same write.
            byte[] hello = RawClient.frame(FrameType.HELLO.code, 0, RawClient.hello("guess"));
            byte[] open = RawClient.frame(FrameType.OPEN.code, 1, RawClient.open(1, "sneaked", RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
            byte[] both = new byte[hello.length + open.length];
            System.arraycopy(hello, 0, both, 0, hello.length);
            System.arraycopy(open, 0, both, hello.length, open.length);
            c.sendRaw(both);
            RawFrame error = c.awaitClosed(30_000);
            assertThat(error).isNotNull();
            assertThat(error.errorCode()).isEqualTo(ErrorCode.AUTH.code);
        }
        assertThat(dir.resolve("sneaked")).doesNotExist();
    }

    @Test
    void aThirdConnectionOverALimitOfTwoIsRefusedAndTheFirstTwoWork() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).maxConnections(2).start();
                RemoteSpace first = RemoteChannels.connect(server.uri(), quick());
                RemoteSpace second = RemoteChannels.connect(server.uri(), quick())) {
            assertThatThrownBy(() -> RemoteChannels.connect(server.uri(), quick()))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("refused")
                    .hasMessageContaining("LIMIT");
            try (RawClient raw = new RawClient(server.address())) {
                RawFrame error = raw.awaitClosed(30_000);
                assertThat(error).isNotNull();
                assertThat(error.errorCode()).isEqualTo(ErrorCode.LIMIT.code);
            }
            roundTrip(first, "first");
            roundTrip(second, "second");
        }
    }

    /**
     * The server refuses a connection over its limit as soon as it accepts it, before the
     * client's hello: the client may read the refusal before its own code that follows the
     * connect has run, and must still say it was refused (and release the frame).
     */
    @Test
    void everyConnectionOverTheLimitIsToldItWasRefused() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).maxConnections(1).start();
                RemoteSpace first = RemoteChannels.connect(server.uri(), quick())) {
            for (int i = 0; i < 50; i++) {
                assertThatThrownBy(() -> RemoteChannels.connect(server.uri(), quick())).as("attempt %d", i)
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("refused")
                        .hasMessageContaining("LIMIT");
            }
            roundTrip(first, "first");
        }
    }

    @Test
    void aConnectionOverItsChannelLimitIsRefusedThatChannelOnly() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).maxChannelsPerConnection(2).start();
                RawClient c = RawClient.welcomed(server.address(), null)) {
            for (int stream = 1; stream <= 3; stream++) {
                c.send(FrameType.OPEN.code, stream, RawClient.open(2, "ch" + stream, RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
            }
            RawFrame refused = null;
            int opened = 0;
            while (refused == null || opened < 2) {
                RawFrame f = c.read(30_000);
                assertThat(f).isNotNull();
                if (f.is(FrameType.OPENED)) {
                    opened++;
                    assertThat(f.stream()).isIn(1, 2);
                } else if (f.is(FrameType.ERROR)) {
                    refused = f;
                }
            }
            assertThat(refused.stream()).isEqualTo(3);
            assertThat(refused.errorCode()).as(refused.errorMessage()).isEqualTo(ErrorCode.LIMIT.code);

            // The connection still works, and a channel closed makes room for another.
            c.send(FrameType.CLOSE.code, 1, new byte[0]);
            c.send(FrameType.OPEN.code, 4, RawClient.open(2, "ch4", RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
            RawFrame f = c.read(30_000);
            assertThat(f.is(FrameType.OPENED)).as("%s", f).isTrue();
            assertThat(f.stream()).isEqualTo(4);
        }
        try (SpaceServer server = SpaceServer.builder(dir).maxChannelsPerConnection(2).start();
                RemoteSpace space = RemoteChannels.connect(server.uri(), quick())) {
            roundTrip(space, "after");
        }
    }

    @Test
    void aSpaceOverItsChannelLimitRefusesNewNamesUntilOneIsUnlinked() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).maxChannels(2).start();
                RemoteSpace space = RemoteChannels.connect(server.uri(), quick())) {
            roundTrip(space, "one");
            roundTrip(space, "two");
            try (Channel<String> third = space.open(ChannelSpec.unbounded("three", String.class))) {
                assertThatThrownBy(third::writer).isInstanceOf(ChannelException.class)
                        .hasMessageContaining("LIMIT")
                        .hasMessageContaining("2 channels");
            }
            try (Channel<String> one = space.open(ChannelSpec.unbounded("one", String.class));
                    ChannelReader<String> r = one.openReader("r")) {
                assertThat(r.take()).as("attaching a name the space holds is not creating one").isEqualTo("hello one");
            }
            space.unlink("two");
            roundTrip(space, "three");
            assertThat(space.names(".*")).containsExactly("one", "three");
        }
    }
}
