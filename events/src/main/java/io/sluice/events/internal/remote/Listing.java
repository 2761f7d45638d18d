package io.sluice.events.internal.remote;

import io.sluice.events.ChannelInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * A LIST answer cut into messages that each fit the connection's frames: zero or more {@code
 * REPLY_PART}s ({@code i64} request, {@code i32} count, that many channels), then the {@code
 * REPLY} (ok, {@code i32} count, that many channels) that ends it. Only for a client that said in
 * its LIST that it takes parts; others get the whole answer in one REPLY, or an error if it does
 * not fit.
 */
final class Listing {
    /** The bytes of a REPLY_PART or an ok REPLY before its channels: kind, request, (ok,) count. */
    private static final int HEAD = 1 + 8 + 1 + 4;

    private Listing() {}

    /**
     * The messages that answer the LIST {@code req} with {@code channels}, none longer than
     * {@code max} bytes.
     *
     * @throws IllegalStateException naming the channel and the limit if one channel alone does
     *     not fit in a message
     */
    static List<byte[]> messages(long req, List<ChannelInfo> channels, int max) {
        List<byte[]> infos = new ArrayList<>(channels.size());
        for (ChannelInfo c : channels) {
            byte[] info = new Msg.Out(0).info(c).bytes();
            int size = info.length - 1; // without the kind byte of the scratch message
            if (HEAD + size > max) {
                throw new IllegalStateException("event channel '" + c.name() + "' is described in " + size + " bytes (its format, "
                        + c.publishers().size() + " publisher formats and " + c.subscriptions().size() + " subscription names), more"
                        + " than the " + max + " bytes of the connection's frames: it cannot be listed; list the other channels"
                        + " with an expression that leaves it out");
            }
            infos.add(info);
        }
        List<byte[]> out = new ArrayList<>();
        int from = 0;
        while (true) {
            int size = HEAD;
            int to = from;
            while (to < infos.size() && size + infos.get(to).length - 1 <= max) {
                size += infos.get(to).length - 1;
                to++;
            }
            boolean last = to == infos.size();
            Msg.Out m = last ? new Msg.Out(Msg.REPLY).l(req).b(1) : new Msg.Out(Msg.REPLY_PART).l(req);
            m.i(to - from);
            for (int k = from; k < to; k++) {
                byte[] info = infos.get(k);
                m.raw(java.util.Arrays.copyOfRange(info, 1, info.length));
            }
            out.add(m.bytes());
            if (last) {
                return out;
            }
            from = to;
        }
    }

    /** Reads the channels of one part or of the REPLY that ends the answer, positioned at the count. */
    static void read(Msg.In in, List<ChannelInfo> into) {
        for (int n = in.i(); n > 0; n--) {
            into.add(in.info());
        }
    }
}
