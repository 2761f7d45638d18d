package io.sluice.bench;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.sluice.bench.EventsBenchmark.Latency;
import io.sluice.bench.EventsBenchmark.Ping;
import io.sluice.events.EventChannels;
import io.sluice.events.EventService;
import io.sluice.events.Overflow;
import io.sluice.events.Publisher;
import io.sluice.events.Start;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.remote.SpaceServer;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Publish → handler latency of remote event channels over loopback, at a fixed rate, against a
 * plain Netty echo over the same loopback in the same run: the event goes publisher → space server
 * → subscriber (two loopback hops, two connections), the echo's message client → server → client
 * (two hops, one connection). A local transient channel is the third variant. Variants alternate
 * within each round; histograms hold every kept round (HdrHistogram, from each event's scheduled
 * send time and from its send call).
 */
public final class RemoteEventsBenchmark {
    private RemoteEventsBenchmark() {}

    private static final String IN_JVM = "remote event channel, server in this JVM, publish waits for its answer";
    private static final String OTHER_JVM = "remote event channel, server in another JVM, pipelined publish";
    private static final String ECHO = "plain Netty echo, loopback (baseline)";
    private static final String LOCAL = "local transient channel";

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--rounds R, --events N, --rate R, --tp-rounds R, --tp-events N, "
                + "--fan-events N, --big-events N, --output DIR");
        int rounds = options.getInt("--rounds", 5);
        int events = options.getInt("--events", 20_000);
        int rate = options.getInt("--rate", 2_000);
        RemoteEventsSections.Sizes sizes = new RemoteEventsSections.Sizes(options.getInt("--tp-rounds", 3),
                options.getInt("--tp-events", 20_000), options.getInt("--fan-events", 2_000), options.getInt("--big-events", 200));
        Path output = options.getPath("--output", null);
        String page = report(rounds, events, rate, sizes);
        System.out.print(page);
        if (output != null) {
            Files.createDirectories(output);
            Files.writeString(output.resolve("benchmarks-remote-events.md"), page, StandardCharsets.UTF_8);
        }
    }

    static String report(int rounds, int events, int rate, RemoteEventsSections.Sizes sizes) throws Exception {
        Path scratch = Files.createTempDirectory("sluice-remote-events-bench");
        List<String> variants = List.of(IN_JVM, OTHER_JVM, ECHO, LOCAL);
        Map<String, Latency> latency = new LinkedHashMap<>();
        variants.forEach(v -> latency.put(v, new Latency()));
        try (SpaceServer server = SpaceServer.builder(scratch.resolve("space")).port(0)
                .service(EventService.create(EventChannels.builder().workers(1), Duration.ofSeconds(10))).start();
                SpaceServerProcess.Running other = SpaceServerProcess.Running.events(scratch.resolve("other"), "-Xmx1g")) {
            for (int round = -1; round < rounds; round++) { // round -1 warms up and is not kept
                for (int k = 0; k < variants.size(); k++) {
                    String v = variants.get(Math.floorMod(round + k, variants.size()));
                    Latency h = switch (v) {
                        case IN_JVM -> remote(server.uri(), "pings-" + round, events, rate, false);
                        case OTHER_JVM -> remote(other.uri(), "pings-" + round, events, rate, true);
                        case ECHO -> echo(events, rate);
                        default -> EventsBenchmark.channelLatency(null, Duration.ZERO, events, rate);
                    };
                    if (round >= 0) {
                        latency.get(v).add(h);
                    }
                }
            }
        } finally {
            try (var s = Files.walk(scratch)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        String throughput = RemoteEventsSections.run(sizes);
        return page(rounds, events, rate, latency, throughput);
    }

    /**
     * Publishes {@code events} at {@code rate} to the space at {@code space} and times each at the
     * subscriber's handler; {@code pipelined}: with {@link Publisher#publishAsync} (the answers
     * come back while later events go out), else each publish waits for the server's answer.
     */
    static Latency remote(java.net.URI space, String channel, int events, int rate, boolean pipelined) throws Exception {
        Latency h = new Latency();
        try (EventChannels sub = EventChannels.connect(space); EventChannels pubSpace = EventChannels.connect(space)) {
            Subscription<Ping> s = sub.subscribe(channel, Ping.class, e -> h.record(e.value(), System.nanoTime()),
                    SubscribeOptions.defaults().withStart(Start.now()).withQueue(1 << 16, Overflow.BLOCK));
            Publisher<Ping> pub = pubSpace.publisher(channel, Ping.class);
            byte[] pad = new byte[32];
            long interval = 1_000_000_000L / rate;
            long start = System.nanoTime() + 1_000_000;
            for (int i = 0; i < events; i++) {
                long at = start + i * interval;
                waitUntil(at);
                Ping ping = new Ping(at, System.nanoTime(), 0, pad);
                if (pipelined) {
                    pub.publishAsync(ping);
                } else {
                    pub.publish(ping);
                }
            }
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
            while (s.handled() < events && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            if (s.handled() < events) {
                throw new IllegalStateException("the remote subscription handled " + s.handled() + " of " + events);
            }
        }
        return h;
    }

    /** The same schedule as a 64 B message echoed by a Netty server on loopback. */
    static Latency echo(int events, int rate) throws Exception {
        Latency h = new Latency();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        CountDownLatch done = new CountDownLatch(events);
        try {
            Channel server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            c.pipeline().addLast(new LengthFieldBasedFrameDecoder(1 << 16, 0, 4, 0, 0));
                            c.pipeline().addLast(new SimpleChannelInboundHandler<ByteBuf>() {
                                @Override
                                protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
                                    ctx.writeAndFlush(msg.retain());
                                }
                            });
                        }
                    }).bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
            Channel client = new Bootstrap().group(group).channel(NioSocketChannel.class).option(ChannelOption.TCP_NODELAY, true)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            c.pipeline().addLast(new LengthFieldBasedFrameDecoder(1 << 16, 0, 4, 0, 4));
                            c.pipeline().addLast(new SimpleChannelInboundHandler<ByteBuf>() {
                                @Override
                                protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
                                    long now = System.nanoTime();
                                    h.scheduled().recordValue(now - msg.readLong());
                                    h.sent().recordValue(now - msg.readLong());
                                    done.countDown();
                                }
                            });
                        }
                    }).connect(server.localAddress()).sync().channel();
            long interval = 1_000_000_000L / rate;
            long start = System.nanoTime() + 1_000_000;
            for (int i = 0; i < events; i++) {
                long at = start + i * interval;
                waitUntil(at);
                ByteBuf b = client.alloc().buffer(68);
                b.writeInt(64);
                b.writeLong(at);
                b.writeLong(System.nanoTime());
                b.writeZero(48);
                client.writeAndFlush(b);
            }
            if (!done.await(2, TimeUnit.MINUTES)) {
                throw new IllegalStateException("the echo did not return every message");
            }
            client.close().sync();
            server.close().sync();
        } finally {
            group.shutdownGracefully(0, 2, TimeUnit.SECONDS).sync();
        }
        return h;
    }

    private static void waitUntil(long at) {
        long left;
        while ((left = at - System.nanoTime()) > 0) {
            if (left > 60_000) {
                LockSupport.parkNanos(left - 60_000);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private static String page(int rounds, int events, int rate, Map<String, Latency> latency, String throughput) {
        StringBuilder p = new StringBuilder();
        p.append("# Remote event channels benchmark\n\n");
        p.append("Generated by `bench/run-benchmarks.sh --remote-events` (`io.sluice.bench.RemoteEventsBenchmark`). **The machine "
                + "was shared** with other builds and benchmarks while this ran (see the load average below): absolute figures "
                + "are noisy; compare variants within the page, which ran alternating in one JVM.\n\n");
        p.append(String.format(Locale.ROOT, "%d rounds after one of warm-up; each round runs every variant once, the order "
                + "rotating. One publisher, one subscriber, events of 64 B at %,d events/s, %,d per variant per round. "
                + "The remote event channels: a space server hosting event channels, the publisher and the subscriber (both in "
                + "the benchmark's JVM) each on a connection of its own over loopback. In this JVM: the server has one worker, "
                + "and each publish waits for the server's answer. In another JVM: the server runs in a process of its own "
                + "(`SpaceServerProcess --events`, default workers), and publishes are pipelined (`publishAsync`, the answers "
                + "coming back while later events go out), so each event crosses to that process and back. The baseline: a "
                + "64 B message sent to a plain Netty echo server on loopback and timed when it comes back (two hops, as "
                + "publisher → server → subscriber). The local transient channel is the same schedule in one space with one "
                + "worker. Targets of issue 42: p99 below 200 µs over loopback to another JVM, below 20 µs in one JVM."
                + "%n%n", rounds, rate, events));
        p.append("From the scheduled send time:\n\n");
        EventsBenchmark.table(p, latency, true);
        p.append("\nFrom the send call:\n\n");
        EventsBenchmark.table(p, latency, false);
        p.append('\n').append(throughput);
        p.append("\n## Machine\n\n");
        MachineInfo.collect().facts().forEach((k, v) -> p.append("- ").append(k).append(": ").append(v).append('\n'));
        return p.toString();
    }
}
