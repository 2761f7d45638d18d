package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import io.sluice.channel.ChannelException;
import io.sluice.remote.service.SpaceService;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One client connection of a space server: the handshake (version, token, frame size), then the
 * streams the client opens, each a {@link WriteSession}, {@link ReadSession} or a stream to a
 * space service ({@link ServiceServerStream}), and the name service's requests. A malformed frame closes the connection with a logged reason; a refused
 * request fails its stream only. On the connection's event loop.
 */
public final class ServerConnection extends ChannelInboundHandlerAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ServerConnection.class);
    /** The longest regular expression the name service accepts. */
    static final int MAX_REGEX = 1024;

    private final HostedChannels space;
    private final ServerLimits limits;
    private final byte[] token;
    private final String spaceId;
    private final AtomicInteger connections;
    private final Map<String, SpaceService> services;
    private final Map<Integer, Session> streams = new HashMap<>();
    /**
     * Streams the server failed (and forgot) that the client has not opened again: frames the
     * client sent on them before it read the error are dropped, not taken as malformed. At most
     * the streams-per-connection limit, the oldest forgotten first.
     */
    private final LinkedHashSet<Integer> failedStreams = new LinkedHashSet<>();
    /**
     * The highest stream id the client opened (or tried to) on this connection: a frame for a
     * closed stream at or below it that {@link #failedStreams} forgot comes late, and is dropped.
     */
    private int highestOpened;
    /** Frames dropped because they came for a stream failed and forgotten. */
    private long lateFrames;
    private ChannelHandlerContext ctx;
    private boolean welcomed;
    private int maxFrame;
    private boolean counted;
    /** The connection is being closed (refused, or it broke the protocol): frames are dropped. */
    private boolean closing;

    /**
     * @param token the shared token clients must present, or null if none is required
     * @param connections the server's count of open connections
     */
    public ServerConnection(HostedChannels space, ServerLimits limits, byte[] token, String spaceId, AtomicInteger connections) {
        this(space, limits, token, spaceId, connections, Map.of());
    }

    /** @param services the space services clients may open streams to, by name */
    public ServerConnection(HostedChannels space, ServerLimits limits, byte[] token, String spaceId, AtomicInteger connections,
            Map<String, SpaceService> services) {
        this.services = services;
        this.space = space;
        this.limits = limits;
        this.token = token;
        this.spaceId = spaceId;
        this.connections = connections;
    }

    String peer() {
        return String.valueOf(ctx.channel().remoteAddress());
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        this.ctx = ctx;
        counted = true;
        if (connections.incrementAndGet() > limits.maxConnections()) {
            refuse(ErrorCode.LIMIT, "the server has " + limits.maxConnections() + " connections, its limit");
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        Frame frame = (Frame) msg;
        if (closing) {
            frame.release();
            return;
        }
        if (!welcomed) {
            try {
                hello(frame);
            } finally {
                frame.release();
            }
            return;
        }
        if (frame.stream() == 0) {
            try {
                connectionFrame(frame);
            } finally {
                frame.release();
            }
            return;
        }
        Session session = streams.get(frame.stream());
        if (session != null && frame.type() == FrameType.CLOSE) {
            frame.release();
            streams.remove(frame.stream());
            session.close();
            return;
        }
        if (session != null) {
            try {
                session.onFrame(frame);
            } catch (RefusedException e) {
                fail(frame.stream(), e.code, e.getMessage());
            } catch (ChannelException e) {
                LOG.warn("space {}: stream {} of {}: {}", space.root(), frame.stream(), peer(), e.getMessage());
                fail(frame.stream(), ErrorCode.STORAGE, e.getMessage());
            } catch (ServiceFault e) {
                LOG.warn("space {}: stream {} of {}: {}", space.root(), frame.stream(), peer(), e.getMessage(), e.getCause());
                fail(frame.stream(), ErrorCode.REFUSED, e.getMessage());
            }
            return;
        }
        try {
            request(frame);
        } catch (RefusedException e) {
            fail(frame.stream(), e.code, e.getMessage());
        } catch (ChannelException e) {
            LOG.warn("space {}: {} from {}: {}", space.root(), frame.type(), peer(), e.getMessage());
            fail(frame.stream(), ErrorCode.STORAGE, e.getMessage());
        } finally {
            frame.release();
        }
    }

    private void hello(Frame frame) {
        if (frame.type() != FrameType.HELLO || frame.stream() != 0) {
            throw new MalformedFrameException("a " + frame.type() + " frame before HELLO");
        }
        ByteBuf in = frame.payload();
        int min = Wire.readUnsignedByte(in, "HELLO's lowest version");
        int max = Wire.readUnsignedByte(in, "HELLO's highest version");
        int theirMaxFrame = Wire.readInt(in, "HELLO's largest frame");
        String presented = Wire.readString(in, "HELLO's token");
        String client = Wire.readString(in, "HELLO's client");
        Wire.expectEnd(in, FrameType.HELLO);
        if (max < Wire.MIN_VERSION || min > Wire.MAX_VERSION) {
            LOG.warn("space {}: refused {} ({}): it speaks protocol versions {} to {}, the server {} to {}", space.root(), peer(), client,
                    min, max, Wire.MIN_VERSION, Wire.MAX_VERSION);
            // in a header of the client's version, so that a client of an older version can read why
            refuse(ErrorCode.VERSION, "no common protocol version: the client speaks versions " + versions(min, max)
                    + ", the server at " + ctx.channel().localAddress() + " versions " + versions(Wire.MIN_VERSION, Wire.MAX_VERSION)
                    + "; use a client and a server of the same protocol version", Math.max(1, Math.min(max, 255)));
            return;
        }
        if (token != null && !MessageDigest.isEqual(token, presented.getBytes(StandardCharsets.UTF_8))) {
            LOG.warn("space {}: refused {} ({}): {}", space.root(), peer(), client, presented.isEmpty() ? "no token" : "a wrong token");
            refuse(ErrorCode.AUTH, presented.isEmpty() ? "the server requires a token" : "the token is not the server's");
            return;
        }
        maxFrame = Math.max(Wire.HANDSHAKE_MAX_FRAME, Math.min(limits.maxFrame(), theirMaxFrame));
        ctx.pipeline().get(FrameDecoder.class).maxFrame(maxFrame);
        welcomed = true;
        ByteBuf welcome = Frames.start(ctx.alloc(), FrameType.WELCOME, 0, 64);
        welcome.writeByte(Math.min(max, Wire.MAX_VERSION));
        welcome.writeInt(maxFrame);
        welcome.writeInt((int) limits.heartbeatMillis());
        Wire.writeString(welcome, spaceId);
        ctx.writeAndFlush(Frames.finish(welcome));
        LOG.debug("space {}: {} ({}) connected", space.root(), peer(), client);
    }

    private void connectionFrame(Frame frame) {
        switch (frame.type()) {
            case PING -> ctx.writeAndFlush(Frames.ofLong(ctx.alloc(), FrameType.PONG, 0, Wire.readLong(frame.payload(), "PING's nonce")));
            case PONG -> { }
            case BYE -> ctx.close();
            case ERROR -> {
                LOG.warn("space {}: {} reports: {}", space.root(), peer(), ErrorCode.describe(frame.payload()));
                ctx.close();
            }
            default -> throw new MalformedFrameException("a " + frame.type() + " frame on stream 0");
        }
    }

    private void request(Frame frame) {
        int stream = frame.stream();
        ByteBuf in = frame.payload();
        if (frame.type() == FrameType.OPEN || frame.type() == FrameType.SERVICE_OPEN) {
            highestOpened = Math.max(highestOpened, stream); // also if it is refused: its frames may follow
        }
        switch (frame.type()) {
            case OPEN -> {
                if (streams.size() >= limits.maxStreamsPerConnection()) {
                    throw new RefusedException(ErrorCode.LIMIT, "the connection has " + streams.size() + " channels open, the server's limit");
                }
                int role = Wire.readUnsignedByte(in, "OPEN's role");
                String name = Wire.readString(in, "OPEN's channel name");
                String type = Wire.readString(in, "OPEN's token type");
                String codec = Wire.readString(in, "OPEN's codec");
                long from = Wire.readLong(in, "OPEN's seq");
                Wire.expectEnd(in, FrameType.OPEN);
                if (from < 0) {
                    throw new MalformedFrameException("OPEN from seq " + from);
                }
                if (type.isBlank() || codec.isBlank()) {
                    throw new RefusedException(ErrorCode.REFUSED, "OPEN of channel '" + name + "' names no token type or no codec");
                }
                failedStreams.remove(stream);
                HostedChannel hosted = space.attach(name, type, codec);
                if (role == 1) {
                    WriteSession w = new WriteSession(this, ctx, stream, space, hosted, limits.window(), limits.filesIdleMillis());
                    w.open(type, codec);
                    streams.put(stream, w);
                } else if (role == 2) {
                    ReadSession r = new ReadSession(ctx, stream, hosted, maxFrame, limits.filesIdleMillis());
                    r.open(from);
                    streams.put(stream, r);
                    r.pump();
                } else {
                    throw new MalformedFrameException("OPEN with role " + role);
                }
            }
            case SERVICE_OPEN -> {
                if (streams.size() >= limits.maxStreamsPerConnection()) {
                    throw new RefusedException(ErrorCode.LIMIT, "the connection has " + streams.size() + " streams open, the server's limit");
                }
                String name = Wire.readString(in, "SERVICE_OPEN's service name");
                Wire.expectEnd(in, FrameType.SERVICE_OPEN);
                failedStreams.remove(stream);
                SpaceService service = services.get(name);
                if (service == null) {
                    throw new RefusedException(ErrorCode.NOT_FOUND, "the space hosts no service '" + name + "'");
                }
                ServiceServerStream s = new ServiceServerStream(ctx, stream, name, maxFrame);
                try {
                    s.session(service.open(s));
                } catch (IllegalArgumentException e) {
                    throw new RefusedException(ErrorCode.REFUSED, "service " + name + " refused the stream: " + e.getMessage());
                } catch (RuntimeException e) {
                    // A fault of the service fails this stream, not the connection with its other streams.
                    LOG.warn("space {}: service {} failed to open a stream for {}", space.root(), name, peer(), e);
                    throw new RefusedException(ErrorCode.REFUSED, "service " + name + " failed to open the stream: " + e);
                }
                streams.put(stream, s);
            }
            case SERVICE -> { } // a stream the server already failed
            case CLOSE -> failedStreams.remove(stream); // a stream the server already closed
            case DATA, END, FORMAT, CREDIT -> {
                if (failedStreams.contains(stream)) {
                    return; // sent before the client read the stream's ERROR: dropped, the other streams go on
                }
                if (stream > highestOpened) {
                    throw new MalformedFrameException("a " + frame.type() + " frame on stream " + stream + ", which is not open");
                }
                // a stream opened earlier, failed so long ago that failedStreams forgot it: dropped too
                lateFrames++;
                LOG.debug("space {}: dropped a late {} frame of {} on stream {}, closed before ({} late frames on this connection)",
                        space.root(), frame.type(), peer(), stream, lateFrames);
            }
            case LIST -> {
                String regex = Wire.readString(in, "LIST's expression");
                Wire.expectEnd(in, FrameType.LIST);
                names(stream, space.names(regex, MAX_REGEX));
            }
            case UNLINK -> {
                String name = Wire.readString(in, "UNLINK's channel name");
                Wire.expectEnd(in, FrameType.UNLINK);
                space.unlink(name);
                ctx.writeAndFlush(Frames.empty(ctx.alloc(), FrameType.DONE, stream));
            }
            case FORMAT_GET -> {
                String key = Wire.readString(in, "FORMAT_GET's key");
                Wire.expectEnd(in, FrameType.FORMAT_GET);
                byte[] description = SpaceFormats.isKey(key) ? space.formats().get(key).orElse(null) : null;
                if (description == null) {
                    throw new RefusedException(ErrorCode.NOT_FOUND, "space " + space.root().getFileName() + " has no format '" + key + "'");
                }
                int payload = 2 + key.getBytes(StandardCharsets.UTF_8).length + 4 + description.length;
                if (payload > maxFrame) {
                    throw new RefusedException(ErrorCode.LIMIT, "format '" + key + "' of space " + space.root().getFileName() + " is "
                            + description.length + " bytes, a FORMAT frame of " + payload + " bytes, more than the " + maxFrame
                            + " bytes agreed for this connection's frames");
                }
                ctx.writeAndFlush(Frames.format(ctx.alloc(), stream, key, description));
            }
            case FORMAT_KEYS -> {
                String regex = Wire.readString(in, "FORMAT_KEYS' expression");
                Wire.expectEnd(in, FrameType.FORMAT_KEYS);
                names(stream, space.formatKeys(regex, MAX_REGEX));
            }
            default -> throw new MalformedFrameException("a " + frame.type() + " frame on stream " + stream + ", which is not open");
        }
    }

    /** Sends the names in as many NAMES frames as they need; the last has the flag 1. */
    private void names(int stream, List<String> names) {
        int i = 0;
        do {
            ByteBuf frame = Frames.start(ctx.alloc(), FrameType.NAMES, stream, 256);
            int countAt = frame.writerIndex();
            frame.writeByte(0);
            frame.writeInt(0);
            int n = 0;
            while (i < names.size() && frame.readableBytes() - Wire.HEADER + 2 + 3 * names.get(i).length() < maxFrame) {
                Wire.writeString(frame, names.get(i++));
                n++;
            }
            frame.setByte(countAt, i == names.size() ? 1 : 0);
            frame.setInt(countAt + 1, n);
            ctx.write(Frames.finish(frame));
        } while (i < names.size());
        ctx.flush();
    }

    /** Fails a stream a service asked to fail. On the event loop. */
    void failStream(int stream, ErrorCode code, String message) {
        if (streams.containsKey(stream)) {
            fail(stream, code, message);
        }
    }

    /**
     * Fails one stream: closes its session and tells the client why. Closing a session whose
     * storage just failed may fail again (a writer's last flush to a full disk); that is logged,
     * and the stream's error, not the connection's, is what the client gets.
     */
    private void fail(int stream, ErrorCode code, String message) {
        Session s = streams.remove(stream);
        failedStreams.add(stream);
        if (failedStreams.size() > limits.maxStreamsPerConnection()) {
            Iterator<Integer> oldest = failedStreams.iterator();
            oldest.next();
            oldest.remove();
        }
        if (s != null) {
            try {
                s.close();
            } catch (RuntimeException e) {
                LOG.warn("space {}: stream {} of {} failed again while closed: {}", space.root(), stream, peer(), e.getMessage());
            }
        }
        ctx.writeAndFlush(Frames.error(ctx.alloc(), stream, code, message));
    }

    /** How many late frames of closed streams this connection dropped; on the event loop. */
    long lateFramesDropped() {
        return lateFrames;
    }

    private static String versions(int min, int max) {
        return min == max ? String.valueOf(min) : min + " to " + max;
    }

    /** Sends an error for the connection and closes it. */
    private void refuse(ErrorCode code, String message) {
        refuse(code, message, Wire.MAX_VERSION);
    }

    /** Sends an error for the connection, in a frame of protocol version {@code version}, and closes it. */
    private void refuse(ErrorCode code, String message, int version) {
        if (closing) {
            return;
        }
        closing = true;
        ByteBuf error = Frames.error(ctx.alloc(), 0, code, message);
        error.setByte(error.readerIndex() + 2, version);
        ctx.writeAndFlush(error).addListener(ChannelFutureListener.CLOSE);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof IdleStateEvent) {
            LOG.warn("space {}: {} sent nothing for {} ms; closing its connection", space.root(), peer(), limits.idleMillis());
            ctx.close();
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        // A client that does not read what the server sends (acknowledgements, credit, tokens)
        // gets nothing more read from it until it does: the server's queue for it stays bounded.
        ctx.channel().config().setAutoRead(ctx.channel().isWritable());
        if (ctx.channel().isWritable()) {
            for (Session s : streams.values()) {
                if (s instanceof ReadSession r) {
                    r.pump();
                }
            }
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Throwable c = cause instanceof io.netty.handler.codec.DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        if (c instanceof MalformedFrameException) {
            LOG.warn("space {}: closing the connection of {}: {}", space.root(), peer(), c.getMessage());
            refuse(ErrorCode.PROTOCOL, c.getMessage());
        } else if (c instanceof java.io.IOException) {
            LOG.debug("space {}: connection of {} failed: {}", space.root(), peer(), c.toString());
            ctx.close();
        } else {
            LOG.warn("space {}: closing the connection of {} after an error", space.root(), peer(), c);
            refuse(ErrorCode.REFUSED, "the server failed: " + c);
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        for (Session s : streams.values()) {
            try {
                s.close();
            } catch (RuntimeException e) {
                LOG.warn("space {}: closing a stream of {}: {}", space.root(), peer(), e.toString());
            }
        }
        streams.clear();
        if (counted) {
            connections.decrementAndGet();
            counted = false;
        }
    }
}
