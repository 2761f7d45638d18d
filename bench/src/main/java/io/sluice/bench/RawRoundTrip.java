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
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The baseline of {@link RemoteBenchmark}'s name-service lookups: request/response round trips
 * over Netty on loopback that do no work. A server (on as many event-loop threads as the space
 * server) answers each length-prefixed request with a fixed answer of {@code answerBytes}; each
 * client has its own connection and event-loop thread, as a space client does, and a calling
 * thread that sends a request and waits for its answer, one at a time.
 */
final class RawRoundTrip {
    private RawRoundTrip() {}

    /** Round trips per second from {@code clients} clients, counted for {@code seconds} after 1 s of warm-up. */
    static double run(int clients, int seconds, int serverThreads, int requestBytes, int answerBytes) throws Exception {
        EventLoopGroup serverGroup = new MultiThreadIoEventLoopGroup(serverThreads, NioIoHandler.newFactory());
        List<EventLoopGroup> clientGroups = new ArrayList<>();
        ExecutorService callers = Executors.newFixedThreadPool(clients);
        AtomicBoolean stop = new AtomicBoolean();
        try {
            Channel server = new ServerBootstrap().group(serverGroup).channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            c.pipeline().addLast(new LengthFieldBasedFrameDecoder(1 << 20, 0, 4, 0, 4));
                            c.pipeline().addLast(new SimpleChannelInboundHandler<ByteBuf>() {
                                @Override
                                protected void channelRead0(ChannelHandlerContext ctx, ByteBuf request) {
                                    ByteBuf answer = ctx.alloc().buffer(4 + answerBytes);
                                    answer.writeInt(answerBytes);
                                    answer.writeZero(answerBytes);
                                    ctx.writeAndFlush(answer, ctx.voidPromise());
                                }
                            });
                        }
                    })
                    .bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
            AtomicLong done = new AtomicLong();
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                EventLoopGroup g = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
                clientGroups.add(g);
                AtomicReference<CompletableFuture<Void>> pending = new AtomicReference<>();
                Channel ch = new Bootstrap().group(g).channel(NioSocketChannel.class).option(ChannelOption.TCP_NODELAY, true)
                        .handler(new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel c) {
                                c.pipeline().addLast(new LengthFieldBasedFrameDecoder(1 << 20, 0, 4, 0, 4));
                                c.pipeline().addLast(new SimpleChannelInboundHandler<ByteBuf>() {
                                    @Override
                                    protected void channelRead0(ChannelHandlerContext ctx, ByteBuf answer) {
                                        pending.get().complete(null);
                                    }
                                });
                            }
                        })
                        .connect(server.localAddress()).sync().channel();
                futures.add(callers.submit(() -> {
                    while (!stop.get()) {
                        CompletableFuture<Void> f = new CompletableFuture<>();
                        pending.set(f);
                        ByteBuf request = ch.alloc().buffer(4 + requestBytes);
                        request.writeInt(requestBytes);
                        request.writeZero(requestBytes);
                        ch.writeAndFlush(request, ch.voidPromise());
                        f.get(1, TimeUnit.MINUTES);
                        done.incrementAndGet();
                    }
                    return null;
                }));
            }
            Counted counted = count(done, seconds, stop, futures);
            server.close().sync();
            return counted.perSecond();
        } finally {
            stop.set(true);
            callers.shutdownNow();
            for (EventLoopGroup g : clientGroups) {
                g.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            }
            serverGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        }
    }

    /**
     * What the callers counted in {@code done} during {@code seconds}, after one second of warm-up;
     * then sets {@code stop} and waits for the callers ({@code futures}) to end.
     */
    static Counted count(AtomicLong done, int seconds, AtomicBoolean stop, List<Future<?>> futures) throws Exception {
        Thread.sleep(1000);
        long before = done.get();
        long t0 = System.nanoTime();
        Thread.sleep(seconds * 1000L);
        long n = done.get() - before;
        long nanos = System.nanoTime() - t0;
        stop.set(true);
        for (Future<?> f : futures) {
            f.get(1, TimeUnit.MINUTES);
        }
        return new Counted(n, nanos);
    }

    /** A count made during {@code nanos}. */
    record Counted(long count, long nanos) {
        double perSecond() {
            return count / (nanos / 1e9);
        }
    }
}
