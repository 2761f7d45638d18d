package io.sluice.remote.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.internal.TokenChecks;
import io.sluice.channel.local.EncodedTokens;
import java.util.ArrayDeque;
import java.util.concurrent.TimeUnit;

/**
 * The writer of a remote channel. {@link #put} encodes the token into the frame being filled; the
 * connection's event loop sends whole frames as far as the server's credit allows and keeps each
 * until the server acknowledges it, so that after a reconnect it resends from the last
 * acknowledged seq (the server drops seqs it already holds). Tokens are gathered into a frame
 * until it holds {@link #FRAME_TARGET} bytes or the event loop gets to it, whichever comes first:
 * a writer that puts faster than the network sends fills larger frames.
 *
 * <p><b>Threads.</b> {@link #put} and {@link #close} on the writer's thread, one at a time;
 * {@link #position()} from any; the rest on the event loop. State shared between them is guarded
 * by this object's monitor.
 *
 * <p><b>Memory.</b> At most the connection's {@link ClientOptions#writeBuffer} bytes of tokens
 * wait unacknowledged; a put beyond it waits for the server (never for a reader), or fails once
 * the connection is lost for good.
 */
public final class RemoteWriter<T> implements ChannelWriter<T>, ClientStream {
    /** A frame is sealed at about this many bytes of tokens. */
    static final int FRAME_TARGET = 64 << 10;
    private static final int DATA_HEADER = 12;
    /** How soon a writer opened again after a reconnect asks again when its old stream still holds the channel. */
    private static final long BUSY_RETRY_MILLIS = 50;

    private final ClientConnection connection;
    private final String channel;
    private final String typeName;
    private final EncodedTokens<T> tokens;
    private final Class<T> type;
    private final Runnable onPut;
    private final int id;
    /** Frames sealed, in seq order: the first {@link #sent} of them are on the current connection. */
    private final ArrayDeque<Sealed> frames = new ArrayDeque<>();
    /**
     * Frames chosen to be sent, holding the monitor, and written to the connection after it is
     * let go: a put never waits for the event loop's write and flush. Event loop only.
     */
    private final ArrayDeque<ByteBuf> outbox = new ArrayDeque<>();
    private int sent;
    /**
     * The descriptions the codec stored (record formats), in the order stored; the first
     * {@link #formatsSent} of them were sent on the current connection, each before the first
     * frame of tokens that follows its storing. Guarded by the monitor.
     */
    private final java.util.List<java.util.Map.Entry<String, byte[]>> formats = new java.util.ArrayList<>();
    private final java.util.Set<String> formatKeys = new java.util.HashSet<>();
    private int formatsSent;
    private ByteBuf filling;
    private long fillingFirst;
    private int fillingCount;
    private volatile long position;
    private long acked;
    private long credit;
    private long buffered;
    /** OPENED received on the current connection. */
    private boolean open;
    private boolean attached;
    private boolean flushScheduled;
    private boolean closing;
    private boolean endSent;
    private boolean endAcked;
    private boolean closed;
    private RuntimeException failure;
    /** Whether the stream was opened again after a reconnect. */
    private boolean reopened;
    /** When the space first refused a reopened stream as held by another writer; 0 if it has not. */
    private long busySince;
    /** Whether an ended channel is attached to rather than refused: for a resumed run that only replays it. */
    private final boolean attachEnded;
    /** Whether the channel had ended when this writer attached to it (only if {@link #attachEnded}). */
    private volatile boolean ended;

    private record Sealed(long first, int count, ByteBuf tokens) {
        long end() {
            return first + count;
        }
    }

    /**
     * Opens the write stream and waits for the server's answer: the writer then stands at the
     * channel's stored count.
     *
     * @param onPut called on the writer's thread after each put, for the channel's statistics
     * @throws ChannelException naming the channel if the space refuses the writer (another writer
     *     holds it, another type or codec) or does not answer
     */
    public RemoteWriter(ClientConnection connection, String channel, Class<T> type, EncodedTokens<T> tokens, Runnable onPut) {
        this(connection, channel, type, tokens, onPut, false);
    }

