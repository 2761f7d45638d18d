package io.sluice.bench;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.BufferedInputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;

/**
 * The baseline of {@link RemoteBenchmark}'s throughput: a Netty server on loopback that relays
 * the bytes of a writer connection to a reader connection, with back-pressure (the writer's
 * connection stops reading while the reader's cannot take more), storing nothing. The writer and
 * the reader are plain blocking sockets with buffered streams, each token a 4-byte length and its
 * payload, as the {@code bytes} codec writes it.
 */
final class RawRelay implements AutoCloseable {
    private final EventLoopGroup group;
    private final Channel server;
    private volatile Channel writerSide;
    private volatile CompletableFuture<Channel> readerSide = new CompletableFuture<>();

    private RawRelay(EventLoopGroup group, Channel server) {
        this.group = group;
        this.server = server;
    }

    static RawRelay start() throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        RawRelay[] self = new RawRelay[1];
        Channel ch = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.AUTO_READ, false)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                        c.pipeline().addLast(self[0].new Role());
                    }
                })
                .bind(InetAddress.getLoopbackAddress(), 0)
                .sync()
                .channel();
        self[0] = new RawRelay(group, ch);
        return self[0];
    }

    /**
     * The first byte of a connection says what it is: 'W' the writer, 'R' the reader. Reads are
     * asked for one at a time (no auto-read): the writer's next read once its last bytes are
     * written to the reader, as Netty's proxy example does, so the relay holds at most one read.
     */
    private final class Role extends ChannelInboundHandlerAdapter {
        private boolean known;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            ctx.read();
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf buf = (ByteBuf) msg;
            if (!known) {
                known = true;
                byte role = buf.readByte();
                if (role == 'R') {
                    buf.release();
                    readerSide.complete(ctx.channel());
                    return;
                }
                writerSide = ctx.channel();
            }
            Channel reader = readerSide.join();
            reader.writeAndFlush(buf).addListener(f -> {
                if (f.isSuccess()) {
                    ctx.read();
                } else {
                    ctx.close();
                }
            });
        }
    }

    /** MiB/s of one run: {@code tokens} payloads from a writer socket to a reader socket through the relay. */
    double run(int payload, long tokens) throws Exception {
        readerSide = new CompletableFuture<>();
        InetSocketAddress at = (InetSocketAddress) server.localAddress();
        byte[] token = new byte[payload];
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Socket reader = new Socket(at.getAddress(), at.getPort()); Socket writer = new Socket(at.getAddress(), at.getPort())) {
            reader.setTcpNoDelay(true);
            writer.setTcpNoDelay(true);
            reader.getOutputStream().write('R');
            reader.getOutputStream().flush();
            readerSide.get(10, TimeUnit.SECONDS);
            long t0 = System.nanoTime();
            Future<Long> read = pool.submit(() -> {
                DataInputStream in = new DataInputStream(new BufferedInputStream(reader.getInputStream(), 64 << 10));
                byte[] buf = new byte[payload];
                long n = 0;
                while (n < tokens) {
                    int len = in.readInt();
                    in.readFully(buf, 0, len);
                    n++;
                }
                return n;
            });
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(writer.getOutputStream(), 64 << 10));
            out.write('W');
            for (long i = 0; i < tokens; i++) {
                out.writeInt(payload);
                out.write(token);
            }
            out.flush();
            long n = read.get(10, TimeUnit.MINUTES);
            if (n != tokens) {
                throw new IOException("the reader took " + n + " of " + tokens + " tokens");
            }
            return RemoteBenchmark.mibPerSecond(tokens * (payload + 4), System.nanoTime() - t0);
        } finally {
            pool.shutdownNow();
            Channel r = readerSide.getNow(null);
            if (r != null) {
                r.close().sync();
            }
            if (writerSide != null) {
                writerSide.close().sync();
            }
        }
    }

    /**
     * The latency baseline: a token (its 4-byte length and an 8-byte time) at a time, flushed, from
     * the writer socket to the reader socket through the relay, {@code rate} a second for
     * {@code seconds}; the reader records each token's delay from the time it was scheduled to be
     * sent in {@code h}, the first tenth not counted.
     */
    void latency(int rate, int seconds, Histogram h) throws Exception {
        readerSide = new CompletableFuture<>();
        InetSocketAddress at = (InetSocketAddress) server.localAddress();
        long tokens = (long) rate * seconds;
        long interval = 1_000_000_000L / rate;
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try (Socket reader = new Socket(at.getAddress(), at.getPort()); Socket writer = new Socket(at.getAddress(), at.getPort())) {
            reader.setTcpNoDelay(true);
            writer.setTcpNoDelay(true);
            reader.getOutputStream().write('R');
            reader.getOutputStream().flush();
            readerSide.get(10, TimeUnit.SECONDS);
            Future<?> read = pool.submit(() -> {
                DataInputStream in = new DataInputStream(new BufferedInputStream(reader.getInputStream(), 64 << 10));
                for (long i = 0; i < tokens; i++) {
                    in.readInt();
                    long scheduled = in.readLong();
                    long now = System.nanoTime();
                    if (i >= tokens / 10) {
                        h.recordValue(Math.max(0, now - scheduled));
                    }
                }
                return null;
            });
            DataOutputStream out = new DataOutputStream(new BufferedOutputStream(writer.getOutputStream(), 64 << 10));
            out.write('W');
            long start = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(100);
            for (long i = 0; i < tokens; i++) {
                long due = start + i * interval;
                long wait;
                while ((wait = due - System.nanoTime()) > 0) {
                    LockSupport.parkNanos(Math.min(wait, 50_000));
                }
                out.writeInt(8);
                out.writeLong(due);
                out.flush();
            }
            read.get(5, TimeUnit.MINUTES);
        } finally {
            pool.shutdownNow();
            Channel r = readerSide.getNow(null);
            if (r != null) {
                r.close().sync();
            }
            if (writerSide != null) {
                writerSide.close().sync();
            }
        }
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }
}
