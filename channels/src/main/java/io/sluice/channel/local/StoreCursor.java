package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads the tokens of a {@link ChronicleStore} in order from a position. Used by one thread at a
 * time; handing it to another thread is allowed between calls.
 *
 * <p><b>Batches.</b> The cursor copies each batch excerpt ({@link ExcerptLayout}) to the heap,
 * checks its seq and checksum, and decodes its tokens one by one as they are asked for: the heap
 * holds at most one batch per cursor. {@link #seek} finds the batch holding a token by a binary
 * search over the excerpts of its file, by the first seq each records.
 *
 * <p><b>Damaged files.</b> Chronicle reads the queue files through memory maps. A read of a page
 * that lies beyond the end of a file (one that was cut short) raises SIGBUS, which Java 17 turns
 * into an {@link InternalError} thrown at some later, unrelated point of the reading thread, after
 * Chronicle went on with a wrong value. So the cursor does not let Chronicle read past the end of
 * a file: before it reads in a file it checks that the file holds the last excerpt its header
 * records (else it refuses the whole file), and before each further read that the file reaches
 * the next excerpt header. A damaged excerpt, or one that ends past the end of its file, fails
 * with a {@link ChannelException} naming the file; the cursor then keeps failing until it is
 * moved by {@link #seek}. The tokens before the damage, and those of other files, stay readable.
 */
final class StoreCursor<T> implements AutoCloseable {
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** How many excerpt headers a forward seek reads before it searches ({@link #scanTo}). */
    private static final int SCAN_LIMIT = 64;

    private final ChronicleStore store;
    private final Codec<T> codec;
    private final HeapCodecInput in = new HeapCodecInput();
    private final CRC32C crc = new CRC32C();
    private final ExcerptTailer tailer;
    private Thread owner;
    /** The seq of the token {@link #next()} returns. */
    private long seq;
    private boolean ended;
    /** The batch being read: {@code batch[0, batchEnd)}, its next token at {@link #at}, {@link #left} still to read. */
    private byte[] batch = new byte[256];
    private int batchEnd;
    private int at;
    private int left;
    /** Set when the files are found damaged at {@link #seq}; rethrown until a seek. */
    private ChannelException damage;
    /** The cycle whose file was checked; {@link #fileSize} and {@link #excerptEnd} are about it. */
    private int checkedCycle = -1;
    /** The seqs {@code [cycleStart, cycleEnd)} of the checked cycle. */
    private long cycleStart;
    private long cycleEnd;
    /** The size of the checked file when last looked up; a live writer grows it. */
    private long fileSize;
    /** Where the last excerpt read in the checked file ended, or -1. */
    private long excerptEnd = -1;

    StoreCursor(ChronicleStore store, Codec<T> codec) {
        this.store = store;
        this.codec = codec;
        try {
            this.tailer = store.queue().createTailer();
        } catch (RuntimeException e) {
            throw store.failure("cannot read: " + e, e);
        }
        this.owner = Thread.currentThread();
    }

    /**
     * The next token, or null if none is stored yet or the stream has ended ({@link #ended()}).
     *
     * @throws ChannelException if the stored bytes are not a token: corrupt or truncated files;
     *     the message names the seq and the queue file
     */
    T next() {
        if (damage != null) {
            throw damage;
        }
        if (left == 0 && (ended || !readExcerpt() || ended)) {
            return null;
        }
        int length = tokenLength();
        int end = at + length;
        T token;
        try {
            token = codec.read(in.on(batch, at, end));
        } catch (CodecException e) {
            throw damaged("token " + seq + " cannot be decoded by codec '" + codec.id() + "': " + e.getMessage()
                    + "; the queue file is corrupt, or the token was written by another codec", e);
        } catch (IllegalArgumentException e) {
            // The bytes may be sound: the codec cannot read them as this reader's type (record formats that do not fit, say).
            throw damaged("token " + seq + " cannot be read by codec '" + codec.id() + "' as " + codec.type().getName() + ": "
                    + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw damaged("token " + seq + " cannot be decoded by codec '" + codec.id() + "': " + e, e);
        }
        if (in.position() != end) {
            throw damaged("codec '" + codec.id() + "' read " + (in.position() - at) + " of the " + length + " bytes of token " + seq
                    + "; the token was written by another codec", null);
        }
        at = end;
        left--;
        seq++;
        if (left == 0 && at != batchEnd) {
            throw damaged("the batch ending before token " + seq + " has " + (batchEnd - at)
                    + " bytes after its last token; the queue file is corrupt", null);
        }
        return token;
    }

    /** The length of the token at {@link #at}, which is moved past it. */
    private int tokenLength() {
        int length;
        try {
            length = in.on(batch, at, batchEnd).readVarint();
        } catch (CodecException e) {
            throw damaged("token " + seq + " has a malformed length; the queue file is corrupt", e);
        }
        at = in.position();
        if (length < 0 || length > batchEnd - at) {
            throw damaged("token " + seq + " has a length of " + length + " bytes, more than the " + (batchEnd - at)
                    + " left in its batch; the queue file is corrupt", null);
        }
        return length;
    }

    /**
     * Reads the next excerpt: a batch starting at {@link #seq}, which becomes the batch being
     * read, or the end marker, which ends the stream.
     *
     * @return false if no excerpt is stored yet
     */
    private boolean readExcerpt() {
        ownedBy(Thread.currentThread());
        try {
            if (!safeToRead()) {
                return false;
            }
            int size;
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent()) {
                    return false;
                }
                size = copy(dc.wire().bytes());
            }
            parse(size);
            return true;
        } catch (ChannelException e) {
            throw e;
        } catch (RuntimeException e) {
            throw damaged("cannot read token " + seq + ": " + e, e);
        } catch (InternalError e) {
            // A backstop: a faulting read through the memory map, if the JVM reports it here.
            throw damaged("cannot read token " + seq + ": the memory-mapped file could not be read (" + e.getMessage()
                    + "); the queue file is truncated, or its file system failed", e);
        }
    }

    /** Copies the excerpt being read, which must lie within its file, to {@code batch}; returns its size. */
    private int copy(Bytes<?> bytes) {
        checkWithinFile(bytes.readLimit());
        int size = (int) Math.min(Integer.MAX_VALUE, bytes.readRemaining());
        if (batch.length < size) {
            batch = Arrays.copyOf(batch, Math.max(size, 2 * batch.length));
        }
        bytes.read(batch, 0, size);
        return size;
    }

    /** Checks the excerpt copied to {@code batch[0, size)} and starts on it. */
    private void parse(int size) {
        if (size < 1) {
            throw damaged("the excerpt of token " + seq + " is empty; the queue file is corrupt", null);
        }
        byte tag = batch[0];
        if (tag == ExcerptLayout.END && size == ExcerptLayout.END_SIZE) {
            long tokens = (long) LONG.get(batch, 1);
            if (tokens != seq) {
                throw damaged("the end marker after token " + (seq - 1) + " says the stream holds " + tokens
                        + " tokens; the queue files are corrupt", null);
            }
            ended = true;
            return;
        }
        if (tag != ExcerptLayout.BATCH || size < ExcerptLayout.BATCH_HEADER) {
            throw damaged("the excerpt of token " + seq + " has an unknown tag " + tag + " or size " + size
                    + "; the queue file is corrupt", null);
        }
        long first = (long) LONG.get(batch, ExcerptLayout.FIRST_AT);
        int count = (int) INT.get(batch, ExcerptLayout.COUNT_AT);
        if (first != seq) {
            throw damaged("expected token " + seq + " but found a batch starting at " + first + "; the queue files are corrupt", null);
        }
        if (count < 1 || count > size - ExcerptLayout.BATCH_HEADER || seq + count > cycleEnd) {
            throw damaged("the batch of token " + seq + " claims " + count + " tokens; the queue file is corrupt", null);
        }
        if (ExcerptLayout.checksum(crc, batch, size) != (int) INT.get(batch, ExcerptLayout.CRC_AT)) {
            throw damaged((count == 1 ? "token " + seq : "the batch of tokens " + seq + " to " + (seq + count - 1))
                    + " fails its checksum; the queue file is corrupt", null);
        }
        batchEnd = size;
        at = ExcerptLayout.BATCH_HEADER;
        left = count;
    }

    private ChannelException damaged(String problem, Throwable cause) {
        damage = store.failure(seq, problem, cause);
        return damage;
    }

    /**
     * Whether Chronicle may read the next excerpt header without touching a page past the end of
     * the file: false if the file of the next token does not exist yet.
     */
    private boolean safeToRead() {
        // The next header follows the last excerpt read, 4-byte aligned: the next token's, or the
        // end-of-file marker before the next file. A file always extends past it (Chronicle grows
        // files ahead of its writes, and ends a file with that marker) unless it was cut short.
        if (excerptEnd >= 0) {
            long nextHeader = (excerptEnd + 3) & ~3L;
            if (nextHeader + 4 > fileSize && nextHeader + 4 > resize()) {
                damage = new ChannelException(store.channel(), store.fileOfCycle(checkedCycle), "the file ends at byte " + fileSize
                        + ", right after token " + (seq - 1) + " and before the excerpt that follows it; the queue file is truncated", null);
                throw damage;
            }
        }
        return (seq >= cycleStart && seq < cycleEnd) || checkFile(store.cycleOf(seq));
    }

    /**
     * Checks, before Chronicle reads in it, the file of {@code cycle}: it must hold the last
     * excerpt its header records. Reads only the file's first page.
     *
     * @return false if the file does not exist, or is empty: not written yet
     */
    private boolean checkFile(int cycle) {
        ChronicleStore.CheckedFile file;
        try {
            file = store.checkFile(cycle, "cannot read token " + seq + ": ");
        } catch (ChannelException e) {
            damage = e;
            throw e;
        }
        if (file == null) {
            if (!Files.exists(store.fileOfCycle(cycle)) && Files.exists(store.fileOfCycle(cycle + 1)) && seq < store.firstKeptSeq()) {
                // Not "not written yet": a retention step removed it while this reader was behind.
                throw damaged("token " + seq + " was removed by a retention step while this reader was behind it; the channel"
                        + " keeps its tokens from " + store.firstKeptSeq() + " on", null);
            }
            // Not written yet, or being created by a writer (Chronicle sizes it next), or by one killed while creating it.
            return false;
        }
        if (cycle != checkedCycle) {
            checkedCycle = cycle;
            cycleStart = (long) cycle * store.metadata().tokensPerFile();
            cycleEnd = cycleStart + store.metadata().tokensPerFile();
            excerptEnd = -1;
        }
        fileSize = file.size();
        return true;
    }

    /** Looks up the checked file's size again. */
    private long resize() {
        try {
            fileSize = Files.size(store.fileOfCycle(checkedCycle));
            return fileSize;
        } catch (IOException e) {
            throw damaged("cannot read token " + seq + ": " + e, e);
        }
    }

    /**
     * An excerpt that ends beyond the end of its file was cut short: the bytes Chronicle would
     * read there are zeros, not what was written, if they can be read at all.
     */
    private void checkWithinFile(long end) {
        if (seq < cycleStart || seq >= cycleEnd) {
            // Chronicle moved on to a file the cursor did not expect; the index check above failed already.
            throw damaged("token " + seq + " was not found where expected; the queue files are corrupt", null);
        }
        if (end > fileSize && end > resize()) {
            throw damaged("token " + seq + " ends at byte " + end + " but the file has only " + fileSize
                    + " bytes; the queue file is truncated", null);
        }
        excerptEnd = end;
    }

    /**
     * Makes sure that no excerpt is stored after the position this cursor could not read past,
     * for a caller that found no next token while no process writes the channel: a stream cut off
     * by a killed writer ends at its last stored excerpt, while a damaged file hides the excerpts
     * after the damage. Chronicle tells the last excerpt from the last file's header.
     *
     * @throws ChannelException naming the file of token {@link #seq()} if excerpts after it are
     *     stored but cannot be read
     */
    void checkNothingUnreadable() {
        if (ended) {
            return;
        }
        if (damage != null) {
            throw damage;
        }
        long kept = store.firstKeptSeq();
        if (seq < kept) {
            throw damaged("token " + seq + " was removed by a retention step while this reader was behind it; the channel"
                    + " keeps its tokens from " + kept + " on", null);
        }
        int lastCycle = store.queue().lastCycle();
        if (lastCycle > store.cycleOf(seq)) {
            throw damaged("token " + seq + " cannot be read, yet the channel has a later file, "
                    + store.fileOfCycle(lastCycle).getFileName() + "; the queue file is corrupt or truncated", null);
        }
        if (lastCycle == store.cycleOf(seq)) {
            // Chronicle finds the last excerpt by reading it: the file must reach it.
            checkFile(lastCycle);
            ChronicleStore.Stored stored = store.stored();
            if (stored.tokens() > seq || stored.ended()) {
                throw damaged("token " + seq + " cannot be read, yet the channel stores " + stored.tokens() + " tokens"
                        + (stored.ended() ? " and their end" : "") + "; the queue file is corrupt or truncated", null);
            }
        }
    }

    /**
     * Reads every batch from here to the end of what is stored, checking each as {@link #next}
     * does (its place, seq and checksum) without decoding its tokens, and then that nothing
     * stored lies beyond ({@link #checkNothingUnreadable}); for a caller that found no writer
     * alive. Leaves the cursor at the end.
     *
     * @throws ChannelException naming the file and seq of the first damage found
     */
    void verifyToEnd() {
        while (!ended) {
            seq += left;
            left = 0;
            if (!readExcerpt()) {
                break;
            }
        }
        checkNothingUnreadable();
    }

    /** True once the end-of-stream marker was read. */
    boolean ended() {
        return ended;
    }

    /** The seq of the next token {@link #next()} returns. */
    long seq() {
        return seq;
    }

    /**
     * Moves to {@code target}: the next token read will be token {@code target}, whether it is
     * stored already or will be. Clears a damage found before. Moving forward within the batch
     * being read only skips tokens, a little further in the same file reads the excerpt headers
     * in between ({@link #scanTo}); otherwise the batch is found by a binary search.
     *
     * @throws IllegalArgumentException if {@code target} is negative or beyond the last token
     *     stored plus one; the cursor stays where it was
     * @throws ChannelException if the file holding {@code target} is damaged
     */
    void seek(long target) {
        if (target < 0) {
            throw new IllegalArgumentException("seq must not be negative, was " + target);
        }
        ownedBy(Thread.currentThread());
        if (damage == null && target >= seq && target - seq <= left) {
            skipTo(target);
            return;
        }
        long before = seq;
        if (target > seq && scanTo(target)) {
            return;
        }
        try {
            moveTo(target);
        } catch (IllegalArgumentException e) {
            try {
                moveTo(before);
            } catch (RuntimeException again) {
                e.addSuppressed(again);
            }
            throw e;
        }
    }

    /**
     * Moves forward to {@code target}, in the file being read, by the headers of the excerpts
     * after the batch being read, at most {@link #SCAN_LIMIT} of them: a reader that took the
     * tokens in between from elsewhere (a fast-track reader, from the ring) seeks a little ahead,
     * and a search from the file's start would read more headers (each lookup of an excerpt by
     * its number reads up to 64). Reads only what the cursor reads: the target's batch is checked
     * as {@link #next} checks it.
     *
     * @return false if the target was not found so, or a problem was (the cursor has moved;
     *     {@link #moveTo} then searches afresh and reports the problem, if it is one)
     */
    private boolean scanTo(long target) {
        if (damage != null || ended || seq < cycleStart || target >= cycleEnd) {
            return false;
        }
        ownedBy(Thread.currentThread());
        seq += left;
        left = 0;
        try {
            for (int scanned = 0; scanned < SCAN_LIMIT && safeToRead(); scanned++) {
                int size = -1;
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent()) {
                        return false;
                    }
                    Bytes<?> bytes = dc.wire().bytes();
                    long start = bytes.readPosition();
                    checkWithinFile(bytes.readLimit());
                    if (bytes.readRemaining() < ExcerptLayout.BATCH_HEADER) {
                        return false;
                    }
                    bytes.read(batch, 0, ExcerptLayout.BATCH_HEADER);
                    long first = (long) LONG.get(batch, ExcerptLayout.FIRST_AT);
                    int count = (int) INT.get(batch, ExcerptLayout.COUNT_AT);
                    if (batch[0] != ExcerptLayout.BATCH || first != seq || count < 1) {
                        return false; // the end marker, or damage
                    }
                    if (target < first + count) {
                        bytes.readPosition(start);
                        size = copy(bytes);
                    } else {
                        seq = first + count;
                    }
                }
                if (size >= 0) {
                    parse(size);
                    skipTo(target);
                    return true;
                }
            }
            return false;
        } catch (RuntimeException | InternalError e) {
            return false;
        }
    }

    /** Skips the tokens of the batch being read up to {@code target}, without decoding them. */
    private void skipTo(long target) {
        while (seq < target) {
            int length = tokenLength();
            at += length;
            left--;
            seq++;
        }
    }

    private void moveTo(long target) {
        damage = null;
        checkedCycle = -1;
        cycleStart = cycleEnd = 0;
        excerptEnd = -1;
        left = 0;
        seq = target;
        ended = false;
        try {
            int cycle = store.cycleOf(target);
            if (!Files.exists(store.fileOfCycle(cycle))) {
                long kept = store.firstKeptSeq();
                if (target < kept) {
                    throw new IllegalArgumentException("channel '" + store.channel() + "' keeps its tokens from " + kept
                            + " on; the tokens before were removed by a retention step; cannot seek to " + target);
                }
            }
            if (checkFile(cycle) && positionIn(cycle, target)) {
                return;
            }
            if (target == 0) {
                // Nothing stored yet.
                tailer.toStart();
                return;
            }
            // The target would be the first token of a file not written yet: stop right after the
            // last token of the file before, which must be the token before the target.
            int before = store.cycleOf(target - 1);
            if (before == cycle || !checkFile(before) || !positionIn(before, target)) {
                throw notStored(target, "has fewer than " + target + " tokens");
            }
        } catch (IllegalArgumentException | ChannelException e) {
            throw e;
        } catch (RuntimeException e) {
            throw damaged("cannot seek to token " + target + ": " + e, e);
        } catch (InternalError e) {
            throw damaged("cannot seek to token " + target + ": the memory-mapped file could not be read ("
                    + e.getMessage() + "); the queue file is truncated, or its file system failed", e);
        }
    }

    /**
     * The error for a seek to {@code target}, which the files do not hold: an
     * {@link IllegalArgumentException} saying {@code why} if the channel does not store that
     * many tokens, or, if the channel stores more tokens than the files could be read up to, the
     * damage that hides them.
     */
    private RuntimeException notStored(long target, String why) {
        ChronicleStore.Stored stored = store.stored();
        if (stored.tokens() >= target) {
            return damaged("token " + target + " cannot be found, yet the channel stores " + stored.tokens()
                    + " tokens; the queue file is corrupt", null);
        }
        return new IllegalArgumentException("channel '" + store.channel() + "' " + why + "; cannot seek to " + target);
    }

    /**
     * Positions the cursor at {@code target} by the excerpts of the (checked) file of
     * {@code cycle}: on the batch holding it, or right after the file's last batch if that ends
     * just before it, or on the end marker if the stream ends there.
     *
     * @return false if the file has no excerpt at or before {@code target}
     * @throws IllegalArgumentException if the stream ends, or the stored tokens end, before
     *     {@code target}
     */
    private boolean positionIn(int cycle, long target) {
        long k = batchHolding(cycle, Math.min(target, cycleEnd - 1));
        if (k < 0) {
            return false;
        }
        seq = firstSeqAt(cycle, k);
        excerptEnd = -1;
        if (!tailer.moveToIndex(store.index(cycle, k)) || !readExcerpt()) {
            throw damaged("cannot read the batch of token " + seq + " again; the queue file is corrupt", null);
        }
        if (ended ? seq != target : seq + left < target) {
            throw notStored(target, ended ? "ends before token " + target : "has fewer than " + target + " tokens");
        }
        skipTo(target);
        return true;
    }

    /**
     * The number, within the file of {@code cycle}, of the last excerpt whose first seq is at most
     * {@code s}, or -1 if the file has no excerpt. A binary search: each excerpt holds at least one
     * token, so it is among the first {@code s - cycleStart + 1}.
     */
    private long batchHolding(int cycle, long s) {
        seq = s;
        long lo = 0;
        long hi = s - cycleStart;
        if (firstSeqAt(cycle, 0) > s) {
            return -1;
        }
        while (lo < hi) {
            long mid = (lo + hi + 1) >>> 1;
            if (firstSeqAt(cycle, mid) <= s) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * The first seq of excerpt {@code k} of the file of {@code cycle} (for the end marker: the
     * seq after the last token), or {@link Long#MAX_VALUE} if there is no such excerpt.
     */
    private long firstSeqAt(int cycle, long k) {
        if (!tailer.moveToIndex(store.index(cycle, k))) {
            return Long.MAX_VALUE;
        }
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent()) {
                return Long.MAX_VALUE;
            }
            Bytes<?> bytes = dc.wire().bytes();
            checkWithinFile(bytes.readLimit());
            if (bytes.readRemaining() < 9) {
                throw damaged("excerpt " + k + " of the file is too short; the queue file is corrupt", null);
            }
            bytes.read(batch, 0, 9);
            return (long) LONG.get(batch, 1);
        }
    }

    void ownedBy(Thread thread) {
        if (owner != thread) {
            tailer.singleThreadedCheckReset();
            owner = thread;
        }
    }

    @Override
    public void close() {
        ownedBy(Thread.currentThread());
        tailer.close();
    }
}