    /**
     * As {@link #RemoteWriter(ClientConnection, String, Class, EncodedTokens, Runnable)}; with
     * {@code attachEnded}, a channel whose stream has ended is attached to ({@link #ended()}) and
     * only a put fails, rather than the opening: for a resumed run that replays the channel.
     */
    public RemoteWriter(ClientConnection connection, String channel, Class<T> type, EncodedTokens<T> tokens, Runnable onPut,
            boolean attachEnded) {
        this.attachEnded = attachEnded;
        this.connection = connection;
        this.channel = channel;
        this.type = type;
        this.typeName = Wire.storedType(type, tokens.codec());
        this.tokens = EncodedTokens.of(tokens.codec().bind(new WriterFormats()));
        this.onPut = onPut;
        this.id = connection.register(this);
        connection.execute(this::sendOpen);
        try {
            Answers.await(this, connection, () -> attached, () -> failure, "for writing", m -> problem(m, null));
        } catch (RuntimeException e) {
            connection.unregister(id);
            throw e;
        }
    }

    private void sendOpen() {
        ByteBuf open = Frames.start(connection.alloc(), FrameType.OPEN, id, 64);
        open.writeByte(1);
        Wire.writeString(open, channel);
        Wire.writeString(open, typeName);
        Wire.writeString(open, tokens.codec().id());
        open.writeLong(0);
        connection.send(Frames.finish(open), true);
    }

    @Override
    public long put(T token) throws InterruptedException {
        TokenChecks.check(channel, type, token, closing);
        if (ended) {
            throw problem(endedMessage(position), null);
        }
        int length = tokens.encode(token);
        int size = Wire.varintSize(length) + length;
        if (size + DATA_HEADER > connection.maxFrame()) {
            throw problem("a token of " + length + " bytes does not fit in a frame of "
                    + connection.maxFrame() + " bytes, the largest the space and this client agreed on", null);
        }
        long seq;
        boolean schedule;
        synchronized (this) {
            while (buffered >= connection.options().writeBuffer() && failure == null) {
                wait();
            }
            if (failure != null) {
                throw problem(failure.getMessage(), failure);
            }
            if (filling == null) {
                filling = Unpooled.buffer(Math.min(FRAME_TARGET, 64 + size * 4));
                fillingFirst = position;
            }
            Wire.writeVarint(filling, length);
            filling.writeBytes(tokens.buffer(), 0, length);
            fillingCount++;
            buffered += size;
            seq = position;
            position = seq + 1;
            if (filling.readableBytes() >= FRAME_TARGET || filling.readableBytes() + DATA_HEADER + size > connection.maxFrame()) {
                seal();
            }
            schedule = scheduleFlush();
        }
        if (schedule) {
            connection.execute(this::flushOnLoop);
        }
        onPut.run();
        return seq;
    }

    /** Seals the frame being filled. Holding the monitor. */
    private void seal() {
        if (filling != null) {
            frames.add(new Sealed(fillingFirst, fillingCount, filling));
            filling = null;
            fillingCount = 0;
        }
    }

    /**
     * Notes that the event loop is to send what it can, once: true if the caller is to have it
     * run {@link #flushOnLoop} (after letting go of the monitor). Holding the monitor.
     */
    private boolean scheduleFlush() {
        if (flushScheduled) {
            return false;
        }
        flushScheduled = true;
        return true;
    }

    private void flushOnLoop() {
        synchronized (this) {
            flushScheduled = false;
            seal();
            sendWhatCreditAllows();
        }
        sendOutbox();
    }

    /** Writes and flushes the frames {@link #sendWhatCreditAllows} chose, in order. On the event loop, not holding the monitor. */
    private void sendOutbox() {
        if (outbox.isEmpty()) {
            return;
        }
        ByteBuf b;
        while ((b = outbox.poll()) != null) {
            connection.send(b, false);
        }
        connection.flush();
    }

