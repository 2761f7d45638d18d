package io.sluice.composite;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceServer;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Space servers in this JVM on loopback, each in its own directory under a test's temporary
 * directory, optionally behind a {@link ShapedProxy}; helpers to fill a sender's channel and read
 * a receiver's. Closing it closes every server and proxy.
 */
final class Cluster implements AutoCloseable {
    private final Path root;
    private final List<SpaceServer> servers = new ArrayList<>();
    private final List<ShapedProxy> proxies = new ArrayList<>();

    Cluster(Path root) {
        this.root = root;
    }

    /** A new space server. */
    SpaceServer server() throws IOException {
        SpaceServer s = SpaceServer.builder(Files.createDirectories(root.resolve("space" + servers.size()))).threads(1).start();
        servers.add(s);
        return s;
    }

    /** A proxy in front of {@code server} limited to {@code bytesPerSecond} (0: unlimited). */
    ShapedProxy proxy(SpaceServer server, long bytesPerSecond) throws InterruptedException {
        ShapedProxy p = new ShapedProxy(server.address(), bytesPerSecond);
        proxies.add(p);
        return p;
    }

    /** A proxy whose client may send the server only {@code uploadBytesPerSecond}: a slow receiver's link. */
    ShapedProxy uploadProxy(SpaceServer server, long uploadBytesPerSecond) throws InterruptedException {
        ShapedProxy p = new ShapedProxy(server.address(), 0, uploadBytesPerSecond);
        proxies.add(p);
        return p;
    }

    static RemoteChannels.Options options() {
        return RemoteChannels.options().giveUpAfter(Duration.ofSeconds(2));
    }

    /**
     * Writes channel {@code name} of the space at {@code uri}: for each range held at a seq, that
     * seq of the channel holds the global seq as a Long; seqs before a range that hold nothing
     * else hold -1. Ends the stream.
     */
    static void fill(URI uri, String name, List<TransferSpec.Held> holds) throws IOException, InterruptedException {
        long end = 0;
        for (TransferSpec.Held h : holds) {
            end = Math.max(end, h.at() + h.range().size());
        }
        long[] values = new long[(int) end];
        java.util.Arrays.fill(values, -1);
        for (TransferSpec.Held h : holds) {
            for (long k = 0; k < h.range().size(); k++) {
                values[(int) (h.at() + k)] = h.range().start() + k;
            }
        }
        try (RemoteSpace space = RemoteChannels.connect(uri, options()); Channel<Long> ch = space.open(ChannelSpec.unbounded(name, Long.class))) {
            ChannelWriter<Long> w = ch.writer();
            for (long v : values) {
                w.put(v);
            }
            w.close();
        }
    }

    /** Fills every sender of {@code spec} (through {@code direct}, the servers' own URIs by the senders' spaces). */
    static void fill(TransferSpec spec, java.util.function.UnaryOperator<URI> direct) throws IOException, InterruptedException {
        for (TransferSpec.Sender s : spec.senders()) {
            fill(direct.apply(s.space()), s.channel(), s.holds());
        }
    }

    /** The names of the channels the space at {@code uri} holds. */
    static List<String> channels(URI uri) throws IOException {
        try (RemoteSpace space = RemoteChannels.connect(uri, options())) {
            return space.names(".*");
        }
    }

    /** Every token of channel {@code name} of the space at {@code uri}, up to {@code count} or its end. */
    static List<Long> read(URI uri, String name, long count) throws IOException, InterruptedException {
        List<Long> out = new ArrayList<>();
        try (RemoteSpace space = RemoteChannels.connect(uri, options()); Channel<Long> ch = space.open(ChannelSpec.unbounded(name, Long.class));
                ChannelReader<Long> r = ch.openReader("check")) {
            while (out.size() < count) {
                Long t = r.take();
                if (t == null) {
                    break;
                }
                out.add(t);
            }
            if (out.size() == count) {
                // anything beyond what was wanted would be a duplicate: the stream must end here
                long deadline = System.nanoTime() + 2_000_000_000L;
                while (!r.isReady() && System.nanoTime() < deadline) {
                    Thread.sleep(5);
                }
                if (r.isReady() && !r.isEndOfStream()) {
                    out.add(r.poll());
                }
            }
        }
        return out;
    }

    /** The seqs {@code receiver} wants, in the order its channel gets them. */
    static List<Long> expected(TransferSpec.Receiver receiver) {
        List<Long> out = new ArrayList<>();
        for (SeqRange r : receiver.wants()) {
            for (long s = r.start(); s < r.end(); s++) {
                out.add(s);
            }
        }
        return out;
    }

    @Override
    public void close() {
        for (ShapedProxy p : proxies) {
            p.close();
        }
        for (SpaceServer s : servers) {
            s.close();
        }
    }
}
