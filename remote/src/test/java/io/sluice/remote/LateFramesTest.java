package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.remote.RawClient.RawFrame;
import io.sluice.remote.internal.ErrorCode;
import io.sluice.remote.internal.FrameType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A frame that comes late for a stream the server failed so long ago that its bounded memory of
 * failed streams forgot it is dropped: the connection and its other streams go on.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LateFramesTest {
    @TempDir
    Path dir;

    @AfterEach
    void closeClients() {
        RawClient.closeAll();
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The next frame on {@code stream}, skipping the writer's credit on stream 3. */
    private static RawFrame nextOn(RawClient c, int stream) throws Exception {
        while (true) {
            RawFrame f = c.read(30_000);
            assertThat(f).as("a frame, not the end of the connection").isNotNull();
            if (f.stream() == stream && !f.is(FrameType.CREDIT)) {
                return f;
            }
            assertThat(f.stream() == 3 && f.is(FrameType.CREDIT)).as("%s", f).isTrue();
        }
    }

    @Test
    void aLateFrameOfAStreamFailedAndForgottenIsDroppedAndTheOthersGoOn() throws Exception {
        // at most 2 streams per connection: the server remembers at most 2 failed streams
        try (SpaceServer server = SpaceServer.builder(dir).port(0).maxChannelsPerConnection(2).start();
                RawClient c = RawClient.welcomed(server.address(), null)) {
            c.send(FrameType.OPEN.code, 3, RawClient.open(1, "tide", RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
            RawFrame opened = nextOn(c, 3);
            assertThat(opened.is(FrameType.OPENED)).as("%s", opened).isTrue();
            // three more writers of the same channel, each refused (BUSY): the first is forgotten
            for (int stream : new int[] {5, 7, 9}) {
                c.send(FrameType.OPEN.code, stream, RawClient.open(1, "tide", RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
                RawFrame refused = nextOn(c, stream);
                assertThat(refused.is(FrameType.ERROR)).as("%s", refused).isTrue();
                assertThat(refused.stream()).isEqualTo(stream);
                assertThat(refused.errorCode()).as(refused.errorMessage()).isEqualTo(ErrorCode.BUSY.code);
            }
            // frames the client sent on stream 5 before it read the error, arriving only now
            c.send(FrameType.DATA.code, 5, RawClient.data(0, text("late")));
            c.send(FrameType.CREDIT.code, 5, RawClient.intPayload(10));
            c.send(FrameType.END.code, 5, RawClient.longPayload(1));

            c.send(FrameType.DATA.code, 3, RawClient.data(0, text("kept")));
            RawFrame acked;
            do {
                acked = nextOn(c, 3);
                assertThat(acked.is(FrameType.ERROR)).as("%s", acked).isFalse();
            } while (!acked.is(FrameType.ACK));
            assertThat(acked.stream()).isEqualTo(3);
            assertThat(acked.body().getLong()).isEqualTo(1);

            // a frame of a stream above every stream opened is still malformed
            c.send(FrameType.DATA.code, 11, RawClient.data(0, text("x")));
            RawFrame error = c.awaitClosed(30_000);
            assertThat(error).isNotNull();
            assertThat(error.errorCode()).isEqualTo(ErrorCode.PROTOCOL.code);
        }
    }
}
