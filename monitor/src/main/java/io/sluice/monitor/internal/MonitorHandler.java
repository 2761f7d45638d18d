package io.sluice.monitor.internal;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.sluice.monitor.LineageQuery;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.concurrent.RejectedExecutionException;

/**
 * Answers the requests of one connection: {@code GET} of the page's files, {@code /graph},
 * {@code /events} and {@code /lineage}; 405 for any other method, 404 for any other path, 403 for
 * a request whose {@code Host} the monitor does not answer ({@link MonitorServer}). Once a
 * connection streams events it answers nothing else. A lineage is answered on the lineage thread
 * ({@link LineageService}); requests that come on the connection meanwhile wait for its answer, so
 * that answers go out in the order asked. On the connection's event loop.
 */
final class MonitorHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final String JSON = "application/json; charset=utf-8";
    private static final String TEXT = "text/plain; charset=utf-8";
    /** The page loads its script, style and data from this server only, and cannot be framed. */
    private static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
            + "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    /** What {@code /lineage} answers on a monitor without a lineage source. */
    static final String NO_LINEAGE_SOURCE = "this monitor serves no lineages: it was started without a lineage source. "
            + "To see a token's lineage, run 'sluice prov lineage WORK (CHANNEL#SEQ | --line N) --monitor'";

    private final Feed feed;
    private final PageResources page;
    private final HostCheck hosts;
    /** Where lineages are asked; null on a monitor without a lineage source. */
    private final LineageService lineage;
    private EventStream stream;
    /** True while a lineage of this connection is being answered. */
    private boolean answering;
    /** Requests that came while {@link #answering}, retained until their turn. */
    private final ArrayDeque<FullHttpRequest> waiting = new ArrayDeque<>();

    MonitorHandler(Feed feed, PageResources page, HostCheck hosts, LineageService lineage) {
        this.feed = feed;
        this.page = page;
        this.hosts = hosts;
        this.lineage = lineage;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        if (stream != null) {
            return; // a request after /events on the same connection: the stream owns it until it ends
        }
        if (answering) {
            waiting.add(request.retain()); // pipelined behind a lineage: answered after it
            return;
        }
        if (!request.decoderResult().isSuccess()) {
            respond(ctx, request, error(HttpResponseStatus.BAD_REQUEST, "malformed request"), false);
            return;
        }
        String host = request.headers().get(HttpHeaderNames.HOST);
        if (!hosts.allows(host)) {
            respond(ctx, request, error(HttpResponseStatus.FORBIDDEN, "this monitor answers requests to its own address only, not to "
                    + host), false);
            return;
        }
        if (!HttpMethod.GET.equals(request.method())) {
            FullHttpResponse r = error(HttpResponseStatus.METHOD_NOT_ALLOWED, "the monitor is read-only: GET only, not "
                    + request.method());
            r.headers().set(HttpHeaderNames.ALLOW, "GET");
            respond(ctx, request, r, true);
            return;
        }
        QueryStringDecoder uri = new QueryStringDecoder(request.uri());
        String path = uri.path();
        switch (path) {
            case "/graph" -> graph(ctx, request);
            case "/events" -> events(ctx);
            case "/lineage" -> lineage(ctx, request, uri);
            default -> {
                PageResources.File file = page.at(path);
                if (file == null) {
                    respond(ctx, request, error(HttpResponseStatus.NOT_FOUND, "nothing at " + path
                            + "; the monitor serves /, /graph, /events and /lineage"), true);
                } else {
                    FullHttpResponse r = ok(file.bytes(), file.contentType());
                    if (path.equals("/")) {
                        r.headers().set("Content-Security-Policy", PAGE_POLICY);
                    }
                    respond(ctx, request, r, true);
                }
            }
        }
    }

    private void graph(ChannelHandlerContext ctx, FullHttpRequest request) {
        byte[] graph = feed.graph();
        if (graph == null) {
            FullHttpResponse r = json(HttpResponseStatus.SERVICE_UNAVAILABLE, MonitorJson.error("no run has started yet"));
            r.headers().set(HttpHeaderNames.RETRY_AFTER, "1");
            respond(ctx, request, r, true);
        } else {
            respond(ctx, request, ok(graph, JSON), true);
        }
    }

    /**
     * Asks the lineage source, on its thread, what the query asks ({@code 400} naming a bad
     * parameter first), and answers on this connection's event loop when it has answered.
     */
    private void lineage(ChannelHandlerContext ctx, FullHttpRequest request, QueryStringDecoder uri) {
        if (lineage == null) {
            respond(ctx, request, json(HttpResponseStatus.NOT_FOUND, MonitorJson.error(NO_LINEAGE_SOURCE)), true);
            return;
        }
        LineageQuery query;
        try {
            query = LineageParameters.parse(uri.parameters());
        } catch (LineageParameters.BadParameter e) {
            respond(ctx, request, json(HttpResponseStatus.BAD_REQUEST, MonitorJson.badParameter(e.getMessage(), e.parameter())), true);
            return;
        }
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        answering = true;
        ctx.channel().config().setAutoRead(false); // the client's next request waits for this answer
        boolean asked = lineage.submit(query, reply -> {
            try {
                ctx.channel().eventLoop().execute(() -> answered(ctx, json(reply.status(), reply.body()), keepAlive));
            } catch (RejectedExecutionException e) {
                // The event loop is shutting down: it closes this connection.
            }
        });
        if (!asked) {
            FullHttpResponse busy = json(HttpResponseStatus.SERVICE_UNAVAILABLE,
                    MonitorJson.error("the monitor is answering other lineages; ask again in a moment"));
            busy.headers().set(HttpHeaderNames.RETRY_AFTER, "1");
            answered(ctx, busy, keepAlive);
        }
    }

    /** Sends a lineage's answer, then the requests that waited for it. On the event loop. */
    private void answered(ChannelHandlerContext ctx, FullHttpResponse response, boolean keepAlive) {
        answering = false;
        respond(ctx, keepAlive, response);
        ctx.channel().config().setAutoRead(true);
        FullHttpRequest next;
        while (!answering && stream == null && (next = waiting.poll()) != null) {
            try {
                channelRead0(ctx, next);
            } finally {
                next.release();
            }
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        waiting.forEach(FullHttpRequest::release);
        waiting.clear();
        ctx.fireChannelInactive();
    }

    /** Starts the event stream: headers now, events as the feed shows them, until the run ends. */
    private void events(ChannelHandlerContext ctx) {
        HttpResponse r = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        HttpHeaders h = r.headers();
        h.set(HttpHeaderNames.CONTENT_TYPE, "text/event-stream; charset=utf-8");
        h.set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
        h.set("X-Content-Type-Options", "nosniff");
        HttpUtil.setTransferEncodingChunked(r, true);
        ctx.writeAndFlush(r);
        EventStream s = new EventStream(ctx.channel(), feed);
        stream = s;
        feed.add(s);
        ctx.channel().closeFuture().addListener(f -> feed.remove(s));
        s.catchUp();
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
        if (stream != null && ctx.channel().isWritable()) {
            stream.catchUp(); // the client caught up: send it the latest
        }
        ctx.fireChannelWritabilityChanged();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close(); // a client that went away, or a request too large to aggregate: nothing to answer
    }

    private static FullHttpResponse ok(byte[] body, String contentType) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK, Unpooled.wrappedBuffer(body));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType);
        return r;
    }

    private static FullHttpResponse json(HttpResponseStatus status, byte[] body) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(body));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, JSON);
        return r;
    }

    private static FullHttpResponse error(HttpResponseStatus status, String message) {
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer((status + ": " + message + "\n").getBytes(StandardCharsets.UTF_8)));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, TEXT);
        return r;
    }

    /** Sends a whole response; keeps the connection if the request asks to and {@code keep} allows. */
    private static void respond(ChannelHandlerContext ctx, FullHttpRequest request, FullHttpResponse r, boolean keep) {
        respond(ctx, keep && HttpUtil.isKeepAlive(request), r);
    }

    /** Sends a whole response, then closes the connection unless {@code keepAlive}. */
    private static void respond(ChannelHandlerContext ctx, boolean keepAlive, FullHttpResponse r) {
        HttpHeaders h = r.headers();
        h.setInt(HttpHeaderNames.CONTENT_LENGTH, r.content().readableBytes());
        h.set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_STORE);
        h.set("X-Content-Type-Options", "nosniff");
        HttpUtil.setKeepAlive(r, keepAlive);
        if (keepAlive) {
            ctx.writeAndFlush(r);
        } else {
            ctx.writeAndFlush(r).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
