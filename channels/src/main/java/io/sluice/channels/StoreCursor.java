package io.sluice.channels;

import io.sluice.channel.ChannelException;
import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads the tokens of a {@link ChronicleStore} in order from a position. Used by one thread at a
 * time; handing it to another thread is allowed between calls.
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
    private final ChronicleStore store;
    private final Codec<T> codec;
    private final BytesCodecInput in = new BytesCodecInput();
    private final ExcerptTailer tailer;
    private Thread owner;
    private long seq;
    private boolean ended;
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
        if (ended) {
            return null;
        }
        ownedBy(Thread.currentThread());
        try {
            if (!safeToRead()) {
                return null;
            }
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent()) {
                    return null;
                }
                long at = store.seqOf(dc.index());
                if (at != seq) {
                    throw damaged("expected token " + seq + " but found excerpt " + at + "; the queue files are corrupt", null);
                }
                Bytes<?> bytes = dc.wire().bytes();
                checkWithinFile(bytes.readLimit());
                if (bytes.readRemaining() < 1) {
                    throw damaged("token " + seq + " is empty; the queue file is corrupt", null);
                }
                byte tag = bytes.readByte();
                if (tag == ChronicleStore.END) {
                    ended = true;
                    return null;
                }
                if (tag != ChronicleStore.TOKEN) {
                    throw damaged("token " + seq + " has an unknown tag " + tag + "; the queue file is corrupt", null);
                }
                T token = codec.read(in.on(bytes));
                seq++;
                return token;
            }
        } catch (CodecException e) {
            throw damaged("token " + seq + " cannot be decoded by codec '" + codec.id() + "': " + e.getMessage()
                    + "; the queue file is corrupt, or the token was written by another codec", e);
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
        Path file = store.fileOfCycle(cycle);
        long size;
        try {
            size = Files.size(file);
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw damaged("cannot read token " + seq + ": " + e, e);
        }
        if (size == 0) {
            // Being created by a writer (Chronicle sizes it next), or one killed while creating it.
            return false;
        }
        long lastHeader;
        try {
            lastHeader = store.lastHeaderPosition(cycle);
        } catch (RuntimeException e) {
            throw damaged("cannot read token " + seq + ": the file's header cannot be read: " + e, e);
        }
        if (lastHeader >= 0 && lastHeader + 4 > size) {
            throw damaged("the file has " + size + " bytes but its last excerpt starts at byte " + lastHeader
                    + "; the queue file is truncated, and its tokens from " + seq + " on cannot be read safely", null);
        }
        if (cycle != checkedCycle) {
            checkedCycle = cycle;
            cycleStart = (long) cycle * store.metadata().tokensPerFile();
            cycleEnd = cycleStart + store.metadata().tokensPerFile();
            excerptEnd = -1;
        }
        fileSize = size;
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
        store.queue().refreshDirectoryListing();
        int lastCycle = store.queue().lastCycle();
        if (lastCycle > store.cycleOf(seq)) {
            throw damaged("token " + seq + " cannot be read, yet the channel has a later file, "
                    + store.fileOfCycle(lastCycle).getFileName() + "; the queue file is corrupt or truncated", null);
        }
        if (lastCycle == store.cycleOf(seq)) {
            // Chronicle finds the last excerpt by reading it: the file must reach it.
            checkFile(lastCycle);
            long last = store.lastStoredSeq();
            if (last >= seq) {
                throw damaged("token " + seq + " cannot be read, yet the channel stores excerpts up to " + last
                        + "; the queue file is corrupt or truncated", null);
            }
        }
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
     * stored already or will be. Clears a damage found before.
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
        long before = seq;
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

    private void moveTo(long target) {
        damage = null;
        checkedCycle = -1;
        cycleStart = cycleEnd = 0;
        excerptEnd = -1;
        seq = target;
        ended = false;
        try {
            // Chronicle reads a file's index to find a token in it: check the file first.
            checkFile(store.cycleOf(target));
            if (target == 0) {
                tailer.toStart();
                return;
            }
            if (tailer.moveToIndex(store.indexOf(target))) {
                return;
            }
            // Not stored (yet): position just after the token before it, if that is stored.
            seq = target - 1;
            if (store.cycleOf(target - 1) != store.cycleOf(target)) {
                checkFile(store.cycleOf(target - 1));
            }
            if (!tailer.moveToIndex(store.indexOf(target - 1))) {
                throw new IllegalArgumentException("channel '" + store.channel() + "' has fewer than " + target
                        + " tokens; cannot seek to " + target);
            }
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent() || dc.wire().bytes().readByte() != ChronicleStore.TOKEN) {
                    throw new IllegalArgumentException("channel '" + store.channel() + "' ends before token " + target);
                }
                checkWithinFile(dc.wire().bytes().readLimit());
            }
            seq = target;
        } catch (IllegalArgumentException | ChannelException e) {
            throw e;
        } catch (RuntimeException e) {
            throw damaged("cannot seek to token " + target + ": " + e, e);
        } catch (InternalError e) {
            throw damaged("cannot seek to token " + target + ": the memory-mapped file could not be read ("
                    + e.getMessage() + "); the queue file is truncated, or its file system failed", e);
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
