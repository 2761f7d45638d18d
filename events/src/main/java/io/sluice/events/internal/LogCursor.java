package io.sluice.events.internal;

import io.sluice.channel.Channel;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.PersistentChannels;
import java.util.List;

/**
 * A position in an {@link EventLog} and the reader of the segment it is in. Used by one thread
 * at a time (a subscription's drain); {@link #position()} from any thread.
 */
final class LogCursor implements AutoCloseable {
    private final EventLog log;
    private final String readerName;
    private volatile long position;
    private EventLog.Segment segment;
    private SeekableChannelReader<byte[]> reader;

    LogCursor(EventLog log, String readerName, long position) {
        this.log = log;
        this.readerName = readerName;
        this.position = position;
    }

    /** The seq of the next event {@link #poll} returns. */
    long position() {
        return position;
    }

    /** Moves to {@code seq}. */
    void seek(long seq) {
        closeReader();
        position = seq;
    }

    /** The next event's token (fingerprint and record), or null if none is appended yet. */
    byte[] poll() {
        while (position < log.published()) {
            if (reader == null && !open()) {
                return null;
            }
            if (segment.count() >= 0 && position >= segment.base() + segment.count()) {
                closeReader();
                continue;
            }
            byte[] token = reader.poll();
            if (token != null) {
                position++;
                return token;
            }
            if (segment.count() < 0) {
                return null; // the live segment: appended, not yet visible
            }
            throw new IllegalStateException("event channel '" + log.channel() + "': segment " + segment.directory()
                    + " ends before event " + position + ", which its description counts");
        }
        return null;
    }

    /** Opens the reader of the segment holding {@link #position}; false if none does yet. */
    private boolean open() {
        List<EventLog.Segment> segments = log.segments();
        for (EventLog.Segment s : segments) {
            if (position >= s.base() && (s.count() < 0 || position < s.base() + s.count())) {
                segment = s;
                if (s.count() < 0) {
                    Channel<byte[]> live = log.live();
                    // A persistent channel's readers can seek (PersistentChannel.openReader).
                    reader = (SeekableChannelReader<byte[]>) live.openReader(readerName);
                } else {
                    reader = PersistentChannels.openReader(s.directory(), byte[].class);
                }
                long local = position - s.base();
                if (local > 0) {
                    reader.seek(local);
                }
                return true;
            }
        }
        return false;
    }

    private void closeReader() {
        if (reader != null) {
            reader.close();
            reader = null;
            segment = null;
        }
    }

    @Override
    public void close() {
        closeReader();
    }
}
