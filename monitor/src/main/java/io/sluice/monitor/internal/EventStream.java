package io.sluice.monitor.internal;

import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One client's stream of Server-Sent Events ({@code /events}). It sends what the {@link Feed}
 * shows that it has not sent yet: the run's {@code started} event, its latest snapshot, then
 * {@code ended} (or {@code closed}), after which it ends the response and closes the connection.
 *
 * <p>It sends only while its connection is writable: while the client does not keep up (Netty's
 * outbound buffer is above its high water mark), snapshots shown meanwhile are skipped, and once
 * the connection drains the client gets the latest. {@code ended} and {@code closed} are never
 * skipped.
 *
 * <p><b>Threading.</b> {@link #wake} may be called from any thread and returns at once; everything
 * else runs on the connection's event loop.
 */
final class EventStream {
    private final Channel channel;
    private final Feed feed;
    private final AtomicBoolean woken = new AtomicBoolean();
    // On the event loop only:
    private String sentRun;
    private long sentSnapshot = -1;
    private boolean done;

    EventStream(Channel channel, Feed feed) {
        this.channel = channel;
        this.feed = feed;
    }

    /** Asks the event loop to send what is new; one request at a time is queued. Any thread. */
    void wake() {
        if (woken.compareAndSet(false, true)) {
            try {
                channel.eventLoop().execute(this::catchUp);
            } catch (RejectedExecutionException e) {
                // The event loop is shutting down: it closes this connection.
            }
        }
    }

    /** Sends what is new, if the connection takes it now. On the event loop. */
    void catchUp() {
        woken.set(false);
        if (done || !channel.isActive()) {
            return;
        }
        Feed.Shown s = feed.current();
        if (s.closed()) {
            send(MonitorJson.closedEvent());
            end();
            return;
        }
        if (s.runId() == null || !channel.isWritable()) {
            return; // nothing to show yet, or the client is behind: the writability change calls again
        }
        if (!s.runId().equals(sentRun)) {
            send(s.started());
            sentRun = s.runId();
            sentSnapshot = -1;
        }
        if (s.snapshot() != null && s.snapshotNo() != sentSnapshot) {
            send(s.snapshot());
            sentSnapshot = s.snapshotNo();
        }
        if (s.ended() != null) {
            send(s.ended());
            end();
            return;
        }
        channel.flush();
    }

    private void send(byte[] event) {
        channel.write(new DefaultHttpContent(Unpooled.wrappedBuffer(event)));
    }

    private void end() {
        done = true;
        channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT).addListener(ChannelFutureListener.CLOSE);
    }
}
