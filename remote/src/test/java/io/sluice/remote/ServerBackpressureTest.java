package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.remote.RawClient.RawFrame;
import io.sluice.remote.internal.FrameType;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A reader that grants no more credit holds the server to what it granted: a writer pours tens of
 * megabytes into the channel, and the reader receives no more than its credit (and at most one
 * token past it), so nothing piles up in the server's memory for it. Granting more lets the rest
 * flow.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ServerBackpressureTest {
    private static final int TOKEN = 1000;
    private static final int TOKENS_PER_FRAME = 64;
    private static final int FRAMES = 800; // about 51 MB
    private static final int CREDIT = 64 << 10;

    @TempDir
    Path dir;

    /** Bytes of tokens in a DATA payload, counted as the server counts credit: varint and bytes. */
    private static long tokenBytes(RawFrame data) {
        ByteBuffer b = data.body();
        b.getLong();
        int count = b.getInt();
        long n = 0;
        for (int i = 0; i < count; i++) {
            int start = b.position();
            int length = 0;
            for (int shift = 0;; shift += 7) {
                int x = b.get() & 0xFF;
                length |= (x & 0x7F) << shift;
                if ((x & 0x80) == 0) {
                    break;
                }
            }
            b.position(b.position() + length);
            n += b.position() - start;
        }
        return n;
    }

    @Test
    void aReaderWithoutCreditGetsNoMoreThanItGranted() throws Exception {
        ExecutorService threads = Executors.newCachedThreadPool();
        try (SpaceServer server = SpaceServer.builder(dir).start();
                RawClient writer = RawClient.welcomed(server.address(), null);
                RawClient reader = RawClient.welcomed(server.address(), null)) {
            writer.send(FrameType.OPEN.code, 1, RawClient.open(1, "flood", RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
            // The writer's role before the reader opens: a reader opening the channel at the same
            // moment may hold its lock for a moment, and the server then answers the writer BUSY,
            // which a real writer retries and this raw client does not.
            RawFrame opened;
            do {
                opened = writer.read(10_000);
            } while (opened != null && !opened.is(FrameType.OPENED) && !opened.is(FrameType.ERROR));
            assertThat(opened).as("the writer's answer to OPEN").isNotNull();
            assertThat(opened.is(FrameType.OPENED)).as("the writer's OPEN is answered OPENED").isTrue();
            reader.send(FrameType.OPEN.code, 1, RawClient.open(2, "flood", RawClient.STRING_TYPE, RawClient.STRING_CODEC, 0));
            reader.send(FrameType.CREDIT.code, 1, RawClient.intPayload(CREDIT));

            // The writer's acknowledgements are read as they come, so that the writer is not the one held up.
            AtomicLong acked = new AtomicLong();
            Future<?> acks = threads.submit(() -> {
                RawFrame f;
                while ((f = writer.read(30_000)) != null) {
                    if (f.is(FrameType.ACK)) {
                        acked.set(f.body().getLong());
                    }
                }
                return null;
            });
            byte[] token = new byte[TOKEN];
            Arrays.fill(token, (byte) 'x');
            byte[][] tokens = new byte[TOKENS_PER_FRAME][];
            Arrays.fill(tokens, token);
            long written = 0;
            for (int i = 0; i < FRAMES; i++) {
                writer.send(FrameType.DATA.code, 1, RawClient.data(written, tokens));
                written += TOKENS_PER_FRAME;
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (acked.get() < written && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(acked.get()).as("tokens the space acknowledged").isEqualTo(written);

            long received = drain(reader, CREDIT, 1_000);
            assertThat(received).as("token bytes sent to a reader that granted %d", CREDIT)
                    .isGreaterThanOrEqualTo(CREDIT)
                    .isLessThan(CREDIT + TOKEN + 2);

            // More credit: more tokens, and still no more than granted.
            int more = 10 * CREDIT;
            reader.send(FrameType.CREDIT.code, 1, RawClient.intPayload(more));
            long after = drain(reader, CREDIT + more - received, 1_000);
            assertThat(received + after).isGreaterThanOrEqualTo(CREDIT + more).isLessThan(CREDIT + more + TOKEN + 2);
        } finally { // the clients are closed: the thread reading acknowledgements ends
            threads.shutdownNow();
            assertThat(threads.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    /**
     * Reads DATA frames until they hold at least {@code atLeast} token bytes (however long the
     * server takes on a loaded machine, within the test's timeout), then until none comes for
     * {@code quietMillis}; returns their token bytes.
     */
    private static long drain(RawClient reader, long atLeast, int quietMillis) throws IOException {
        long n = 0;
        while (true) {
            RawFrame f;
            try {
                f = reader.read(n < atLeast ? 60_000 : quietMillis);
            } catch (SocketTimeoutException e) {
                if (n < atLeast) {
                    throw e;
                }
                return n;
            }
            assertThat(f).as("the reader's connection is open").isNotNull();
            if (f.is(FrameType.DATA)) {
                n += tokenBytes(f);
            }
        }
    }
}
