package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.remote.RawClient.RawFrame;
import io.sluice.remote.internal.ErrorCode;
import io.sluice.remote.internal.FrameType;
import io.sluice.remote.internal.Wire;
import io.sluice.remote.service.ServicePeer;
import io.sluice.remote.service.ServiceSession;
import io.sluice.remote.service.SpaceService;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What fails one stream fails only that stream: frames sent on a stream the server already
 * failed, a service that throws on open, answers larger than the connection's frames; and the
 * handshake's answer to a client of another protocol version.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServerStreamFailuresTest {
    /** The smallest frames a client can agree on. */
    static final int SMALL_FRAMES = Wire.HANDSHAKE_MAX_FRAME;

    @TempDir
    Path dir;

    @AfterEach
    void closeClients() {
        RawClient.closeAll();
    }

    /** Answers "big N" with N bytes (or, if it cannot send them, a short "refused: why"); "boom" opens nothing. */
    static final class Big implements SpaceService {
        final String name;

        Big(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public ServiceSession open(ServicePeer peer) {
            if (name.equals("boom")) {
                throw new IllegalStateException("the boom service's store is gone");
            }
            return new ServiceSession() {
                @Override
                public void onMessage(byte[] message) {
                    String m = new String(message, StandardCharsets.UTF_8);
                    if (m.startsWith("big ")) {
                        byte[] answer = new byte[Integer.parseInt(m.substring(4))];
                        try {
                            peer.send(answer);
                        } catch (IllegalArgumentException e) {
                            peer.send(("refused: " + e.getMessage()).getBytes(StandardCharsets.UTF_8));
                        }
                    } else if (m.equals("crash")) {
                        throw new IllegalStateException("a crash in the service");
                    } else {
                        peer.send(message);
                    }
                }

                @Override
                public void closed() {}
            };
        }

        @Override
        public void close() {}
    }

    static RawClient connect(SpaceServer server, int maxFrame) throws IOException {
        RawClient c = new RawClient(server.address());
        c.send(FrameType.HELLO.code, 0, RawClient.payload(o -> {
            o.writeByte(Wire.MIN_VERSION);
            o.writeByte(Wire.MAX_VERSION);
            o.writeInt(maxFrame);
            RawClient.string(o, "");
            RawClient.string(o, "small-frames");
        }));
        RawFrame f = c.read(30_000);
        assertThat(f.is(FrameType.WELCOME)).as("%s", f).isTrue();
        assertThat(ByteBuffer.wrap(f.payload()).getInt(1)).as("the frames agreed").isEqualTo(maxFrame);
        return c;
    }

    /** The next frame, which must be one and not larger than {@code maxFrame}. */
    static RawFrame next(RawClient c, int maxFrame) throws IOException {
        RawFrame f = c.read(30_000);
        assertThat(f).as("a frame, not the end of the connection").isNotNull();
        assertThat(f.payload().length).as("%s, within the frames agreed", f).isLessThanOrEqualTo(maxFrame);
        return f;
    }

    static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void framesOnAStreamTheServerFailedAreDroppedAndTheOtherStreamsGoOn() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).port(0).start();
                RawClient c = RawClient.welcomed(server.address(), null)) {
            c.send(FrameType.OPEN.code, 5, RawClient.open(1, "tide", RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
            RawFrame opened = c.read(30_000);
            assertThat(opened.is(FrameType.OPENED)).as("%s", opened).isTrue();
            // a second writer of the same channel is refused (BUSY); the client sends on before it reads why
            c.send(FrameType.OPEN.code, 7, RawClient.open(1, "tide", RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
            c.send(FrameType.FORMAT.code, 7, RawClient.payload(o -> {
                RawClient.string(o, "k.avsc");
                o.writeInt(2);
                o.write(new byte[] {1, 2});
            }));
            c.send(FrameType.DATA.code, 7, RawClient.data(0, text("lost")));
            c.send(FrameType.CREDIT.code, 7, RawClient.intPayload(100));
            c.send(FrameType.END.code, 7, RawClient.longPayload(1));

            c.send(FrameType.DATA.code, 5, RawClient.data(0, text("kept")));
            boolean refused = false;
            boolean acked = false;
            while (!refused || !acked) {
                RawFrame f = c.read(30_000);
                assertThat(f).as("the connection stays open").isNotNull();
                assertThat(f.stream()).as("%s", f).isNotZero();
                if (f.is(FrameType.ERROR)) {
                    assertThat(f.stream()).isEqualTo(7);
                    assertThat(f.errorCode()).as(f.errorMessage()).isEqualTo(ErrorCode.BUSY.code);
                    refused = true;
                } else if (f.is(FrameType.ACK)) {
                    assertThat(f.stream()).isEqualTo(5);
                    assertThat(f.body().getLong()).isEqualTo(1);
                    acked = true;
                }
            }
            // a frame of a stream that was never opened is still malformed
            c.send(FrameType.DATA.code, 9, RawClient.data(0, text("x")));
            RawFrame error = c.awaitClosed(30_000);
            assertThat(error).isNotNull();
            assertThat(error.errorCode()).isEqualTo(ErrorCode.PROTOCOL.code);
        }
    }

    @Test
    void aServiceThatThrowsOnOpenOrOnAMessageFailsOnlyThatStream() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).port(0).service(new Big("boom")).service(new Big("echo")).start();
                RawClient c = RawClient.welcomed(server.address(), null)) {
            c.send(FrameType.SERVICE_OPEN.code, 3, RawClient.stringPayload("echo"));
            c.send(FrameType.SERVICE_OPEN.code, 5, RawClient.stringPayload("boom"));
            c.send(FrameType.SERVICE.code, 5, text("lost"));
            RawFrame refused = c.read(30_000);
            assertThat(refused.is(FrameType.ERROR)).as("%s", refused).isTrue();
            assertThat(refused.stream()).isEqualTo(5);
            assertThat(refused.errorCode()).isEqualTo(ErrorCode.REFUSED.code);
            assertThat(refused.errorMessage()).contains("service boom", "the boom service's store is gone");

            c.send(FrameType.SERVICE.code, 3, text("crash"));
            RawFrame crashed = c.read(30_000);
            assertThat(crashed.is(FrameType.ERROR)).as("%s", crashed).isTrue();
            assertThat(crashed.stream()).isEqualTo(3);
            assertThat(crashed.errorMessage()).contains("service echo", "a crash in the service");

            c.send(FrameType.SERVICE_OPEN.code, 7, RawClient.stringPayload("echo"));
            c.send(FrameType.SERVICE.code, 7, text("still"));
            RawFrame echoed = c.read(30_000);
            assertThat(echoed.is(FrameType.SERVICE)).as("%s", echoed).isTrue();
            assertThat(echoed.stream()).isEqualTo(7);
            assertThat(new String(echoed.payload(), StandardCharsets.UTF_8)).isEqualTo("still");
        }
    }

    @Test
    void aServiceCannotSendAMessageLargerThanTheConnectionsFrames() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).port(0).service(new Big("big")).start();
                RawClient c = connect(server, SMALL_FRAMES)) {
            c.send(FrameType.SERVICE_OPEN.code, 3, RawClient.stringPayload("big"));
            c.send(FrameType.SERVICE.code, 3, text("big " + (SMALL_FRAMES + 1)));
            RawFrame f = next(c, SMALL_FRAMES);
            assertThat(f.is(FrameType.SERVICE)).as("%s", f).isTrue();
            assertThat(new String(f.payload(), StandardCharsets.UTF_8)).startsWith("refused: ")
                    .contains((SMALL_FRAMES + 1) + " bytes", SMALL_FRAMES + " bytes");
            c.send(FrameType.SERVICE.code, 3, text("big " + SMALL_FRAMES));
            assertThat(next(c, SMALL_FRAMES).payload()).hasSize(SMALL_FRAMES);
        }
    }

    @Test
    void aFormatLargerThanTheReadersFramesIsRefusedWithLimit() throws Exception {
        byte[] description = new byte[3 * SMALL_FRAMES];
        Arrays.fill(description, (byte) 'f');
        try (SpaceServer server = SpaceServer.builder(dir).port(0).start();
                RawClient writer = RawClient.welcomed(server.address(), null);
                RawClient reader = connect(server, SMALL_FRAMES)) {
            writer.send(FrameType.OPEN.code, 5, RawClient.open(1, "tide", RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
            assertThat(writer.read(30_000).is(FrameType.OPENED)).isTrue();
            writer.send(FrameType.FORMAT.code, 5, RawClient.payload(o -> {
                RawClient.string(o, "big.avsc");
                o.writeInt(description.length);
                o.write(description);
            }));
            writer.send(FrameType.FORMAT_GET.code, 7, RawClient.stringPayload("big.avsc")); // stored before this is handled
            RawFrame stored = writer.read(30_000);
            while (stored.is(FrameType.CREDIT)) { // the writer's window
                stored = writer.read(30_000);
            }
            assertThat(stored.is(FrameType.FORMAT)).as("%s", stored).isTrue();

            reader.send(FrameType.FORMAT_GET.code, 3, RawClient.stringPayload("big.avsc"));
            RawFrame refused = next(reader, SMALL_FRAMES);
            assertThat(refused.is(FrameType.ERROR)).as("%s", refused).isTrue();
            assertThat(refused.stream()).isEqualTo(3);
            assertThat(refused.errorCode()).isEqualTo(ErrorCode.LIMIT.code);
            assertThat(refused.errorMessage()).contains("big.avsc", String.valueOf(SMALL_FRAMES));
            reader.send(FrameType.LIST.code, 5, RawClient.stringPayload(".*"));
            assertThat(next(reader, SMALL_FRAMES).is(FrameType.NAMES)).as("the connection goes on").isTrue();
        }
    }

    @Test
    void aClientOfAnotherProtocolVersionIsToldBothVersions() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir).port(0).start();
                RawClient old = new RawClient(server.address())) {
            byte[] hello = RawClient.frame(FrameType.HELLO.code, 0, RawClient.payload(o -> {
                o.writeByte(1);
                o.writeByte(1);
                o.writeInt(Wire.DEFAULT_MAX_FRAME);
                RawClient.string(o, "");
                RawClient.string(o, "version-1-client");
            }));
            hello[2] = 1; // a version-1 client's header
            old.sendRaw(hello);
            RawFrame error = old.awaitClosed(30_000);
            assertThat(error).as("an ERROR before the close").isNotNull();
            assertThat(error.errorCode()).isEqualTo(ErrorCode.VERSION.code);
            assertThat(error.errorMessage()).contains("the client speaks versions 1", "versions " + Wire.MAX_VERSION);
        }
        assertThat(Wire.MAX_VERSION).as("the SERVICE and FORMAT frames came with version 2").isGreaterThanOrEqualTo(2);
    }

    @Test
    void aClientIsToldWhenTheServerAnswersInAnotherVersion() throws Exception {
        // a server of version 1 refuses a HELLO of version 2 as a frame it cannot read
        try (java.net.ServerSocket old = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            Thread serving = new Thread(() -> {
                try (java.net.Socket s = old.accept()) {
                    s.getInputStream().read(new byte[64]);
                    byte[] error = RawClient.frame(FrameType.ERROR.code, 0, RawClient.payload(o -> {
                        o.writeShort(ErrorCode.PROTOCOL.code);
                        RawClient.string(o, "a frame of protocol version 2, which this side does not speak");
                    }));
                    error[2] = 1;
                    s.getOutputStream().write(error);
                    s.getOutputStream().flush();
                    s.getInputStream().read(new byte[64]);
                } catch (IOException e) {
                    // the test fails on the client's side if this does
                }
            }, "version-1-server");
            serving.setDaemon(true);
            serving.start();
            java.net.URI uri = java.net.URI.create("sluice://127.0.0.1:" + old.getLocalPort());
            assertThatThrownBy(() -> RemoteChannels.connect(uri).close()).hasMessageContaining("protocol version 1")
                    .hasMessageContaining("speaks " + Wire.MIN_VERSION);
            serving.join(10_000);
        }
    }
}