    /**
     * Chooses sealed frames to send while the credit lasts, then the end if it is due, and puts
     * them in the {@link #outbox}. On the event loop, holding the monitor.
     */
    private void sendWhatCreditAllows() {
        if (!open || failure != null) {
            return;
        }
        while (formatsSent < formats.size()) {
            java.util.Map.Entry<String, byte[]> f = formats.get(formatsSent++);
            outbox.add(Frames.format(connection.alloc(), id, f.getKey(), f.getValue()));
        }
        int i = 0;
        for (Sealed f : frames) {
            if (i++ < sent) {
                continue;
            }
            if (credit <= 0) {
                break;
            }
            ByteBuf frame = Frames.start(connection.alloc(), FrameType.DATA, id, DATA_HEADER);
            frame.writeLong(f.first());
            frame.writeInt(f.count());
            Frames.finishWithBody(frame, f.tokens().readableBytes());
            outbox.add(frame);
            outbox.add(f.tokens().retainedDuplicate());
            credit -= DATA_HEADER + f.tokens().readableBytes();
            sent++;
        }
        if (closing && filling == null && sent == frames.size() && !endSent) {
            endSent = true;
            outbox.add(Frames.ofLong(connection.alloc(), FrameType.END, id, position));
        }
    }

    @Override
    public void onFrame(Frame frame) {
        try {
            synchronized (this) {
                switch (frame.type()) {
                    case OPENED -> opened(Wire.readLong(frame.payload(), "OPENED's count"), Wire.readUnsignedByte(frame.payload(), "OPENED's end") != 0);
                    case CREDIT -> {
                        credit += Wire.readInt(frame.payload(), "CREDIT's bytes");
                        sendWhatCreditAllows();
                    }
                    case ACK -> acknowledged(Wire.readLong(frame.payload(), "ACK's count"));
                    case END -> {
                        endAcked = true;
                        notifyAll();
                    }
                    case ERROR -> refused(frame.payload());
                    default -> failed(problem("the space sent a " + frame.type() + " frame to its writer", null));
                }
            }
            sendOutbox();
        } finally {
            frame.release();
        }
    }

    /**
     * The space refused the stream. Opened again after a reconnect, the writer may find its own
     * earlier stream still holding the channel (the server has not yet seen the old connection
     * break): it tries again, until the connection's give-up time, rather than fail. So does a
     * writer whose connection broke before the space's first answer came (its first OPEN may have
     * taken the channel on the old connection).
     */
    private void refused(ByteBuf error) {
        ErrorCode code = ErrorCode.peek(error);
        String message = ErrorCode.describe(error);
        if (code == ErrorCode.BUSY && (attached || reopened) && failure == null) {
            if (busySince == 0) {
                busySince = System.nanoTime();
            }
            if (System.nanoTime() - busySince < connection.options().giveUpAfter().toNanos()) {
                connection.schedule(this::sendOpen, BUSY_RETRY_MILLIS);
                return;
            }
        }
        failed(problem(message, null));
    }

    private String endedMessage(long stored) {
        return "the channel has ended (" + stored + " tokens) and takes no more; to write it anew, remove it first"
                + " (sluice space rm " + connection.uri() + " " + channel + ")";
    }

    /** Whether the channel's stream had ended when this writer attached to it; see the constructor. */
    public boolean ended() {
        return ended;
    }

    /** The server holds {@code stored} tokens: the first answer sets the position, later ones say where to resend from. */
    private void opened(long stored, boolean ended) {
        busySince = 0;
        if (!attached) {
            if (ended && attachEnded) {
                this.ended = true;
            } else if (ended) {
                failure = problem(endedMessage(stored), null);
            }
            position = stored;
            acked = stored;
            attached = true;
            notifyAll();
        } else if (stored > position) {
            failed(problem("the space holds " + stored + " tokens of the channel, more than this writer wrote (" + position
                    + "): another writer wrote to it", null));
            return;
        } else {
            acknowledged(stored);
        }
        open = true;
        credit = 0; // the server grants a fresh window after OPENED
        sent = 0;
        endSent = false;
        sendWhatCreditAllows();
    }

    private void acknowledged(long count) {
        if (count > acked) {
            acked = count;
        }
        while (!frames.isEmpty() && frames.peekFirst().end() <= acked) {
            Sealed f = frames.pollFirst();
            buffered -= f.tokens().readableBytes();
            f.tokens().release();
            if (sent > 0) {
                sent--;
            }
        }
        notifyAll();
    }

    @Override
    public void reconnected() {
        synchronized (this) {
            open = false;
            sent = 0;
            formatsSent = 0;
            reopened = true;
        }
        sendOpen();
    }

