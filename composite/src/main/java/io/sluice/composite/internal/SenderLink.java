package io.sluice.composite.internal;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.EncodedTokens;
import io.sluice.codec.Codec;
import io.sluice.composite.TransferSpec;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * One sender's connection to its space, its channel and one reader of it, positioned chunk by
 * chunk: a short gap is read through (cheaper than a seek, which drops up to a read window of
 * tokens already on their way), a longer one is sought. Used by one thread at a time: the probe's,
 * then the sender's worker. Closing it closes the reader, the channel and the connection.
 */
final class SenderLink implements AutoCloseable {
    final TransferSpec.Sender sender;
    private final RemoteSpace space;
    private final Channel<Object> channel;
    private final SeekableChannelReader<Object> reader;
    private final EncodedTokens<Object> sizes;
    private final long readThroughBytes;

    @SuppressWarnings("unchecked")
    SenderLink(TransferSpec.Sender sender, Class<?> type, Codec<?> codec, RemoteChannels.Options options, long readThroughBytes)
            throws IOException {
        this.sender = sender;
        this.readThroughBytes = readThroughBytes;
        this.space = RemoteChannels.connect(sender.space(), options);
        try {
            this.channel = (Channel<Object>) space.open(ChannelSpec.unbounded(sender.channel(), type));
            this.reader = (SeekableChannelReader<Object>) channel.openReader("composite-" + sender.name());
            this.sizes = EncodedTokens.of((Codec<Object>) codec);
        } catch (RuntimeException e) {
            space.close();
            throw e;
        }
    }

    /** Where the reader stands: the seq of its channel it reads next. */
    long position() {
        return reader.position();
    }

    /**
     * Moves the reader to {@code seq} of the sender's channel.
     *
     * @param tokenBytes the tokens' mean size, to weigh reading through against seeking
     * @return tokens read through and dropped
     */
    long moveTo(long seq, double tokenBytes) throws InterruptedException {
        long at = reader.position();
        if (seq == at) {
            return 0;
        }
        if (seq > at && (seq - at) * tokenBytes <= readThroughBytes) {
            for (long s = at; s < seq; s++) {
                next(s);
            }
            return seq - at;
        }
        reader.seek(seq);
        return 0;
    }

    /** The next token; {@code seq} names it if the channel has ended before it. */
    Object next(long seq) throws InterruptedException {
        Object t = reader.take();
        if (t == null) {
            throw new IllegalStateException("channel '" + sender.channel() + "' of space " + sender.space() + " ended before seq " + seq);
        }
        return t;
    }

    /** The token's encoded size. */
    int size(Object token) {
        return sizes.encode(token);
    }

    /**
     * Waits up to {@code timeoutMillis} for the token at the reader's position; false if none
     * came. Looks every few milliseconds: only the probe calls it.
     */
    boolean await(long timeoutMillis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (!reader.isReady()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(5);
        }
        return true;
    }

    @Override
    public void close() {
        try {
            reader.close();
            channel.close();
        } finally {
            space.close();
        }
    }
}
