package io.sluice.events.internal.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.records.RecordFormat;
import io.sluice.remote.service.ServicePeer;
import io.sluice.remote.service.ServiceSession;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** An answer of the event service larger than the connection's frames is an error, never sent oversized. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OversizedAnswerTest {
    /** A stream whose frames hold at most {@code max} bytes; it keeps what the service sends. */
    static final class SmallFrames implements ServicePeer {
        final int max;
        final BlockingQueue<byte[]> sent = new LinkedBlockingQueue<>();

        SmallFrames(int max) {
            this.max = max;
        }

        @Override
        public String peer() {
            return "small-frames";
        }

        @Override
        public int maxMessage() {
            return max;
        }

        @Override
        public void send(byte[] message) {
            if (message.length > max) {
                throw new IllegalArgumentException("a message of " + message.length + " bytes, more than " + max);
            }
            sent.add(message);
        }

        @Override
        public void fail(String reason) {}

        @Override
        public boolean readsPaused() {
            return false;
        }

        @Override
        public boolean isOpen() {
            return true;
        }
    }

    @Test
    void aListLargerThanTheFramesIsAnsweredWithAnError() throws Exception {
        HostedEvents hosted = new HostedEvents(EventChannels.builder(), 10_000);
        try {
            RecordFormat format = RecordFormat.of(Wide.class);
            for (int i = 0; i < 40; i++) {
                hosted.space().declare("channel-" + i, format, Durability.TRANSIENT);
            }
            SmallFrames peer = new SmallFrames(1024);
            ServiceSession session = hosted.open(peer);
            assertThat(new Msg.In(peer.sent.poll(20, TimeUnit.SECONDS)).b()).isEqualTo(Msg.LEASE);

            session.onMessage(new Msg.Out(Msg.LIST).l(7).s("channel-.*").bytes());
            Msg.In reply = new Msg.In(peer.sent.poll(20, TimeUnit.SECONDS));
            assertThat(reply.b()).isEqualTo(Msg.REPLY);
            assertThat(reply.l()).isEqualTo(7);
            assertThat(reply.b()).as("not ok").isZero();
            assertThat(reply.b()).isEqualTo(Msg.E_STATE);
            assertThat(reply.s()).contains("more than the 1024 bytes of the connection's frames");

            session.onMessage(new Msg.Out(Msg.LIST).l(8).s("channel-1").bytes()); // one channel fits
            Msg.In one = new Msg.In(peer.sent.poll(20, TimeUnit.SECONDS));
            assertThat(one.b()).isEqualTo(Msg.REPLY);
            assertThat(one.l()).isEqualTo(8);
            assertThat(one.b()).as("ok").isEqualTo(1);
            assertThat(one.i()).isEqualTo(1);
            session.closed();
        } finally {
            hosted.close();
        }
    }

    /** A record whose format is long enough that a few channels of it fill a small frame. */
    record Wide(String alpha, String bravo, String charlie, String delta, long echo, double foxtrot) {}
}
