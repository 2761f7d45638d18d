package io.sluice.remote;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.timeout.IdleStateHandler;
import io.sluice.remote.internal.FrameDecoder;
import io.sluice.remote.internal.HostedChannels;
import io.sluice.remote.internal.ServerConnection;
import io.sluice.remote.internal.ServerLimits;
import io.sluice.remote.internal.SpaceIdentity;
import io.sluice.remote.service.SpaceService;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLException;

/**
 * A space server: serves the persistent channels under one directory to remote clients
 * ({@link RemoteChannels#connect}). Each channel is a directory in the same format as a local
 * persistent channel's, so {@code sluice channel read DIR/NAME} reads it too; a channel is created
 * on its first open, by a writer or a reader, and keeps its tokens until it is unlinked.
 *
 * <p><b>Guarantee.</b> The server acknowledges a token once it is appended to the channel's
 * memory-mapped files: acknowledged tokens survive the server's process being killed (they are in
 * the operating system's page cache), not a power loss.
 *
 * <p><b>Threads and ownership.</b> {@link Builder#start()} binds the port and starts the server's
 * event-loop threads; {@link #close()} stops accepting, closes every connection and channel, and
 * ends those threads before it returns. The caller owns the server and closes it. Binds to the
 * loopback address unless told otherwise.
 */
public final class SpaceServer implements AutoCloseable {
    private final Path directory;
    private final EventLoopGroup group;
    private final Channel serverChannel;
    private final InetSocketAddress address;
    private final ChannelGroup connections;
    private final Map<String, SpaceService> services;

    private SpaceServer(Path directory, EventLoopGroup group, Channel serverChannel, ChannelGroup connections,
            Map<String, SpaceService> services) {
        this.services = services;
        this.directory = directory;
        this.group = group;
        this.connections = connections;
        this.serverChannel = serverChannel;
        this.address = (InetSocketAddress) serverChannel.localAddress();
    }

    /** A builder of a server for the space in {@code directory} (created if missing). */
    public static Builder builder(Path directory) {
        return new Builder(directory);
    }

    /** The directory whose channels this server serves. */
    public Path directory() {
        return directory;
    }

    /** The address the server listens on. */
    public InetSocketAddress address() {
        return address;
    }

    /** The space's URI, {@code sluice://host:port}, for {@link RemoteChannels#connect}. */
    public URI uri() {
        String host = address.getAddress().getHostAddress();
        if (address.getAddress().isAnyLocalAddress()) {
            host = localHostName(); // bound to every address: name the host, not 0.0.0.0
        }
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create("sluice://" + host + ":" + address.getPort());
    }

    private static String localHostName() {
        try {
            return InetAddress.getLocalHost().getCanonicalHostName();
        } catch (IOException e) {
            return InetAddress.getLoopbackAddress().getHostAddress();
        }
    }

    /**
     * Stops the server: no new connection is accepted, open connections are closed (their clients
     * reconnect to a server started again over the same directory), every channel's files are
     * flushed and closed, and the server's threads end. Idempotent.
     */
    @Override
    public void close() {
        serverChannel.close().awaitUninterruptibly();
        connections.close().awaitUninterruptibly(); // each connection's sessions close their channels' files
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly();
        for (SpaceService s : services.values()) {
            s.close();
        }
    }

    @Override
    public String toString() {
        return "space server " + uri() + " for " + directory;
    }

    /** Builds and starts a {@link SpaceServer}. */
    public static final class Builder {
        private final Path directory;
        private InetAddress bind = InetAddress.getLoopbackAddress();
        private int port;
        private byte[] token;
        private int threads = 2;
        private ServerLimits limits = ServerLimits.DEFAULTS;
        private Path certificateChain;
        private Path privateKey;
        private final Map<String, SpaceService> services = new LinkedHashMap<>();

        private Builder(Path directory) {
            this.directory = Objects.requireNonNull(directory, "directory");
        }

        /** The address to listen on; the loopback address by default. */
        public Builder bind(InetAddress address) {
            this.bind = Objects.requireNonNull(address, "address");
            return this;
        }

        /** The port to listen on; 0 (the default) picks a free one, see {@link SpaceServer#address()}. */
        public Builder port(int port) {
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("port " + port + " is not between 0 and 65535");
            }
            this.port = port;
            return this;
        }

        /**
         * A shared secret every client must present; without it (the default) any client that can
         * reach the port is served. Compared in constant time.
         */
        public Builder token(String token) {
            if (token.isEmpty()) {
                throw new IllegalArgumentException("the token is empty");
            }
            this.token = token.getBytes(StandardCharsets.UTF_8);
            return this;
        }

        /**
         * Serves over TLS only, with the certificate chain and the private key (PKCS#8) in the
         * given PEM files; a client that connects in plaintext is refused and logged. OpenSSL
         * (netty-tcnative) is used where it is on the class path, the JDK's TLS otherwise.
         */
        public Builder tls(Path certificateChainPem, Path privateKeyPem) {
            this.certificateChain = Objects.requireNonNull(certificateChainPem, "certificateChainPem");
            this.privateKey = Objects.requireNonNull(privateKeyPem, "privateKeyPem");
            return this;
        }

