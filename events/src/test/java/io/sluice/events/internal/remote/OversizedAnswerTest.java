package io.sluice.events.internal.remote;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.events.ChannelInfo;
import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.records.RecordFormat;
import io.sluice.remote.service.ServicePeer;
import io.sluice.remote.service.ServiceSession;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An answer of the event service larger than the connection's frames is never sent oversized: a
 * listing comes in parts to a client that takes them, else it is an error, as is a channel that
 * alone does not fit.
 */
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

    @Test
    void aListLargerThanTheFramesComesInPartsToAClientThatTakesThem() throws Exception {
        HostedEvents hosted = new HostedEvents(EventChannels.builder(), 10_000);
        try {
            RecordFormat format = RecordFormat.of(Wide.class);
            for (int i = 0; i < 40; i++) {
                hosted.space().declare("channel-" + i, format, Durability.TRANSIENT);
            }
            hosted.space().declare("other", format, Durability.TRANSIENT);
            SmallFrames peer = new SmallFrames(1024);
            ServiceSession session = hosted.open(peer);
            assertThat(new Msg.In(peer.sent.poll(20, TimeUnit.SECONDS)).b()).isEqualTo(Msg.LEASE);

            session.onMessage(new Msg.Out(Msg.LIST).l(7).s("channel-.*").b(1).bytes());
            List<ChannelInfo> got = new ArrayList<>();
            int parts = 0;
            while (true) {
                byte[] bytes = peer.sent.poll(20, TimeUnit.SECONDS);
                assertThat(bytes).as("a message within the frames").isNotNull().hasSizeLessThanOrEqualTo(1024);
                Msg.In m = new Msg.In(bytes);
                int kind = m.b();
                assertThat(m.l()).as("the request answered").isEqualTo(7);
                if (kind == Msg.REPLY_PART) {
                    parts++;
                    Listing.read(m, got);
                    continue;
                }
                assertThat(kind).isEqualTo(Msg.REPLY);
                assertThat(m.b()).as("ok").isEqualTo(1);
                Listing.read(m, got);
                break;
            }
            assertThat(parts).as("parts before the reply that ends the answer").isGreaterThanOrEqualTo(2);
            assertThat(got).extracting(ChannelInfo::name).containsExactlyElementsOf(
                    java.util.stream.IntStream.range(0, 40).mapToObj(i -> "channel-" + i).toList());
            assertThat(got).allSatisfy(c -> assertThat(c.format()).isEqualTo(format));

            session.onMessage(new Msg.Out(Msg.LIST).l(8).s("nothing-.*").b(1).bytes()); // none: one empty reply
            Msg.In none = new Msg.In(peer.sent.poll(20, TimeUnit.SECONDS));
            assertThat(none.b()).isEqualTo(Msg.REPLY);
            assertThat(none.l()).isEqualTo(8);
            assertThat(none.b()).isEqualTo(1);
            assertThat(none.i()).isZero();
            session.closed();
        } finally {
            hosted.close();
        }
    }

    @Test
    void aChannelThatAloneDoesNotFitAFrameIsRefusedNamingItAndTheLimit() throws Exception {
        HostedEvents hosted = new HostedEvents(EventChannels.builder(), 10_000);
        try {
            String fields = java.util.stream.IntStream.range(0, 40)
                    .mapToObj(i -> "{\"name\": \"a_field_with_a_rather_long_name_" + i + "\", \"type\": \"long\"}")
                    .collect(java.util.stream.Collectors.joining(", "));
            RecordFormat wider = RecordFormat.parse("{\"type\": \"record\", \"name\": \"Wider\", \"fields\": [" + fields + "]}");
            assertThat(wider.toJson().length()).as("larger than a frame alone").isGreaterThan(1024);
            hosted.space().declare("wide", wider, Durability.TRANSIENT);
            hosted.space().declare("narrow", RecordFormat.of(Wide.class), Durability.TRANSIENT);
            SmallFrames peer = new SmallFrames(1024);
            ServiceSession session = hosted.open(peer);
            assertThat(new Msg.In(peer.sent.poll(20, TimeUnit.SECONDS)).b()).isEqualTo(Msg.LEASE);

            session.onMessage(new Msg.Out(Msg.LIST).l(9).s(".*").b(1).bytes());
            Msg.In reply = new Msg.In(peer.sent.poll(20, TimeUnit.SECONDS));
            assertThat(reply.b()).isEqualTo(Msg.REPLY);
            assertThat(reply.l()).isEqualTo(9);
            assertThat(reply.b()).as("not ok").isZero();
            assertThat(reply.b()).isEqualTo(Msg.E_STATE);
            assertThat(reply.s()).contains("event channel 'wide'").contains("more than the 1024 bytes of the connection's frames")
                    .contains("leaves it out");
            assertThat(peer.sent).as("nothing else sent").isEmpty();

            session.onMessage(new Msg.Out(Msg.LIST).l(10).s("narrow").b(1).bytes()); // as the error says: leave it out
            Msg.In narrow = new Msg.In(peer.sent.poll(20, TimeUnit.SECONDS));
            assertThat(narrow.b()).isEqualTo(Msg.REPLY);
            assertThat(narrow.l()).isEqualTo(10);
            assertThat(narrow.b()).as("ok").isEqualTo(1);
            assertThat(narrow.i()).isEqualTo(1);
            session.closed();
        } finally {
            hosted.close();
        }
    }

    /** A record whose format is long enough that a few channels of it fill a small frame. */
    record Wide(String alpha, String bravo, String charlie, String delta, long echo, double foxtrot) {}
}
