package io.sluice.events.internal;

import io.sluice.channel.ChannelException;
import io.sluice.events.EventHandler;
import io.sluice.events.Overflow;
import io.sluice.events.SubscriptionState;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A subscription to a persistent channel: the log is its queue. A worker reads the log from the
 * subscription's position with its own cursor, runs the filter and the handler; a publisher only
 * wakes it. "Full" means {@code capacity} events appended and not yet handled; then
 * {@link Overflow#BLOCK} makes the publisher wait, {@link Overflow#DROP_OLDEST} moves the cursor
 * forward, and {@link Overflow#DISCONNECT} ends the subscription.
 *
 * <p>A subscription with a name given by its user keeps its acknowledgements in the log's
 * {@code acks/<name>.ack}: 16 bytes, the seq and its complement, rewritten in place on each
 * acknowledgement (a write the OS has once it returns: it survives the process being killed).
 */
final class LogSubscription<T> extends AbstractSubscription<T> {
    private final EventLog log;
    private final LogCursor cursor;
    private final Path ackPath;
    private FileChannel ackFile;
    private final Object room = new Object();
    private volatile int waiting;
    private final long start;

    LogSubscription(LocalEventSpace space, LocalChannel channel, String name, boolean named, EventReader<T> reader,
            EventReader<RecordValue> filterReader, EventHandler<T> handler, CelFilter filter, int capacity, Overflow overflow,
            EventLog log, long start) {
        super(space, channel, name, reader, filterReader, handler, filter, capacity, overflow);
        this.log = log;
        this.cursor = new LogCursor(log, name, start);
        this.start = start;
        this.ackPath = named ? log.ackFile(name) : null;
        this.acknowledged = named ? readAcknowledged(log, name) : -1;
    }

    /** The seq of the first event it was to take, as fixed when it was made. */
    long start() {
        return start;
    }

    /** The seq a subscription of this name acknowledged last, from its file, or -1. */
    static long readAcknowledged(EventLog log, String name) {
        Path file = log.ackFile(name);
        if (!Files.exists(file)) {
            return -1;
        }
        try {
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file));
            if (b.remaining() == 16) {
                long seq = b.getLong();
                if (b.getLong() == ~seq) {
                    return seq;
                }
            }
            throw new ChannelException(log.channel(), file, "the acknowledgement of subscription '" + name
                    + "' is damaged (16 bytes expected: a seq and its complement)", null);
        } catch (IOException e) {
            throw new ChannelException(log.channel(), file, "cannot read the acknowledgement of subscription '" + name + "': " + e, e);
        }
    }

    /**
     * Told by a publisher that event {@code seq} was appended, on its thread: applies the overflow
     * policy, then wakes the worker.
     */
    void appended(long seq) throws InterruptedException {
        if (state != SubscriptionState.ACTIVE) {
            return;
        }
        if (seq + 1 - cursor.position() > capacity) {
            if (overflow == Overflow.DISCONNECT) {
                disconnect(seq);
                return;
            }
            if (overflow == Overflow.BLOCK) {
                schedule();
                synchronized (room) {
                    waiting++;
                    try {
                        while (state == SubscriptionState.ACTIVE && seq + 1 - cursor.position() > capacity) {
                            room.wait();
                        }
                    } finally {
                        waiting--;
                    }
                }
            }
        }
        schedule();
    }

    @Override
    void drainBatch(int max) {
        for (int i = 0; i < max && state == SubscriptionState.ACTIVE; i++) {
            if (paused()) {
                return; // resumed by its handler
            }
            if (overflow == Overflow.DROP_OLDEST) {
                dropOldest();
            }
            long seq = cursor.position();
            byte[] token = cursor.poll();
            if (token == null) {
                return;
            }
            RecordFormat writer = log.format(EventLog.fingerprint(token));
            if (writer == null) {
                fail(seq, String.format("its writer format %016x is not among the formats stored in %s",
                        EventLog.fingerprint(token), log.directory().resolve("formats")), null);
            } else if (wants(writer, token, 8, token.length - 8, seq)) {
                deliver(seq, writer, token, 8, token.length - 8);
            }
            if (waiting > 0) {
                synchronized (room) {
                    room.notifyAll();
                }
            }
        }
    }

    /** Moves the cursor forward to the last {@code capacity} events appended, counting those passed. */
    private void dropOldest() {
        long published = log.published();
        long behind = published - cursor.position();
        if (behind > capacity) {
            dropped.addAndGet(behind - capacity);
            cursor.seek(published - capacity);
        }
    }

    @Override
    boolean hasWaiting() {
        return cursor.position() < log.published();
    }

    @Override
    public void acknowledge(long seq) {
        if (seq < 0) {
            throw new IllegalArgumentException(where() + ": cannot acknowledge a negative seq: " + seq);
        }
        synchronized (this) {
            if (seq <= acknowledged) {
                return;
            }
            acknowledged = seq;
            if (ackPath == null || state != SubscriptionState.ACTIVE) {
                return;
            }
            try {
                if (ackFile == null) {
                    ackFile = FileChannel.open(ackPath, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                }
                ByteBuffer b = ByteBuffer.allocate(16).putLong(seq).putLong(~seq).flip();
                while (b.hasRemaining()) {
                    ackFile.write(b, b.position());
                }
            } catch (IOException e) {
                throw new ChannelException(log.channel(), ackPath, "cannot write the acknowledgement of subscription '" + name
                        + "': " + e, e);
            }
        }
    }

    @Override
    void wakePublishers() {
        synchronized (room) {
            room.notifyAll();
        }
    }

    @Override
    void closeResources() {
        cursor.close();
        synchronized (this) {
            if (ackFile != null) {
                try {
                    ackFile.close();
                } catch (IOException e) {
                    space.report(this, -1, e);
                }
                ackFile = null;
            }
        }
    }
}
