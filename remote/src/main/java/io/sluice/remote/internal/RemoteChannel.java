package io.sluice.remote.internal;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.local.EncodedTokens;
import io.sluice.channel.local.Resumption;
import io.sluice.codec.Codec;
import io.sluice.remote.RemoteChannelWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A channel that lives in a space: its writer and readers are streams on the client's
 * connection. The writer's stream is opened on the first call of {@link #writer()}, so a process
 * that only reads the channel never takes its writer role. Readers start at seq 0 (any reader,
 * at any time: the space keeps every token) and can {@link io.sluice.channel.SeekableChannelReader#seek}.
 *
 * <p>{@link #stats()} counts what this process wrote and the depth for the readers it opened.
 */
public final class RemoteChannel<T> implements Channel<T> {
    private final ClientConnection connection;
    private final ChannelSpec<T> spec;
    private final Codec<T> codec;
    private final boolean writesNewOnly;
    /** Null unless the channel is opened for a resumed run. */
    private final Resumption resumption;
    private final List<RemoteReader<T>> readers = new CopyOnWriteArrayList<>();
    private volatile RemoteWriter<T> writer;
    private RemoteChannelWriter<T> writerHandle;
    private volatile boolean writerClosed;
    private volatile long peakDepth;
    private boolean closed;

    /**
     * @param writesNewOnly whether {@link #writer()} refuses a channel that already holds tokens,
     *     as a run that starts afresh must
     */
    public RemoteChannel(ClientConnection connection, ChannelSpec<T> spec, Codec<T> codec, boolean writesNewOnly) {
        this(connection, spec, codec, writesNewOnly, null);
    }

    /**
     * A channel of a resumed run: its writer replays the tokens the space holds from where its
     * actor restarts ({@link ReplayingRemoteWriter}), its readers start where theirs restart, both
     * as {@code resumption} says, and the channel is added to {@code resumption}'s channels.
     */
    public RemoteChannel(ClientConnection connection, ChannelSpec<T> spec, Codec<T> codec, Resumption resumption) {
        this(connection, spec, codec, false, resumption);
    }

    private RemoteChannel(ClientConnection connection, ChannelSpec<T> spec, Codec<T> codec, boolean writesNewOnly,
            Resumption resumption) {
        this.connection = connection;
        this.spec = spec;
        this.codec = codec;
        this.writesNewOnly = writesNewOnly;
        this.resumption = resumption;
    }

    @Override
    public String name() {
        return spec.name();
    }

    @Override
    public Class<T> type() {
        return spec.type();
    }

    /**
     * The writer, its stream opened on the first call.
     *
     * @throws ChannelException if the space refuses the writer, or (for a channel opened to write
     *     new tokens only) already holds tokens of the channel
     */
    @Override
    public synchronized RemoteChannelWriter<T> writer() {
        if (closed) {
            throw new IllegalStateException("channel '" + spec.name() + "' is closed");
        }
        if (writerHandle == null) {
            RemoteWriter<T> w = new RemoteWriter<>(connection, spec.name(), spec.type(), EncodedTokens.of(codec), this::notePut,
                    resumption != null);
            if (resumption != null) {
                writer = w;
                writerHandle = handle(replaying(w), w);
                return writerHandle;
            }
            if (writesNewOnly && w.position() > 0) {
                w.detach();
                throw new ChannelException(spec.name(), null, "space " + connection.uri() + " already holds " + w.position()
                        + " tokens of the channel, written before this run started: remove it (sluice space rm "
                        + connection.uri() + " " + spec.name() + ") or use another space", null);
            }
            writer = w;
            writerHandle = handle(w, w);
        }
        return writerHandle;
    }

    /** The writer of a resumed run over {@code w}, which the space has attached. */
    private ChannelWriter<T> replaying(RemoteWriter<T> w) {
        try {
            ReplayingRemoteWriter<T> replaying = new ReplayingRemoteWriter<>(w, spec.name(), spec.type(), "space " + connection.uri(),
                    seq -> new RemoteReader<>(connection, spec.name(), spec.name() + " (replay)", spec.type(),
                            EncodedTokens.of(codec), () -> -1, () -> false, seq),
                    resumption.writerStart(spec.name()));
            resumption.add(replaying.resumed());
            return replaying;
        } catch (RuntimeException e) {
            w.detach();
            throw e;
        }
    }

    /**
     * The writer as this channel hands it out, over {@code w} (which writes through
     * {@code stream}): closing it ends the stream and is seen by this process's readers.
     */
    private RemoteChannelWriter<T> handle(ChannelWriter<T> w, RemoteWriter<T> stream) {
        return new RemoteChannelWriter<>() {
            @Override
            public long put(T token) throws InterruptedException {
                return w.put(token);
            }

            @Override
            public long position() {
                return w.position();
            }

            @Override
            public long stored() { // a resumed run's writer replays below what the space holds
                return Math.min(stream.acknowledged(), w.position());
            }

            @Override
            public void close() {
                w.close();
                writerClosed = true;
            }
        };
    }

    /** The peak depth for this process's readers, after a put; on the writer's thread. */
    private void notePut() {
        if (readers.isEmpty()) {
            return;
        }
        long written = writer.position();
        long min = Long.MAX_VALUE;
        for (RemoteReader<T> r : readers) {
            min = Math.min(min, r.position());
        }
        if (written - min > peakDepth) {
            peakDepth = written - min;
        }
    }

    @Override
    public synchronized ChannelReader<T> openReader(String readerName) {
        if (closed) {
            throw new IllegalStateException("channel '" + spec.name() + "' is closed");
        }
        long from = resumption == null ? 0 : resumption.readerStart(readerName);
        RemoteReader<T> r = new RemoteReader<>(connection, spec.name(), readerName, spec.type(), EncodedTokens.of(codec),
                () -> writer == null ? -1 : writer.position(), () -> writerClosed, from);
        readers.add(r);
        return new ReaderHandle<>(r, readers);
    }

    @Override
    public ChannelStats stats() {
        RemoteWriter<T> w = writer;
        return new ChannelStats(spec.name(), w == null ? 0 : w.position(), peakDepth, spec.capacity());
    }

    /**
     * Closes this process's ends: every token its writer put is stored in the space first (the
     * stream is not ended unless the writer was closed); readers stop. Idempotent.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (RemoteReader<T> r : readers) {
            r.close();
        }
        readers.clear();
        if (writer != null) {
            writer.detach();
        }
    }

    @Override
    public String toString() {
        return "remote channel '" + spec.name() + "' of space " + connection.uri();
    }
}
