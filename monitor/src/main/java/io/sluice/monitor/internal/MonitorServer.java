package io.sluice.monitor.internal;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.sluice.monitor.LineageSource;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The monitor's HTTP server: one Netty event-loop thread ({@code sluice-monitor-N-1}) that
 * accepts connections, answers requests ({@link MonitorHandler}) and writes the event streams of
 * a {@link Feed}. The caller owns it and closes it; {@link #close()} ends every connection and the
 * thread before it returns.
 */
public final class MonitorServer implements AutoCloseable {
    /** Requests are small GETs: a larger one is refused. */
    private static final int MAX_REQUEST_BYTES = 16 * 1024;
    /**
     * Above this many bytes waiting for a client, its connection is not writable and its event
     * stream skips snapshots; below the low mark it is writable again and gets the latest.
     */
    private static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(32 * 1024, 64 * 1024);

    /** How long {@link #close()} lets the event streams send their last event. */
    private static final long CLOSING_MILLIS = 2_000;

    private final EventLoopGroup group;
    private final Threads threads;
    private final LineageService lineage;
    /** The connections open now, which {@link #close()} closes. */
    private final Set<Channel> connections;
    private final Channel serverChannel;
    private final InetSocketAddress address;
    private final AtomicBoolean closed = new AtomicBoolean();

    private MonitorServer(EventLoopGroup group, Threads threads, LineageService lineage, Set<Channel> connections,
            Channel serverChannel) {
        this.group = group;
        this.threads = threads;
        this.lineage = lineage;
        this.connections = connections;
        this.serverChannel = serverChannel;
        this.address = (InetSocketAddress) serverChannel.localAddress();
    }

    /**
     * Binds {@code bind} and serves {@code feed} there, and the lineages {@code source} answers
     * unless it is null.
     *
     * @throws IOException if the address cannot be bound; no thread is left running then
     */
    public static MonitorServer start(InetSocketAddress bind, Feed feed, LineageSource source) throws IOException {
        PageResources page = PageResources.load();
        LineageService lineage = source == null ? null : new LineageService(source);
        Threads threads = new Threads();
        Set<Channel> connections = ConcurrentHashMap.newKeySet();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, threads, NioIoHandler.newFactory());
        try {
            Channel ch = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel c) {
                            connections.add(c);
                            c.closeFuture().addListener(f -> connections.remove(c));
                            c.pipeline().addLast(new HttpServerCodec());
                            c.pipeline().addLast(new HttpObjectAggregator(MAX_REQUEST_BYTES));
                            c.pipeline().addLast(new MonitorHandler(feed, page,
                                    new HostCheck((InetSocketAddress) c.parent().localAddress()), lineage));
                        }
                    })
                    .bind(bind)
                    .sync()
                    .channel();
            return new MonitorServer(group, threads, lineage, connections, ch);
        } catch (InterruptedException e) {
            shutDown(group, threads);
            if (lineage != null) {
                lineage.close(); // asked nothing yet: no thread to wait for
            }
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while binding " + bind, e);
        } catch (Exception e) { // a bind failure is thrown unchecked by sync()
            shutDown(group, threads);
            if (lineage != null) {
                lineage.close();
            }
            throw new IOException("cannot serve the run monitor on " + describe(bind) + ": " + e.getMessage(), e);
        }
    }

    /** The address it listens on. */
    public InetSocketAddress address() {
        return address;
    }

    /**
     * The page's address, {@code http://HOST:PORT/}: the bound address, or the loopback address if
     * it listens on every address.
     */
    public URI uri() {
        InetAddress a = address.getAddress().isAnyLocalAddress() ? InetAddress.getLoopbackAddress() : address.getAddress();
        String host = a.getHostAddress();
        if (host.contains(":")) {
            host = "[" + host.replaceFirst("%.*$", "") + "]";
        }
        return URI.create("http://" + host + ":" + address.getPort() + "/");
    }

    /**
     * Stops accepting connections, lets the event streams send what they were woken for, closes
     * every connection and ends the server's thread. Idempotent; not on the server's own thread.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        serverChannel.close().awaitUninterruptibly();
        if (lineage != null) {
            lineage.close(); // its last answer is handed to the loop, which is still running
        }
        // The loop runs its tasks in order: once this one has run, so have the streams' last
        // writes queued before it. Shutting down first could close their connections first.
        group.submit(() -> { }).awaitUninterruptibly(CLOSING_MILLIS);
        // Shutting the loop down cancels its channels' keys and closes them, but a socket whose
        // key is cancelled may stay open until the selector selects again, which a loop that is
        // ending may not do: close each connection while the loop still runs, and wait for it.
        for (Channel c : connections) {
            c.close().awaitUninterruptibly(CLOSING_MILLIS);
        }
        shutDown(group, threads);
    }

    /** Shuts the loop down, closing every connection, and waits until its thread has ended. */
    private static void shutDown(EventLoopGroup group, Threads threads) {
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly();
        threads.join(); // the loop's termination is told from its thread, just before it ends
    }

    /** Makes the loop's thread, {@code sluice-monitor-N-1}, and keeps it to wait for its end. */
    private static final class Threads extends DefaultThreadFactory {
        private final List<Thread> made = new CopyOnWriteArrayList<>();

        Threads() {
            super("sluice-monitor");
        }

        @Override
        protected Thread newThread(Runnable r, String name) {
            Thread t = super.newThread(r, name);
            made.add(t);
            return t;
        }

        void join() {
            for (Thread t : made) {
                boolean interrupted = false;
                while (t.isAlive()) {
                    try {
                        t.join();
                    } catch (InterruptedException e) {
                        interrupted = true; // the thread is ending: wait for it, then tell the caller
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private static String describe(InetSocketAddress a) {
        return (a.getAddress() == null ? a.getHostString() : a.getAddress().getHostAddress()) + ":" + a.getPort();
    }
}
