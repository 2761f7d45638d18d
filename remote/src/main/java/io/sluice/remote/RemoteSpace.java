package io.sluice.remote;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.Codecs;
import io.sluice.codec.Codec;
import io.sluice.remote.internal.ClientConnection;
import io.sluice.remote.internal.RemoteChannel;
import io.sluice.remote.internal.Request;
import java.net.URI;
import java.util.List;

/**
 * A client's view of a space: a {@link ChannelFactory} whose channels live in the space, created
 * on their first open or attached by name, and the space's name service ({@link #names},
 * {@link #unlink}). Made by {@link RemoteChannels#connect}.
 *
 * <p>Opening a channel makes no stream yet: its writer's stream is opened by the first call of
 * {@link Channel#writer()} (a space has at most one writer per channel), each reader's by
 * {@link Channel#openReader}, from seq 0. Readers are
 * {@link io.sluice.channel.SeekableChannelReader}s.
 *
 * <p><b>Failures.</b> A broken connection is made again, with back-off, for up to the
 * connection's give-up time; writers then resend what the space had not acknowledged and readers
 * continue after the last token they received, so no token is lost or seen twice. Past that time,
 * and when the space refuses something (another type or codec than the channel holds, a second
 * writer, a bad name), the call fails with a {@link io.sluice.channel.ChannelException} naming the
 * channel and the space.
 *
 * <p><b>Threads and ownership.</b> Thread-safe. The space holds one connection and its event-loop
 * thread; the caller closes it after the channels opened from it.
 */
public final class RemoteSpace implements ChannelFactory, AutoCloseable {
    private final ClientConnection connection;
    private final Codecs codecs;

    RemoteSpace(ClientConnection connection, Codecs codecs) {
        this.connection = connection;
        this.codecs = codecs;
    }

    /** The space's address. */
    public URI uri() {
        return connection.uri();
    }

    /**
     * Opens the channel {@code spec.name()} of the space, created empty if the space has none of
     * that name. The spec's policy, if any, must be {@code direct}: the space keeps every channel
     * in its own files.
     *
     * @throws IllegalArgumentException if the spec asks for another policy, or no codec on the
     *     class path encodes its type
     */
    @Override
    public <T> Channel<T> open(ChannelSpec<T> spec) {
        return open(spec, false);
    }

    private <T> Channel<T> open(ChannelSpec<T> spec, boolean writesNewOnly) {
        if (spec.policy() != null && spec.policy() != ChannelPolicy.DIRECT) {
            throw new IllegalArgumentException("channel '" + spec.name() + "' asks for the policy '" + spec.policy().id()
                    + "', but it lives in space " + uri() + ", which keeps it in its own files");
        }
        Codec<T> codec = codecs.forType(spec.type());
        return new RemoteChannel<>(connection, spec, codec, writesNewOnly);
    }

    /**
     * This space as the channel factory of a run that starts afresh: as {@link #open}, except
     * that a channel's {@link Channel#writer()} fails with a {@link io.sluice.channel.ChannelException}
     * if the space already holds tokens of the channel (an earlier run's, which the new run's
     * tokens would follow). Its readers read whatever the channel holds, from seq 0. Closing
     * the view does nothing; close this space.
     */
    public ChannelFactory forNewRun() {
        return new ChannelFactory() {
            @Override
            public <T> Channel<T> open(ChannelSpec<T> spec) {
                return RemoteSpace.this.open(spec, true);
            }

            @Override
            public String name() {
                return RemoteSpace.this.name();
            }

            @Override
            public String toString() {
                return name() + " (new tokens only)";
            }
        };
    }

    /**
     * The names of the space's channels that match {@code regex} in full, sorted.
     *
     * @throws io.sluice.channel.ChannelException if the expression is refused or the space
     *     cannot be reached
     */
    public List<String> names(String regex) {
        return Request.list(connection, regex);
    }

    /**
     * Removes the channel {@code name} and its tokens from the space; readers of it fail.
     *
     * @throws io.sluice.channel.ChannelException if the space has no such channel, or it is being
     *     written
     */
    public void unlink(String name) {
        Request.unlink(connection, name);
    }

    @Override
    public String name() {
        return "space " + uri();
    }

    /** Closes the connection and ends its thread. Idempotent. */
    @Override
    public void close() {
        connection.close();
    }

    @Override
    public String toString() {
        return name();
    }
}