    @Override
    public synchronized void failed(RuntimeException cause) {
        if (failure == null) {
            failure = cause;
        }
        notifyAll();
    }

    @Override
    public long position() {
        return position;
    }

    /** Tokens the server has acknowledged. */
    public synchronized long acknowledged() {
        return acked;
    }

    /**
     * Ends the stream: sends what is left and the end, and waits until the server has stored both
     * (for as long as the connection may be retried). Idempotent.
     *
     * @throws ChannelException naming the channel if the space cannot be reached to store them
     */
    @Override
    public void close() {
        if (ended) {
            detach(); // the space stored the end before this writer attached
            return;
        }
        boolean schedule;
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
            seal();
            schedule = scheduleFlush();
        }
        if (schedule) {
            connection.execute(this::flushOnLoop);
        }
        awaitServer(() -> endAcked, "the end of its stream");
        detach();
    }

    /**
     * Waits until the server acknowledged every token put, without ending the stream, then
     * closes the stream: for a channel closed while its writer is still open.
     */
    public void detach() {
        boolean schedule;
        synchronized (this) {
            if (closed) {
                return;
            }
            seal();
            schedule = scheduleFlush();
        }
        if (schedule) {
            connection.execute(this::flushOnLoop);
        }
        awaitServer(() -> acked >= position, "its tokens");
        synchronized (this) {
            closed = true;
            frames.forEach(f -> f.tokens().release());
            frames.clear();
        }
        connection.unregister(id);
        connection.send(Frames.empty(connection.alloc(), FrameType.CLOSE, id), true);
    }

    private void awaitServer(java.util.function.BooleanSupplier done, String what) {
        long limit = connection.options().giveUpAfter().toNanos() + connection.options().connectTimeout().toNanos() * 2;
        long deadline = System.nanoTime() + limit;
        boolean interrupted = false;
        synchronized (this) {
            try {
                while (!done.getAsBoolean() && failure == null) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        throw problem("the space did not store " + what + " within " + TimeUnit.NANOSECONDS.toMillis(limit) + " ms", null);
                    }
                    try {
                        TimeUnit.NANOSECONDS.timedWait(this, left);
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (!done.getAsBoolean()) {
                    throw problem(failure.getMessage(), failure);
                }
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** A failure of this channel, naming it and the space. */
    private ChannelException problem(String problem, Throwable cause) {
        return new ChannelException(channel, null, "space " + connection.uri() + ": " + problem, cause);
    }

    /**
     * The writer's {@link io.sluice.codec.CodecStore}: a description the codec stores while it
     * encodes a token is sent in a FORMAT frame once per connection, before the first DATA frame
     * that holds a token after it; the space keeps it with the channel and in its registry.
     */
    private final class WriterFormats implements io.sluice.codec.CodecStore {
        @Override
        public String channel() {
            return channel;
        }

        @Override
        public void put(String key, byte[] description) {
            if (key == null || !SpaceFormats.isKey(key)) {
                throw new IllegalArgumentException("a codec store's key is a plain name of letters, digits, '.', '_' and '-',"
                        + " at most 100 characters; was " + key);
            }
            if (Wire.HEADER + 8 + 3 * key.length() + description.length > connection.maxFrame()) {
                throw problem("the codec's description '" + key + "' of " + description.length + " bytes does not fit in a frame of "
                        + connection.maxFrame() + " bytes, the largest the space and this client agreed on", null);
            }
            synchronized (RemoteWriter.this) {
                if (formatKeys.add(key)) {
                    formats.add(java.util.Map.entry(key, description.clone()));
                }
            }
        }

        @Override
        public java.util.Optional<byte[]> get(String key) {
            synchronized (RemoteWriter.this) {
                for (java.util.Map.Entry<String, byte[]> f : formats) {
                    if (f.getKey().equals(key)) {
                        return java.util.Optional.of(f.getValue().clone());
                    }
                }
            }
            return java.util.Optional.empty();
        }

        @Override
        public java.util.Map<String, byte[]> all() {
            java.util.Map<String, byte[]> all = new java.util.TreeMap<>();
            synchronized (RemoteWriter.this) {
                formats.forEach(f -> all.put(f.getKey(), f.getValue().clone()));
            }
            return all;
        }
    }
}
