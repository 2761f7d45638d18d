package io.sluice.remote.internal;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import io.sluice.remote.SpaceException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLParameters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client's connection to a space server, shared by every stream the client opens on it (channel
 * ends and requests), each with its own id. Makes the connection and its handshake, sends
 * heartbeats, and when the connection breaks makes it again, with back-off, for up to
 * {@link ClientOptions#giveUpAfter()}: each stream is told of the break ({@link
 * ClientStream#disconnected()}), then to open itself again where it stands ({@link
 * ClientStream#reconnected()}), or, once the time is up, that it failed.
 *
 * <p><b>Threads.</b> One event-loop thread of its own, ended by {@link #close()}. Streams are
 * called on it; {@link #send} and {@link #execute} may be called from any thread.
 */
public final class ClientConnection implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ClientConnection.class);
    private static final long FIRST_BACKOFF_MILLIS = 50;
    private static final long MAX_BACKOFF_MILLIS = 1000;

    private final URI uri;
    private final InetSocketAddress address;
    private final ClientOptions options;
    private final MultiThreadIoEventLoopGroup group;
    private final EventLoop loop;
    private final Bootstrap bootstrap;
    private final Map<Integer, ClientStream> streams = new ConcurrentHashMap<>();
    private final AtomicInteger nextStream = new AtomicInteger(1);
    /** The live connection, or null while it is being made again. */
    private volatile Channel channel;
    private volatile boolean closed;
    private String spaceId;
    private int maxFrame = Wire.HANDSHAKE_MAX_FRAME;
    private ScheduledFuture<?> heartbeat;
    /** When the connection broke, on the event loop; 0 while it is up. */
    private long brokenSince;

    private ClientConnection(URI uri, InetSocketAddress address, ClientOptions options) {
        this.uri = uri;
        this.address = address;
        this.options = options;
        this.group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        this.loop = group.next();
        this.bootstrap = new Bootstrap()
                .group(loop)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) options.connectTimeout().toMillis())
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel c) {
                        if (options.tls() != null) {
                            SslHandler ssl = options.tls().newHandler(c.alloc(), address.getHostString(), address.getPort());
                            SSLParameters p = ssl.engine().getSSLParameters();
                            p.setEndpointIdentificationAlgorithm("HTTPS");
                            ssl.engine().setSSLParameters(p);
                            c.pipeline().addLast(ssl);
                        }
                        c.pipeline().addLast(new FrameDecoder());
                        c.pipeline().addLast(new Handler());
                    }
                });
    }

    /**
     * Connects to the space at {@code uri} ({@code sluice://host:port}) and makes the handshake.
     *
     * @throws IOException naming the address if it cannot be reached, or the server refuses the
     *     client (a wrong token, no common protocol version), within the connect timeout
     */
    public static ClientConnection open(URI uri, ClientOptions options) throws IOException {
        if (!"sluice".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException("'" + uri + "' is not a space's address: use sluice://host:port");
        }
        ClientConnection c = new ClientConnection(uri, new InetSocketAddress(uri.getHost(), uri.getPort()), options);
        try {
            Channel ch = c.connectOnce().get(options.connectTimeout().toMillis() * 2, TimeUnit.MILLISECONDS);
            c.loop.submit(() -> c.up(ch)).sync();
            return c;
        } catch (ExecutionException e) {
            c.close();
            Throwable cause = e.getCause();
            throw cause instanceof IOException io ? io : new IOException("cannot connect to space " + uri + ": " + cause.getMessage(), cause);
        } catch (TimeoutException e) {
            c.close();
            throw new IOException("space " + uri + " did not answer within " + options.connectTimeout().toMillis() * 2 + " ms", e);
        } catch (InterruptedException e) {
            c.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to space " + uri, e);
        }
    }

    /** The space's address. */
    public URI uri() {
        return uri;
    }

    /** The largest frame payload agreed on. */
    public int maxFrame() {
        return maxFrame;
    }

    public ClientOptions options() {
        return options;
    }

    public ByteBufAllocator alloc() {
        return ByteBufAllocator.DEFAULT;
    }

    /**
     * A new stream id, with {@code stream} registered under it.
     *
     * @throws SpaceException if the connection is closed: nothing would answer the stream, and a
     *     caller waiting for its answer would wait out its whole timeout
     */
    public int register(ClientStream stream) {
        int id = nextStream.getAndIncrement();
        streams.put(id, stream);
        if (closed) { // close fails the streams registered before it; this one it may not have seen
            streams.remove(id);
            throw closedError();
        }
        return id;
    }

    private SpaceException closedError() {
        return new SpaceException("the connection to space " + uri + " is closed");
    }

    /** Forgets stream {@code id}. */
    public void unregister(int id) {
        streams.remove(id);
    }

    /** Runs {@code task} on the connection's event loop. */
    public void execute(Runnable task) {
        if (!closed) {
            loop.execute(task);
        }
    }

    /** Runs {@code task} on the connection's event loop after {@code millis}. */
    public void schedule(Runnable task, long millis) {
        if (!closed) {
            loop.schedule(task, millis, TimeUnit.MILLISECONDS);
        }
    }

    /** True on the connection's event loop. */
    public boolean inLoop() {
        return loop.inEventLoop();
    }

    /**
     * Sends a frame if the connection is up, and drops it (releasing it) if not: a stream sends
     * what it still needs again when {@link ClientStream#reconnected()} is called.
     *
     * @return true if it was handed to the connection
     */
    public boolean send(ByteBuf frame, boolean flush) {
        Channel ch = channel;
        if (ch == null || closed) {
            frame.release();
            return false;
        }
        if (flush) {
            ch.writeAndFlush(frame, ch.voidPromise());
        } else {
            ch.write(frame, ch.voidPromise());
        }
        return true;
    }

    /** Flushes what {@link #send} wrote without flushing. */
    public void flush() {
        Channel ch = channel;
        if (ch != null) {
            ch.flush();
        }
    }

    /** True while the connection is up. */
    public boolean isUp() {
        return channel != null;
    }

    /** Makes one connection attempt and its handshake; completes with the channel, welcomed. */
    private CompletableFuture<Channel> connectOnce() {
        CompletableFuture<Channel> welcomed = new CompletableFuture<>();
        // The future is on the channel before it connects: a server may answer (refuse it, say)
        // and close before this listener runs, and the handler reads that answer into it.
        bootstrap.clone().attr(Handler.WELCOMED, welcomed).connect(address).addListener(f -> {
            if (!f.isSuccess()) {
                welcomed.completeExceptionally(new IOException("cannot connect to space " + uri + ": " + f.cause().getMessage(), f.cause()));
                return;
            }
            Channel ch = ((io.netty.channel.ChannelFuture) f).channel();
            ch.closeFuture().addListener(c -> welcomed.completeExceptionally(new IOException("space " + uri
                    + " closed the connection during the handshake" + (options.tls() == null ? " (does it require TLS?)" : ""))));
            ByteBuf hello = Frames.start(ch.alloc(), FrameType.HELLO, 0, 64);
            hello.writeByte(Wire.MIN_VERSION);
            hello.writeByte(Wire.MAX_VERSION);
            hello.writeInt(options.maxFrame());
            Wire.writeString(hello, options.token() == null ? "" : options.token());
            Wire.writeString(hello, "sluice-java");
            ch.writeAndFlush(Frames.finish(hello));
            ch.eventLoop().schedule(() -> {
                if (welcomed.completeExceptionally(new IOException("space " + uri + " did not answer the handshake within "
                        + options.connectTimeout().toMillis() + " ms"))) {
                    ch.close();
                }
            }, options.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
        });
        return welcomed;
    }

    /** The connection is up and welcomed: start heartbeats. On the event loop. */
    private void up(Channel ch) {
        channel = ch;
        brokenSince = 0;
        long beat = ch.attr(Handler.HEARTBEAT).get();
        ch.pipeline().addFirst(new IdleStateHandler(4 * beat, 0, 0, TimeUnit.MILLISECONDS));
        heartbeat = loop.scheduleAtFixedRate(() -> send(Frames.ofLong(ch.alloc(), FrameType.PING, 0, System.nanoTime()), true),
                beat, beat, TimeUnit.MILLISECONDS);
        ch.closeFuture().addListener(f -> loop.execute(() -> down(ch)));
    }

    /** The connection broke: try again, with back-off, until the time is up. On the event loop. */
    private void down(Channel ch) {
        if (channel != ch) {
            return;
        }
        channel = null;
        if (heartbeat != null) {
            heartbeat.cancel(false);
        }
        if (closed) {
            return;
        }
        brokenSince = System.nanoTime();
        LOG.info("lost the connection to space {}; connecting again", uri);
        for (ClientStream s : streams.values()) {
            try {
                s.disconnected();
            } catch (RuntimeException e) {
                LOG.warn("space {}: a stream failed when told of the broken connection", uri, e);
            }
        }
        retry(FIRST_BACKOFF_MILLIS);
    }

    private void retry(long backoff) {
        if (closed) {
            return;
        }
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - brokenSince);
        if (waited > options.giveUpAfter().toMillis()) {
            SpaceException lost = new SpaceException("space " + uri + " was unreachable for " + waited + " ms (giving up after "
                    + options.giveUpAfter().toMillis() + " ms)");
            LOG.warn("{}", lost.getMessage());
            streams.values().forEach(s -> s.failed(lost));
            return;
        }
        loop.schedule(() -> connectOnce().whenComplete((ch, e) -> loop.execute(() -> {
            if (e != null) {
                LOG.debug("space {}: {}", uri, e.getMessage());
                retry(Math.min(MAX_BACKOFF_MILLIS, backoff * 2));
            } else if (closed) {
                ch.close();
            } else {
                up(ch);
                LOG.info("connected to space {} again", uri);
                streams.values().forEach(ClientStream::reconnected);
                flush();
            }
        })), backoff, TimeUnit.MILLISECONDS);
    }

    /** Closes the connection (after a BYE) and ends its thread; streams get nothing more. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        SpaceException gone = closedError();
        streams.values().forEach(s -> s.failed(gone)); // nothing waits on it any more
        Channel ch = channel;
        if (ch != null) {
            ch.writeAndFlush(Frames.empty(ch.alloc(), FrameType.BYE, 0)).addListener(f -> ch.close());
            ch.closeFuture().awaitUninterruptibly(1, TimeUnit.SECONDS);
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly();
    }

    /** Reads frames: the handshake's answer, then frames for the streams. */
    private final class Handler extends SimpleChannelInboundHandler<Frame> {
        static final io.netty.util.AttributeKey<CompletableFuture<Channel>> WELCOMED = io.netty.util.AttributeKey.valueOf("sluice.welcomed");
        static final io.netty.util.AttributeKey<Long> HEARTBEAT = io.netty.util.AttributeKey.valueOf("sluice.heartbeat");

        Handler() {
            super(false);
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Frame frame) {
            CompletableFuture<Channel> welcomed = ctx.channel().attr(WELCOMED).get();
            if (!welcomed.isDone()) {
                try {
                    welcome(ctx, frame, welcomed);
                } finally {
                    frame.release();
                }
                return;
            }
            if (frame.stream() == 0) {
                try {
                    if (frame.type() == FrameType.ERROR) {
                        LOG.warn("space {} closes the connection: {}", uri, ErrorCode.describe(frame.payload()));
                    }
                } finally {
                    frame.release();
                }
                return;
            }
            ClientStream stream = streams.get(frame.stream());
            if (stream == null) {
                frame.release(); // a stream closed meanwhile
                return;
            }
            stream.onFrame(frame);
        }

        private void welcome(ChannelHandlerContext ctx, Frame frame, CompletableFuture<Channel> welcomed) {
            if (frame.type() == FrameType.ERROR) {
                int theirs = ctx.pipeline().get(FrameDecoder.class).peerVersion();
                String versions = theirs == Wire.MAX_VERSION ? ""
                        : " (the server answered in protocol version " + theirs + ", this client speaks " + Wire.MIN_VERSION + " to "
                                + Wire.MAX_VERSION + ")";
                welcomed.completeExceptionally(new IOException("space " + uri + " refused the connection: "
                        + ErrorCode.describe(frame.payload()) + versions));
                ctx.close();
                return;
            }
            if (frame.type() != FrameType.WELCOME) {
                throw new MalformedFrameException("a " + frame.type() + " frame before WELCOME");
            }
            ByteBuf in = frame.payload();
            Wire.readUnsignedByte(in, "WELCOME's version");
            int agreed = Wire.readInt(in, "WELCOME's largest frame");
            int beat = Wire.readInt(in, "WELCOME's heartbeat");
            String id = Wire.readString(in, "WELCOME's space id");
            if (spaceId != null && !spaceId.equals(id)) {
                welcomed.completeExceptionally(new IOException("the server at " + uri + " now serves another space (" + id + ", was "
                        + spaceId + ")"));
                ctx.close();
                return;
            }
            spaceId = id;
            maxFrame = agreed;
            ctx.pipeline().get(FrameDecoder.class).maxFrame(agreed);
            ctx.channel().attr(HEARTBEAT).set((long) Math.max(10, beat));
            welcomed.complete(ctx.channel());
        }

        @Override
        public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
            if (evt instanceof IdleStateEvent) {
                LOG.warn("space {} sent nothing, not even a heartbeat, for a while; connecting again", uri);
                ctx.close();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            CompletableFuture<Channel> welcomed = ctx.channel().attr(WELCOMED).get();
            if (welcomed != null && !welcomed.isDone()) {
                Throwable c = cause instanceof io.netty.handler.codec.DecoderException && cause.getCause() != null ? cause.getCause() : cause;
                welcomed.completeExceptionally(new IOException("cannot connect to space " + uri + ": " + c.getMessage(), c));
            } else {
                LOG.warn("connection to space {} failed: {}", uri, cause.toString());
            }
            ctx.close();
        }
    }
}
