package io.sluice.composite;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.traffic.ChannelTrafficShapingHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy on loopback in front of a space server, whose link to the client is rate-limited
 * by Netty's traffic shaping (bytes per second from the server to the client, and from the client
 * to the server; 0 for no limit),
 * can be slowed down while connections are open ({@link #rate}), and cut ({@link #cut}: every
 * connection closed and new ones refused), as a lost link is. Its threads end with {@link #close}.
 */
public final class ShapedProxy implements AutoCloseable {
    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    private final ChannelGroup open;
    private final List<ChannelTrafficShapingHandler> shapers = new CopyOnWriteArrayList<>();
    private final Channel server;
    private final InetSocketAddress target;
    private volatile long bytesPerSecond;
    private final long uploadBytesPerSecond;
    private volatile boolean cut;

    public ShapedProxy(InetSocketAddress target, long bytesPerSecond) throws InterruptedException {
        this(target, bytesPerSecond, 0);
    }

    /** A proxy that also limits what the client sends the server: a slow receiver's link. */
    public ShapedProxy(InetSocketAddress target, long bytesPerSecond, long uploadBytesPerSecond) throws InterruptedException {
        this.target = target;
        this.uploadBytesPerSecond = uploadBytesPerSecond;
        this.bytesPerSecond = bytesPerSecond;
        this.open = new DefaultChannelGroup(group.next());
        this.server = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.AUTO_READ, false)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                        if (cut) {
                            c.close();
                            return;
                        }
                        open.add(c);
                        ChannelTrafficShapingHandler shaper = new ChannelTrafficShapingHandler(ShapedProxy.this.bytesPerSecond, 0, 50);
                        shapers.add(shaper);
                        c.closeFuture().addListener(f -> shapers.remove(shaper));
                        c.pipeline().addLast(shaper, new Front());
                    }
                }).bind(InetAddress.getLoopbackAddress(), 0).sync().channel();
    }

    /** The proxy's address as a space URI. */
    public URI uri() {
        return URI.create("sluice://127.0.0.1:" + ((InetSocketAddress) server.localAddress()).getPort());
    }

    /** Changes the server-to-client limit of every connection, open or to come. */
    public void rate(long newBytesPerSecond) {
        bytesPerSecond = newBytesPerSecond;
        for (ChannelTrafficShapingHandler s : shapers) {
            s.configure(newBytesPerSecond, uploadBytesPerSecond);
        }
    }

    /** Closes every connection through the proxy and refuses new ones. */
    public void cut() {
        cut = true;
        open.close().awaitUninterruptibly();
    }

    @Override
    public void close() {
        server.close().awaitUninterruptibly();
        open.close().awaitUninterruptibly();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    /** The client's side: connects to the server, then relays both ways, each side reading as the other's writes complete. */
    private final class Front extends ChannelInboundHandlerAdapter {
        private Channel back;

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            Channel front = ctx.channel();
            new Bootstrap().group(front.eventLoop()).channel(NioSocketChannel.class).option(ChannelOption.AUTO_READ, false)
                    .handler(new Relay(front)).connect(target).addListener((ChannelFutureListener) f -> {
                        if (f.isSuccess()) {
                            back = f.channel();
                            open.add(back);
                            front.read();
                            back.read();
                        } else {
                            front.close();
                        }
                    });
        }

        /**
         * Relays what the client sent, then reads again: at once, or when the upload limit allows
         * (Netty's shaper paces reads only of channels that read automatically, which these do not).
         */
        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            long nanos = uploadBytesPerSecond <= 0 || !(msg instanceof ByteBuf b) ? 0
                    : b.readableBytes() * 1_000_000_000L / uploadBytesPerSecond;
            back.writeAndFlush(msg).addListener((ChannelFutureListener) f -> {
                if (!f.isSuccess()) {
                    f.channel().close();
                } else if (nanos == 0) {
                    ctx.channel().read();
                } else {
                    ctx.executor().schedule(() -> ctx.channel().read(), nanos, TimeUnit.NANOSECONDS);
                }
            });
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (back != null) {
                back.close();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }

    /** The server's side: what the server sends goes to the client through its shaper. */
    private static final class Relay extends ChannelInboundHandlerAdapter {
        private final Channel front;

        Relay(Channel front) {
            this.front = front;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            front.writeAndFlush(msg).addListener((ChannelFutureListener) f -> {
                if (f.isSuccess()) {
                    ctx.channel().read();
                } else {
                    ctx.close();
                }
            });
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            front.close();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
