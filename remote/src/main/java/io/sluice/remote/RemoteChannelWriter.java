package io.sluice.remote;

import io.sluice.channel.ChannelWriter;

/**
 * The writer of a channel that lives in a space: every {@link io.sluice.channel.Channel#writer()}
 * of a channel opened from a {@link RemoteSpace} is one. Besides what it was given
 * ({@link #position()}), it tells what the space has stored ({@link #stored()}): the tokens put
 * travel and are stored asynchronously, so the difference is what is still on its way, and how
 * fast {@code stored()} grows while that difference stays positive is how fast the space and
 * its link take tokens.
 *
 * <p><b>Threads.</b> {@code put} and {@code close} on the writer's thread, as for any writer;
 * {@link #position()} and {@link #stored()} from any thread.
 */
public interface RemoteChannelWriter<T> extends ChannelWriter<T> {

    /**
     * The number of tokens of the channel the space has acknowledged as stored, counted from seq
     * 0 like {@link #position()}, which it never exceeds. Grows as acknowledgements arrive; after a
     * reconnect it stays where the space's last acknowledgement left it until the resent tokens
     * are acknowledged again.
     */
    long stored();
}
