package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.channel.local.internal.QueueFileSpace;
import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Appends tokens, in batches ({@link ExcerptLayout}), and finally the end marker, to a
 * {@link ChronicleStore}. Tokens are encoded into a batch on the heap by {@link #add} and
 * appended as one excerpt by {@link #flush}; {@link #append} does both for one token. Used by one
 * thread at a time; handing it to another thread is allowed between calls (see {@link #ownedBy}).
 */
final class StoreAppender<T> implements AutoCloseable {
    /**
     * More than Chronicle puts between the end of one excerpt and the data of the next, a header
     * and alignment, unless it writes an index array there: that one (FAST_DAILY's, 4096 longs,
     * 32 KiB) fits in the {@link QueueFileSpace#HEADROOM} that every write leaves reserved.
     */
    private static final int ALIGNMENT_SLACK = 64;
    private final ChronicleStore store;
    private final Codec<T> codec;
    private final HeapCodecOutput batch = new HeapCodecOutput(4096);
    private final CRC32C crc = new CRC32C();
    private final ExcerptAppender appender;
    private final QueueFileSpace space;
    private Thread owner;
    /** The seq of the next token {@link #add} takes. */
    private long next;
    /** The seq of the batch's first token, and how many it holds. */
    private long first;
    private int pending;
    /**
     * The seq that goes in the next batch: the batch is full at {@link ExcerptLayout#MAX_TOKENS},
     * and a queue file's tokens start a batch of their own.
     */
    private long batchLimit;
    /** How many tokens {@link #add} has encoded since this appender was made, and the bytes they took with their lengths. */
    private long tokensEncoded;
    private long bytesEncoded;
    /** Set when a write faulted: the files are in an unknown state, nothing more is written. */
    private ChannelException broken;
    /**
     * Where the last write ended in the file of cycle {@link #lastCycle} (Chronicle's write
     * position), or -1 if unknown: the next excerpt's header goes there, give or take alignment.
     */
    private long lastEnd = -1;
    private int lastCycle = -1;
    /**
     * Off-heap memory that {@link #write} copies an excerpt's bytes to before appending them:
     * Chronicle copies from off-heap memory to its memory map in one bulk copy, but from an
     * array (through a heap {@code Bytes}) eight bytes at a time with a bounds check each. Grows
     * to the largest excerpt; released by {@link #close}.
     */
    private final Bytes<Void> offHeap;

    StoreAppender(ChronicleStore store, Codec<T> codec, long next) {
        this.store = store;
        this.codec = codec;
        this.next = next;
        this.space = new QueueFileSpace(store.directory(), store::fileOfCycle);
        try {
            this.appender = store.queue().createAppender();
        } catch (RuntimeException e) {
            throw store.failure("cannot append: " + e, e);
        }
        this.offHeap = Bytes.allocateElasticDirect(256);
        this.owner = Thread.currentThread();
    }

    /**
     * Appends a token as seq {@link #next()}, in an excerpt of its own, before returning.
     *
     * @throws CodecException if the codec cannot encode it; nothing is written
     * @throws ChannelException naming the queue file if it cannot be written (a full disk: see
     *     {@link QueueFileSpace}); nothing of the token is written, tokens appended before stay
     *     readable, and the append may be tried again once there is room
     */
    void append(T token) {
        if (pending > 0) {
            flush();
        }
        add(token);
        try {
            flush();
        } catch (RuntimeException e) {
            pending = 0;
            next = first;
            throw e;
        }
    }

    /**
     * Adds a token, as seq {@link #next()}, to the batch that the next {@link #flush} appends;
     * appends the batch first if it is full or the token belongs in the next queue file.
     *
     * @throws CodecException if the codec cannot encode it; the batch is as before
     * @throws ChannelException naming the queue file if the batch had to be appended and could not
     */
    void add(T token) {
        ownedBy(Thread.currentThread());
        if (pending > 0 && (next >= batchLimit || batch.size() >= ExcerptLayout.MAX_BYTES)) {
            flush();
        }
        if (pending == 0) {
            batch.truncate(0);
            batch.skip(ExcerptLayout.BATCH_HEADER);
            first = next;
            long nextFile = (store.cycleOf(first) + 1L) * store.metadata().tokensPerFile();
            batchLimit = Math.min(nextFile, first + ExcerptLayout.MAX_TOKENS);
        }
        int mark = batch.size();
        // The token's length goes before it, as a varint: one byte is left for it, enough below
        // 128 bytes; a longer token is moved up once its length is known.
        batch.skip(1);
        try {
            codec.write(token, batch);
        } catch (RuntimeException e) {
            batch.truncate(mark);
            throw e;
        }
        int length = batch.size() - mark - 1;
        int lengthSize = HeapCodecOutput.varintSize(length);
        if (lengthSize > 1) {
            batch.move(mark + 1, mark + lengthSize, length);
        }
        batch.putVarint(mark, length);
        pending++;
        next++;
        tokensEncoded++;
        bytesEncoded += lengthSize + length;
    }

    /**
     * Appends the batch of tokens added since the last flush, if any, as one excerpt.
     *
     * @throws ChannelException naming the queue file if it cannot be written; the batch stays to
     *     be flushed again
     */
    void flush() {
        if (pending == 0) {
            return;
        }
        byte[] bytes = batch.array();
        int size = batch.size();
        batch.putByte(0, ExcerptLayout.BATCH);
        batch.putLong(ExcerptLayout.FIRST_AT, first);
        batch.putInt(ExcerptLayout.COUNT_AT, pending);
        batch.putInt(ExcerptLayout.CRC_AT, ExcerptLayout.checksum(crc, bytes, size));
        write(first, bytes, size);
        pending = 0;
    }

    /** Appends the batch, then the end-of-stream marker. */
    void appendEnd() {
        flush();
        HeapCodecOutput end = new HeapCodecOutput(ExcerptLayout.END_SIZE);
        end.writeByte(ExcerptLayout.END);
        end.writeLong(next);
        write(next, end.array(), end.size());
    }

    /**
     * Appends {@code bytes[0, size)} as one excerpt holding token {@code seq} (or the batch it
     * starts). When the file it goes to is known, with room reserved past where the last write
     * ended, the bytes are copied off the heap and appended with one {@code writeBytes} call,
     * which spares Chronicle finding the end of the queue again (its {@code writingDocument} does
     * on every call, for appenders of other threads or processes; this channel has one writer).
     * Otherwise (a new file, the first write, the end of the reserved room) it opens a document,
     * whose position is exact, and reserves from there.
     */
    private void write(long seq, byte[] bytes, int size) {
        ownedBy(Thread.currentThread());
        if (broken != null) {
            throw store.failure(seq, "an earlier write failed: " + broken.getMessage(), broken);
        }
        store.clockFor(seq);
        int cycle = store.cycleOf(seq);
        if (seq % store.metadata().tokensPerFile() == 0) {
            // Chronicle creates the file of this token when it writes it, before space can be reserved in it.
            try {
                space.checkRoomForNewFile(cycle);
            } catch (QueueFileSpace.NoRoomException e) {
                throw notWritten(seq, e);
            }
        }
        long end = lastEnd;
        lastEnd = -1; // unknown until this write succeeds
        try {
            if (cycle == lastCycle && end >= 0 && space.covers(cycle, end, size + ALIGNMENT_SLACK)) {
                offHeap.clear();
                offHeap.write(bytes, 0, size);
                appender.writeBytes(offHeap);
            } else {
                writeDocument(seq, bytes, size);
            }
            lastEnd = appender.wire().bytes().writePosition();
            lastCycle = cycle;
        } catch (ChannelException e) {
            throw e;
        } catch (RuntimeException e) {
            throw store.failure(seq, "cannot write token " + seq + ": " + e, e);
        } catch (InternalError e) {
            // A backstop: a faulting write through the memory map, if the JVM reports it here. What
            // Chronicle wrote since is unknown: no more writes.
            broken = store.failure(seq, "cannot write token " + seq + ": the memory-mapped file could not be written ("
                    + e.getMessage() + "); the disk is full, or its file system failed", e);
            throw broken;
        }
        int stored = store.cycleOfIndex(appender.lastIndexAppended());
        if (stored != cycle) {
            lastEnd = -1;
            lastCycle = -1;
            throw store.failure(seq, "token " + seq + " was stored in file " + stored + " instead of " + cycle
                    + "; the queue files were changed by something else", null);
        }
    }

    /** Appends through a document, reserving room from its exact position first. */
    private void writeDocument(long seq, byte[] bytes, int size) {
        try (DocumentContext dc = appender.writingDocument()) {
            try {
                Bytes<?> out = dc.wire().bytes();
                space.reserve(store.cycleOf(seq), out.writePosition(), size);
                out.write(bytes, 0, size);
            } catch (QueueFileSpace.NoRoomException e) {
                dc.rollbackOnClose();
                throw notWritten(seq, e);
            } catch (RuntimeException | Error e) {
                dc.rollbackOnClose();
                throw e;
            }
        }
    }

    /** The channel's failure for token {@code seq}, which found no room on the disk and was not written. */
    private ChannelException notWritten(long seq, QueueFileSpace.NoRoomException e) {
        return store.failure(seq, e.getMessage() + "; token " + seq + " was not written", e.getCause());
    }

    /** How many tokens are appended: those added but not yet flushed are not. */
    long appended() {
        return pending > 0 ? first : next;
    }

    /** The bytes a token took on average, with its length, over those added since this appender was made; 0 before the first. */
    double meanTokenBytes() {
        return tokensEncoded == 0 ? 0 : (double) bytesEncoded / tokensEncoded;
    }

    /** The seq the next token added will get. */
    long next() {
        return next;
    }

    /** Lets {@code thread} use the appender from now on; the caller ensures happens-before. */
    void ownedBy(Thread thread) {
        if (owner != thread) {
            appender.singleThreadedCheckReset();
            offHeap.singleThreadedCheckReset();
            owner = thread;
        }
    }

    /** Forces what was appended to the disk (msync), so that it survives a power loss. */
    void sync() {
        ownedBy(Thread.currentThread());
        appender.sync();
    }

    @Override
    public void close() {
        ownedBy(Thread.currentThread());
        try {
            appender.close();
        } finally {
            space.close();
            if (offHeap.refCount() > 0) {
                offHeap.releaseLast();
            }
        }
    }
}
