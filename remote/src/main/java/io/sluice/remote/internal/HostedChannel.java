package io.sluice.remote.internal;

import io.sluice.channel.local.EncodedChannel;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * A channel of a space as the server keeps it: its directory, the write session that holds it (at
 * most one), and the read sessions to wake when it grows. The write session owns the
 * {@link EncodedChannel}; the fields here are guarded by the {@link HostedChannels} that made it.
 */
final class HostedChannel {
    final String name;
    final Path directory;
    /** The token type's name and the codec id the channel holds, once known; never change. */
    String type;
    String codec;
    /** The session writing the channel, or null. */
    WriteSession writer;
    /**
     * The tokens the channel holds, as its write session last stored them, or -1 if no session of
     * this server has written it yet; and whether it has ended. Written by the write session
     * before it wakes the readers, so that a reader whose files are closed opens them only when
     * there is something new.
     */
    volatile long stored = -1;
    volatile boolean ended;
    /** The read sessions of the channel, on any connection. */
    final Set<ReadSession> readers = new CopyOnWriteArraySet<>();

    HostedChannel(String name, Path directory) {
        this.name = name;
        this.directory = directory;
    }

    /** Tells every read session that the channel grew or ended. Any thread. */
    void grew() {
        for (ReadSession r : readers) {
            r.wake();
        }
    }
}
