package io.sluice.remote;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.Codecs;
import io.sluice.channel.local.EncodedTokens;
import io.sluice.channel.local.Resumption;
import io.sluice.codec.Codec;
import io.sluice.remote.internal.ClientConnection;
import io.sluice.remote.internal.RemoteChannel;
import io.sluice.remote.internal.RemoteWriter;
import io.sluice.remote.internal.Request;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * A client's view of a space: a {@link ChannelFactory} whose channels live in the space, created
 * on their first open or attached by name, and the space's name service ({@link #names},
 * {@link #unlink}). Made by {@link RemoteChannels#connect}.
 *
 * <p>Opening a channel makes no stream yet: its writer's stream is opened by the first call of
 * {@link Channel#writer()} (a space has at most one writer per channel), each reader's by
 * {@link Channel#openReader}, from seq 0. Readers are
 * {@link io.sluice.channel.SeekableChannelReader}s; the writer is a {@link RemoteChannelWriter},
 * which also tells how many of its tokens the space has stored.
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
        checkPolicy(spec);
        Codec<T> codec = codecs.forType(spec.type());
        return new RemoteChannel<>(connection, spec, codec, writesNewOnly);
    }

    private void checkPolicy(ChannelSpec<?> spec) {
        if (spec.policy() != null && spec.policy() != ChannelPolicy.DIRECT) {
            throw new IllegalArgumentException("channel '" + spec.name() + "' asks for the policy '" + spec.policy().id()
                    + "', but it lives in space " + uri() + ", which keeps it in its own files");
        }
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
     * This space as the channel factory of a run that resumes one a killed process left: each
     * channel's writer starts where {@code resumption} restarts its actor, and the tokens the
     * space holds from there on are replayed, each compared with the stored one (read back from
     * the space) and skipped, as a local resumed channel's are ({@link Resumption}); the writer
     * sends only what follows them, and attaches to a channel whose stream has ended without
     * failing (the replay must then end it where it ended). Each reader starts where its actor
     * restarts. Every channel whose writer is opened is added to {@code resumption}'s channels.
     * Closing the view does nothing; close this space.
     *
     * <p>A writer that puts a token other than the stored one fails with a
     * {@link io.sluice.channel.ChannelException} naming the channel, the space and the seq.
     */
    public ChannelFactory forResumedRun(Resumption resumption) {
        Objects.requireNonNull(resumption, "resumption");
        return new ChannelFactory() {
            @Override
            public <T> Channel<T> open(ChannelSpec<T> spec) {
                checkPolicy(spec);
                return new RemoteChannel<>(connection, spec, codecs.forType(spec.type()), resumption);
            }

            @Override
            public String name() {
                return RemoteSpace.this.name();
            }

            @Override
            public String toString() {
                return name() + " (resumed)";
            }
        };
    }

    /**
     * How many tokens the space holds of the channel {@code spec} names, and whether its stream
     * has ended, asked by attaching as its writer and detaching: for a run about to resume,
     * which must know what it wrote before it was killed. The channel is created, empty, if
     * the space has none of that name.
     *
     * @throws io.sluice.channel.ChannelException if the space refuses the writer: another
     *     process writes the channel (or one that was killed is still taken for its writer, for
     *     up to the space's heartbeat time), or it holds another type or codec
     */
    public <T> Held held(ChannelSpec<T> spec) {
        checkPolicy(spec);
        RemoteWriter<T> writer = new RemoteWriter<>(connection, spec.name(), spec.type(),
                EncodedTokens.of(codecs.forType(spec.type())), () -> {}, true);
        try {
            return new Held(writer.position(), writer.ended());
        } finally {
            writer.detach();
        }
    }

    /**
     * What a space holds of a channel.
     *
     * @param tokens how many tokens it holds
     * @param ended whether its stream has ended
     */
    public record Held(long tokens, boolean ended) {}

    /**
     * The names of the space's channels that match {@code regex} in full, sorted.
     *
     * @throws SpaceException if the space refuses the expression, does not answer in time or
     *     cannot be reached
     */
    public List<String> names(String regex) {
        return Request.list(connection, regex);
    }

    /**
     * Removes the channel {@code name} and its tokens from the space; readers of it fail.
     *
     * @throws SpaceException naming the reason if the space refuses: it has no such channel, or
     *     the channel is being written ({@code BUSY}; a writer's role is released when the server
     *     handles its close, so a channel whose writer was closed a moment ago on another
     *     connection may still be busy), or if it does not answer in time
     */
    public void unlink(String name) {
        Request.unlink(connection, name);
    }

    /**
     * Opens a stream to the space service {@code service} (see
     * {@link io.sluice.remote.service.SpaceService}). A space without that service fails the
     * stream: {@code listener} is told so.
     */
    public io.sluice.remote.service.ServiceStream openService(String service, io.sluice.remote.service.ServiceListener listener) {
        return io.sluice.remote.internal.ServiceClientStream.open(connection, service, listener);
    }

    /**
     * The keys of the space's registry of formats that match {@code regex} in full, sorted: the
     * descriptions the codecs of its channels stored once (a record format's key is its
     * fingerprint in hex and {@code .avsc}), sent by writers or found with its channels.
     *
     * @throws SpaceException if the space refuses the expression, does not answer in time or
     *     cannot be reached
     */
    public List<String> formats(String regex) {
        return Request.formatKeys(connection, regex, new Object());
    }

    /**
     * The description the space's registry stores under {@code key} (for a record format, its
     * Avro schema as JSON, UTF-8), or empty if it has none. The space never parses it.
     *
     * @throws SpaceException if the space does not answer in time or cannot be reached
     */
    public java.util.Optional<byte[]> format(String key) {
        return Request.format(connection, key, new Object());
    }

    @Override
    public String name() {
        return "space " + uri();
    }

    /**
     * Closes the connection and ends its thread; streams still open fail, and every call made on
     * this space after it fails at once with a {@link SpaceException} saying it is closed.
     * Idempotent.
     */
    @Override
    public void close() {
        connection.close();
    }

    @Override
    public String toString() {
        return name();
    }
}