        /** Event-loop threads; 2 by default. */
        public Builder threads(int threads) {
            if (threads < 1) {
                throw new IllegalArgumentException("threads must be at least 1, was " + threads);
            }
            this.threads = threads;
            return this;
        }

        /** How many connections may be open at once; 1024 by default. */
        public Builder maxConnections(int max) {
            limits = limits.withMaxConnections(max);
            return this;
        }

        /** How many channel ends one connection may have open at once; 4096 by default. */
        public Builder maxChannelsPerConnection(int max) {
            limits = limits.withMaxStreamsPerConnection(max);
            return this;
        }

        /**
         * How many channels the space may hold; opening a new name beyond it is refused. 100,000
         * by default.
         */
        public Builder maxChannels(int max) {
            limits = limits.withMaxChannels(max);
            return this;
        }

        /** How often clients send a heartbeat; a connection silent for four of them is closed. 1 s by default. */
        public Builder heartbeatMillis(long millis) {
            limits = limits.withHeartbeatMillis(millis);
            return this;
        }

        /**
         * How long a channel end that has nothing to do keeps its channel's files (memory maps,
         * file handles) open; it opens them again when it has. 2 s by default: a server holding
         * many idle channels holds none of their files.
         */
        public Builder filesIdleMillis(long millis) {
            limits = limits.withFilesIdleMillis(millis);
            return this;
        }

        /**
         * Hosts {@code service}: clients open streams to it by its name
         * ({@link RemoteSpace#openService}). The server closes it when it closes, or when it
         * fails to start.
         *
         * @throws IllegalArgumentException if a service of that name was added already, or the
         *     name is not letters, digits, {@code .}, {@code _} and {@code -}
         */
        public Builder service(SpaceService service) {
            String name = service.name();
            if (!name.matches("[A-Za-z0-9._-]{1,128}")) {
                throw new IllegalArgumentException("service name '" + name + "': use letters, digits, '.', '_' and '-', at most 128");
            }
            if (services.putIfAbsent(name, service) != null) {
                throw new IllegalArgumentException("the server hosts a service named '" + name + "' already");
            }
            return this;
        }

        /**
         * Opens the space's directory, binds and starts serving.
         *
         * @throws IOException if the directory cannot be opened or the port cannot be bound
         */
        public SpaceServer start() throws IOException {
            Map<String, SpaceService> hosted = Map.copyOf(services);
            HostedChannels space;
            try {
                space = new HostedChannels(directory, limits.maxChannels());
            } catch (java.io.UncheckedIOException e) {
                hosted.values().forEach(SpaceService::close);
                throw e.getCause();
            } catch (RuntimeException e) {
                hosted.values().forEach(SpaceService::close);
                throw e;
            }
            String spaceId = SpaceIdentity.of(directory);
            AtomicInteger connections = new AtomicInteger();
            byte[] secret = token;
            ServerLimits l = limits;
            SslContext ssl = null;
            if (certificateChain != null) {
                try {
                    ssl = SslContextBuilder.forServer(certificateChain.toFile(), privateKey.toFile()).build();
                } catch (SSLException | IllegalArgumentException e) {
                    hosted.values().forEach(SpaceService::close);
                    throw new IOException("cannot use the certificate " + certificateChain + " and key " + privateKey + " for TLS: "
                            + e.getMessage(), e);
                }
            }
            SslContext tls = ssl;
            EventLoopGroup group = new MultiThreadIoEventLoopGroup(threads, NioIoHandler.newFactory());
            ChannelGroup open = new DefaultChannelGroup(group.next()); // the server's own threads: none is left after close
            try {
                Channel ch = new ServerBootstrap()
                        .group(group)
                        .channel(NioServerSocketChannel.class)
                        .option(ChannelOption.SO_REUSEADDR, true)
                        .childOption(ChannelOption.TCP_NODELAY, true)
                        // Room for a few DATA frames of a reader before the connection counts as full.
                        .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(1 << 20, 2 << 20))
                        .childHandler(new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel c) {
                                open.add(c);
                                if (tls != null) {
                                    c.pipeline().addLast(tls.newHandler(c.alloc()));
                                }
                                c.pipeline().addLast(new IdleStateHandler(l.idleMillis(), 0, 0, TimeUnit.MILLISECONDS));
                                c.pipeline().addLast(new FrameDecoder());
                                c.pipeline().addLast(new ServerConnection(space, l, secret, spaceId, connections, hosted));
                            }
                        })
                        .bind(bind, port)
                        .sync()
                        .channel();
                return new SpaceServer(directory, group, ch, open, hosted);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                group.shutdownGracefully(0, 5, TimeUnit.SECONDS);
                hosted.values().forEach(SpaceService::close);
                throw new IOException("interrupted while binding " + bind + ":" + port, e);
            } catch (Exception e) { // a bind failure is thrown unchecked by sync()
                group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly();
                hosted.values().forEach(SpaceService::close);
                throw new IOException("cannot serve " + directory + " on " + bind.getHostAddress() + ":" + port + ": " + e.getMessage(), e);
            }
        }
    }
}
