package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.sluice.channel.ChannelException;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.EncodedTokens;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A reader of a remote channel. The server sends tokens from the reader's seq as far as the
 * reader's credit allows ({@link ClientOptions#window()} bytes); the event loop queues each frame
 * as it comes, and the reader's thread decodes tokens as it takes them, granting the credit back
 * once it has taken half a window. After a reconnect it asks for the seq after the last one it
 * received, and drops any token it already has.
 *
 * <p><b>Threads.</b> The reading methods on the reader's thread, one at a time;
 * {@link #isReady()}, {@link #isEndOfStream()} and {@link #position()} from any; frames on the
 * event loop. Shared state is guarded by this object's monitor.
 */
public final class RemoteReader<T> implements SeekableChannelReader<T>, ClientStream {
    private final ClientConnection connection;
    private final String channel;
    private final String name;
    private final String typeName;
    private final EncodedTokens<T> tokens;
    /** What the channel's writer in this process has put, or -1 if it is elsewhere. */
    private final LongSupplier localWritten;
    /** Whether the channel's writer in this process has ended the stream. */
    private final java.util.function.BooleanSupplier localEnded;
    private final ArrayDeque<Batch> batches = new ArrayDeque<>();
    private int id;
    private volatile long position;
    /** The seq after the last token received. */
    private long received;
    /** The stream's length, once the server sent END; -1 before. */
    private volatile long endAt = -1;
    /** Bytes taken since credit was last granted back. */
    private long consumed;
    private boolean attached;
    private boolean closed;
    private volatile RuntimeException failure;

    /** A DATA frame's tokens, read one by one. */
    private static final class Batch {
        final long first;
        final int count;
        final byte[] bytes;
        int at;
        int index;

        Batch(long first, int count, byte[] bytes) {
            this.first = first;
            this.count = count;
            this.bytes = bytes;
        }
    }

    /**
     * Opens a read stream from seq 0 and waits for the server's answer.
     *
     * @throws ChannelException naming the channel if the space refuses it or does not answer
     */
    public RemoteReader(ClientConnection connection, String channel, String name, Class<T> type, EncodedTokens<T> tokens,
            LongSupplier localWritten, java.util.function.BooleanSupplier localEnded) {
        this(connection, channel, name, type, tokens, localWritten, localEnded, 0);
    }

    /**
     * Opens a read stream from seq {@code from} and waits for the server's answer.
     *
     * @throws ChannelException naming the channel if the space refuses it or does not answer
     */
    public RemoteReader(ClientConnection connection, String channel, String name, Class<T> type, EncodedTokens<T> tokens,
            LongSupplier localWritten, java.util.function.BooleanSupplier localEnded, long from) {
        this.connection = connection;
        this.channel = channel;
        this.name = name;
        this.typeName = Wire.storedType(type, tokens.codec());
        this.tokens = EncodedTokens.of(tokens.codec().bind(new ReaderFormats()));
        this.localWritten = localWritten;
        this.localEnded = localEnded;
        openAt(from);
    }

    /** Opens a new stream at {@code seq} and waits until the server answers. */
    private void openAt(long seq) {
        synchronized (this) {
            id = connection.register(this);
            position = seq;
            received = seq;
            attached = false;
        }
        int stream = id;
        connection.execute(() -> sendOpen(stream));
        Answers.await(this, connection, () -> attached, () -> failure, "for reading", m -> problem(m, null));
    }

    /** Sends OPEN from the seq after the last token received, and a window of credit. On the event loop. */
    private void sendOpen(int stream) {
        long from;
        long window;
        synchronized (this) {
            if (stream != id || closed) {
                return;
            }
            from = received;
            window = Math.max(1, connection.options().window() - bufferedBytes());
            consumed = 0;
        }
        ByteBuf open = Frames.start(connection.alloc(), FrameType.OPEN, stream, 64);
        open.writeByte(2);
        Wire.writeString(open, channel);
        Wire.writeString(open, typeName);
        Wire.writeString(open, tokens.codec().id());
        open.writeLong(from);
        connection.send(Frames.finish(open), false);
        connection.send(Frames.ofInt(connection.alloc(), FrameType.CREDIT, stream, (int) window), true);
    }

    private long bufferedBytes() {
        long n = 0;
        for (Batch b : batches) {
            n += b.bytes.length;
        }
        return n;
    }

    @Override
    public void onFrame(Frame frame) {
        try {
            synchronized (this) {
                if (frame.stream() != id) {
                    return; // a stream given up by a seek
                }
                ByteBuf in = frame.payload();
                switch (frame.type()) {
                    case OPENED -> attached = true;
                    case DATA -> data(in);
                    case END -> endAt = Wire.readLong(in, "END's count");
                    case ERROR -> failure = problem(ErrorCode.describe(in), null);
                    default -> failure = problem("the space sent a " + frame.type() + " frame to a reader", null);
                }
                notifyAll();
            }
        } finally {
            frame.release();
        }
    }

    private void data(ByteBuf in) {
        long first = Wire.readLong(in, "DATA's first seq");
        int count = Wire.readInt(in, "DATA's count");
        byte[] bytes = new byte[in.readableBytes()];
        in.readBytes(bytes);
        if (first > received) {
            failure = problem("the space sent tokens from seq " + first + " to a reader that has received only " + received, null);
            return;
        }
        if (first + count <= received) {
            grant(bytes.length); // all already here (resent after a reconnect)
            return;
        }
        Batch b = new Batch(first, count, bytes);
        batches.add(b);
        received = first + count;
    }

    /** Grants {@code bytes} of credit back once half a window is taken. Holding the monitor. */
    private void grant(long bytes) {
        consumed += bytes;
        if (consumed >= connection.options().window() / 2) {
            int more = (int) consumed;
            consumed = 0;
            int stream = id;
            connection.execute(() -> connection.send(Frames.ofInt(connection.alloc(), FrameType.CREDIT, stream, more), true));
        }
    }

    /** The next token, or null if none is here; holding the monitor. */
    private T next() {
        while (true) {
            Batch b = batches.peekFirst();
            if (b == null) {
                return null;
            }
            if (b.index == b.count) {
                batches.pollFirst();
                grant(b.bytes.length);
                continue;
            }
            int length = 0;
            int at = b.at;
            for (int shift = 0;; shift += 7) {
                if (at >= b.bytes.length || shift > 28) {
                    throw problem("the space sent a malformed token length", null);
                }
                byte x = b.bytes[at++];
                length |= (x & 0x7F) << shift;
                if (x >= 0) {
                    break;
                }
            }
            int start = at;
            if (length < 0 || start + length > b.bytes.length) {
                throw problem("the space sent a token longer than its frame", null);
            }
            long seq = b.first + b.index;
            if (seq < position) {
                b.index++;
                b.at = start + length;
                continue; // a token this reader already took
            }
            T token;
            try {
                token = tokens.decode(b.bytes, start, length);
            } catch (RuntimeException e) {
                // not taken: a decode that waited for a format the space did not give in time may be tried again
                throw problem("token " + seq + " cannot be decoded: " + e.getMessage(), e);
            }
            b.index++;
            b.at = start + length;
            position = seq + 1;
            return token;
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("reader '" + name + "' of channel '" + channel + "' is closed");
        }
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized T take() throws InterruptedException {
        checkOpen();
        while (true) {
            T t;
            try {
                t = next();
            } catch (ChannelException e) {
                if (Thread.interrupted()) { // interrupted while it looked a format up: a cancellation, not a failure
                    InterruptedException interrupted = new InterruptedException(e.getMessage());
                    interrupted.initCause(e);
                    throw interrupted;
                }
                throw e;
            }
            if (t != null) {
                return t;
            }
            if (ended()) {
                return null;
            }
            if (failure != null) {
                throw failure;
            }
            wait();
        }
    }

    @Override
    public synchronized T poll() {
        checkOpen();
        T t = next();
        if (t == null && failure != null && !ended()) {
            throw failure;
        }
        return t;
    }

    private boolean hasToken() {
        for (Batch b : batches) {
            if (b.first + b.count > position && b.index < b.count) {
                return true;
            }
        }
        return false;
    }

    @Override
    public synchronized boolean isReady() {
        return hasToken() || ended() || failure != null || localWritten.getAsLong() > position;
    }

    @Override
    public synchronized void awaitReady() throws InterruptedException {
        while (!isReady()) {
            wait(50); // a local writer's put does not notify this reader: look again now and then
        }
    }

    /** True once every token of an ended stream was taken. */
    private boolean ended() {
        long end = endAt;
        if (end >= 0 && position >= end) {
            return true;
        }
        return localEnded.getAsBoolean() && position >= localWritten.getAsLong();
    }

    @Override
    public synchronized boolean isEndOfStream() {
        return ended();
    }

    @Override
    public long position() {
        return position;
    }

    @Override
    public void seek(long seq) {
        if (seq < 0) {
            throw new IllegalArgumentException("channel '" + channel + "': cannot seek to seq " + seq);
        }
        int old;
        synchronized (this) {
            checkOpen();
            old = id;
            batches.clear();
            failure = null;
        }
        connection.unregister(old);
        connection.send(Frames.empty(connection.alloc(), FrameType.CLOSE, old), true);
        openAt(seq);
    }

    @Override
    public void reconnected() {
        int stream;
        synchronized (this) {
            stream = id;
        }
        sendOpen(stream);
    }

    @Override
    public synchronized void failed(RuntimeException cause) {
        if (failure == null) {
            failure = cause;
        }
        notifyAll();
    }

    @Override
    public void close() {
        int stream;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            batches.clear();
            stream = id;
            notifyAll();
        }
        connection.unregister(stream);
        connection.send(Frames.empty(connection.alloc(), FrameType.CLOSE, stream), true);
    }

    /** A failure of this channel, naming it and the space. */
    private ChannelException problem(String problem, Throwable cause) {
        return new ChannelException(channel, null, "space " + connection.uri() + ": " + problem, cause);
    }

    /**
     * The reader's {@link io.sluice.codec.CodecStore}: a description the codec needs (the format of
     * a record met for the first time) is asked of the space's registry once and kept. Asked while
     * the reader's thread decodes, holding this reader's monitor, which the wait lets go of.
     */
    private final class ReaderFormats implements io.sluice.codec.CodecStore {
        private final java.util.Map<String, byte[]> known = new java.util.concurrent.ConcurrentHashMap<>();

        @Override
        public String channel() {
            return channel;
        }

        @Override
        public void put(String key, byte[] description) {
            known.putIfAbsent(key, description.clone());
        }

        @Override
        public java.util.Optional<byte[]> get(String key) {
            byte[] bytes = known.get(key);
            if (bytes == null) {
                bytes = Request.format(connection, key, RemoteReader.this).orElse(null);
                if (bytes == null) {
                    return java.util.Optional.empty();
                }
                known.putIfAbsent(key, bytes);
            }
            return java.util.Optional.of(bytes.clone());
        }

        /** Every description the space's registry holds (for every channel of the space). */
        @Override
        public java.util.Map<String, byte[]> all() {
            java.util.Map<String, byte[]> all = new java.util.TreeMap<>();
            for (String key : Request.formatKeys(connection, ".*", RemoteReader.this)) {
                get(key).ifPresent(b -> all.put(key, b));
            }
            return all;
        }
    }
}
