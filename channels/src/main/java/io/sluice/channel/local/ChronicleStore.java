package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.channel.local.internal.ChronicleSettings;
import io.sluice.channel.local.internal.PlainQueueFile;
import io.sluice.channel.local.internal.QueueFileSpace;
import io.sluice.channel.local.internal.UnfinishedFiles;
import io.sluice.channel.local.internal.WriterLock;
import io.sluice.codec.Codec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.stream.Stream;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The files of one persistent channel: a Chronicle Queue directory plus {@code channel.json}.
 *
 * <p><b>Layout.</b> Tokens are stored in batches, one excerpt each, that record the seq of
 * their first token; closing the writer appends an end excerpt ({@link ExcerptLayout}). Token
 * {@code seq} is in cycle {@code seq / N} of a {@link RollCycles#FAST_DAILY} queue, N being
 * {@code tokensPerFile}: the writer drives the queue's clock from the seq it is about to write,
 * so a queue file rolls after exactly N tokens, whatever the time. A token's seq therefore never
 * depends on when it was written, any seq maps to its file by arithmetic (and to its batch by a
 * binary search within the file), and old files can be removed whole. (File names carry dates
 * from 1970 on: they number files, they do not date them.)
 *
 * <p><b>Processes.</b> One process writes a channel, holding an OS lock on {@code writer.lock}
 * that the OS releases if the process dies; any number of processes may read it, also while it
 * is being written.
 *
 * <p><b>Durability.</b> An excerpt is in the page cache once appended: it survives the writer's
 * process being killed, but not a power loss unless {@link StoreAppender#sync()} was called.
 *
 * <p><b>Threading.</b> The store may be shared by threads; each {@link StoreAppender} and
 * {@link StoreCursor} is used by one thread at a time.
 */
final class ChronicleStore implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ChronicleStore.class);
    static {
        ChronicleSettings.apply();
        // Registers the class aliases (SCQSIndex, ...) that a queue file's header names, which
        // Chronicle otherwise registers only once an appender or index lookup has run in this JVM.
        try {
            Class.forName(SingleChronicleQueueStore.class.getName(), true, ChronicleStore.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Fixed for every channel directory (a queue keeps the roll cycle it was created with). Its
     * index arrays (4096 longs, 32 KiB) must fit in {@link QueueFileSpace#HEADROOM}, since
     * Chronicle may write one between two excerpts of a writer.
     */
    private static final RollCycle ROLL = RollCycles.FAST_DAILY;
    /**
     * How many entries past the one the header records as last are checked before Chronicle
     * counts excerpts: a live writer's newer ones, and index arrays.
     */
    private static final int ENTRIES_PAST_LAST = 1024;
    private static final DateTimeFormatter FILE_NAMES = QueueFileSpace.fileNames(ROLL);

    private final String channel;
    private final Path directory;
    private final ChannelMetadata metadata;
    private final SingleChronicleQueue queue;
    /** Held while the store is open for writing; null for reading. */
    private final WriterLock lock;
    /** The descriptions the channel's codec stores once ({@code codec/}). */
    private final DirectoryCodecStore codecStore;
    /** The cycle the writer is in: the queue's clock. Written by the writer thread only. */
    private volatile long cycle;

    private ChronicleStore(String channel, Path directory, ChannelMetadata metadata, boolean write, WriterLock lock) {
        this.channel = channel;
        this.directory = directory;
        this.metadata = metadata;
        this.lock = lock;
        this.codecStore = new DirectoryCodecStore(channel, directory);
        SingleChronicleQueue opened;
        try {
            opened = build(write);
        } catch (RuntimeException | AssertionError e) {
            // Chronicle reports a JVM started without the options it needs as an AssertionError
            // wrapping an IllegalAccessException (FileChannelImpl.map0).
            if (lacksJvmOptions(e)) {
                throw new ChannelException(channel, directory, "cannot open the queue files: " + e
                        + "; the JVM lacks the options Chronicle Queue needs (see docs/jvm-options.md)", e);
            }
            opened = buildAgainWithoutMetadata(write, e);
        }
        this.queue = opened;
    }

    private SingleChronicleQueue build(boolean write) {
        TimeProvider clock = write ? this::clockMillis : System::currentTimeMillis;
        SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(directory).rollCycle(ROLL).timeProvider(clock)
                .readOnly(!write).build();
        if (write) {
            // Chronicle opens a queue whose metadata file it cannot update read-only: found out now, not at the first put.
            try {
                queue.createAppender().close();
            } catch (RuntimeException e) {
                queue.close();
                throw e;
            }
        }
        return queue;
    }

    /**
     * After Chronicle failed to open the queue: if no writer is alive (or this store is the
     * writer, holding the lock), the failure may be a metadata file its writer was killed while
     * filling in, or one damaged ({@link UnfinishedFiles#removeMetadata}); it holds no token, so
     * it is removed and the queue opened once more.
     */
    private SingleChronicleQueue buildAgainWithoutMetadata(boolean write, Throwable failure) {
        boolean removed = write ? UnfinishedFiles.removeMetadata(directory, channel)
                : WriterLock.ifNoWriter(directory, () -> UnfinishedFiles.removeMetadata(directory, channel));
        if (removed) {
            try {
                return build(write);
            } catch (RuntimeException | AssertionError again) {
                failure.addSuppressed(again);
            }
        }
        throw new ChannelException(channel, directory, "cannot open the queue files: " + failure, failure);
    }

    private static boolean lacksJvmOptions(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IllegalAccessException || t instanceof java.lang.reflect.InaccessibleObjectException) {
                return true;
            }
        }
        return false;
    }

    /**
     * Creates a new channel in {@code directory} and opens it for writing.
     *
     * @throws ChannelException naming the directory if it cannot be created, already holds a
     *     channel, or is locked by another writer
     */
    static ChronicleStore create(Path directory, String channel, Class<?> type, Codec<?> codec, int tokensPerFile) {
        return create(directory, channel, codec.storedType(), codec.id(), tokensPerFile);
    }

    /**
     * As {@link #create(Path, String, Class, Codec, int)}, for a writer that has the token type's
     * name and the codec's id but not their classes (one that stores tokens as their codec's bytes,
     * {@link EncodedChannel}).
     */
    static ChronicleStore create(Path directory, String channel, String typeName, String codecId, int tokensPerFile) {
        try {
            Files.createDirectories(directory);
        } catch (IOException | RuntimeException e) {
            throw new ChannelException(channel, directory, "cannot create the channel directory: " + e, e);
        }
        if (!Files.isWritable(directory)) {
            throw new ChannelException(channel, directory, "the channel directory is not writable", null);
        }
        if (holdsChannel(directory)) {
            throw new ChannelException(channel, directory, "the directory already holds a channel; "
                    + "use a new work directory, or remove the old one", null);
        }
        WriterLock lock = WriterLock.take(directory, channel);
        boolean wroteMetadata = false;
        try {
            ChannelMetadata metadata = ChannelMetadata.of(channel, typeName, codecId, tokensPerFile, Instant.now().toString());
            metadata.write(directory);
            wroteMetadata = true;
            return new ChronicleStore(channel, directory, metadata, true, lock);
        } catch (IOException | RuntimeException e) {
            if (wroteMetadata) {
                // No token was written: leave the directory free for another try (with the JVM options, say).
                try {
                    Files.deleteIfExists(directory.resolve(ChannelMetadata.FILE));
                } catch (IOException ignored) {
                    // The directory then holds a channel with no tokens; the error below says why.
                }
            }
            lock.close();
            if (e instanceof ChannelException ce) {
                throw ce;
            }
            throw new ChannelException(channel, directory, "cannot create the channel: " + e, e);
        }
    }

    /**
     * Opens the channel in {@code directory} for writing again, to resume a run whose process
     * ended before the channel did (or creates it, if the directory holds none). The OS released
     * the killed writer's lock on {@code writer.lock}; a file the kill left with an unfinished
     * header is removed ({@link UnfinishedFiles}); Chronicle recovers its own write lock, and an
     * excerpt the kill left half-written, when the queue is appended to.
     *
     * @throws ChannelException naming the directory if it holds another channel, tokens of
     *     another type or codec, or is locked by a live writer
     */
    static ChronicleStore openToResume(Path directory, String channel, Class<?> type, Codec<?> codec, int tokensPerFile) {
        return openToResume(directory, channel, codec.storedType(), codec.id(), tokensPerFile, "the workflow",
                "the run cannot be resumed over it");
    }

    /**
     * As {@link #openToResume(Path, String, Class, Codec, int)}, for a writer that has the token
     * type's name and the codec's id but not their classes ({@link EncodedChannel}).
     *
     * @param writer who writes, for the message if the channel stored is another: {@code "the workflow"}
     * @param refusal what that message ends with: {@code "the run cannot be resumed over it"}
     */
    static ChronicleStore openToResume(Path directory, String channel, String typeName, String codecId, int tokensPerFile,
            String writer, String refusal) {
        if (!Files.isDirectory(directory) || !holdsChannel(directory)) {
            return create(directory, channel, typeName, codecId, tokensPerFile);
        }
        ChannelMetadata m = ChannelMetadata.read(directory);
        if (!m.channel().equals(channel) || !m.type().equals(typeName) || !m.codec().equals(codecId)) {
            throw new ChannelException(channel, directory, "it holds channel '" + m.channel() + "' of " + m.type()
                    + " tokens in codec " + m.codec() + ", but " + writer + " writes channel '" + channel + "' of " + typeName
                    + " tokens in codec " + codecId + " there; " + refusal, null);
        }
        WriterLock lock = WriterLock.take(directory, channel);
        try {
            logRemoved(UnfinishedFiles.remove(directory, channel), channel);
            return new ChronicleStore(channel, directory, m, true, lock);
        } catch (RuntimeException e) {
            lock.close();
            if (e instanceof ChannelException ce) {
                throw ce;
            }
            throw new ChannelException(channel, directory, "cannot open the channel to resume it: " + e, e);
        }
    }

    /**
     * Opens an existing channel for reading, in this or another process.
     *
     * @throws ChannelException naming the directory if it holds no channel or cannot be read
     */
    static ChronicleStore openForReading(Path directory) {
        ChannelMetadata metadata = ChannelMetadata.read(directory);
        removeUnfinishedFilesIfNoWriter(directory, metadata.channel());
        return new ChronicleStore(metadata.channel(), directory, metadata, false, null);
    }

    /**
     * Removes the files with an unfinished header that a killed writer left ({@link UnfinishedFiles}),
     * holding {@code writer.lock} meanwhile; does nothing if a writer holds it, or if the lock
     * cannot be taken here (a directory this process may not write to).
     */
    private static void removeUnfinishedFilesIfNoWriter(Path directory, String channel) {
        WriterLock.ifNoWriter(directory, () -> {
            List<Path> removed = UnfinishedFiles.remove(directory, channel);
            if (!removed.isEmpty()) {
                // The queue's metadata still lists the removed file; a writable queue corrects its listing.
                try (SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(directory).rollCycle(ROLL).build()) {
                    queue.refreshDirectoryListing();
                }
                logRemoved(removed, channel);
            }
            return true;
        });
    }

    private static void logRemoved(List<Path> removed, String channel) {
        for (Path file : removed) {
            LOG.warn("channel '{}': removed {}, whose header was not finished (its writer was killed while it made the file,"
                    + " or the header was damaged); it held no tokens", channel, file);
        }
    }

    private static boolean holdsChannel(Path directory) {
        try (Stream<Path> files = Files.list(directory)) {
            return files.anyMatch(f -> {
                String name = f.getFileName().toString();
                return name.equals(ChannelMetadata.FILE) || name.endsWith(".cq4");
            });
        } catch (IOException e) {
            return false;
        }
    }

    private long clockMillis() {
        return cycle * ROLL.lengthInMillis();
    }

    /** Moves the writer's clock to the file of {@code seq}; writer thread only. */
    void clockFor(long seq) {
        long c = cycleOf(seq);
        if (c != cycle) {
            cycle = c;
        }
    }

    /** The Chronicle index of excerpt {@code k} of the file of {@code cycle}. */
    long index(int cycle, long k) {
        return ROLL.toIndex(cycle, k);
    }

    /** The cycle, numbering the queue files, of a Chronicle index. */
    int cycleOfIndex(long index) {
        return ROLL.toCycle(index);
    }

    String channel() {
        return channel;
    }

    Path directory() {
        return directory;
    }

    ChannelMetadata metadata() {
        return metadata;
    }

    /** The store of the descriptions the channel's codec refers to; shared by its writer and readers. */
    DirectoryCodecStore codecStore() {
        return codecStore;
    }

    SingleChronicleQueue queue() {
        return queue;
    }

    /** An appender for the writer thread, continuing at {@code nextSeq}. */
    <T> StoreAppender<T> appender(Codec<T> codec, long nextSeq) {
        if (lock == null) {
            throw new IllegalStateException("channel '" + channel + "' is open for reading only");
        }
        return new StoreAppender<>(this, codec, nextSeq);
    }

    /** A cursor positioned at {@code seq}. */
    <T> StoreCursor<T> cursor(Codec<T> codec, long seq) {
        StoreCursor<T> cursor = new StoreCursor<>(this, codec);
        cursor.seek(seq);
        return cursor;
    }

    /**
     * What is stored now: how many tokens, and whether the end marker follows them. Reads the
     * last excerpt and checks it as a reader does (its checksum, its place in the file), and that
     * it is where the file's header says the file's excerpts end: a count never comes from a
     * damaged excerpt. Any thread.
     *
     * @throws ChannelException naming the file if its last excerpt is damaged or cannot be where
     *     the header says, or the file is shorter than its header says
     */
    Stored stored() {
        try {
            for (int cycle = queue.lastCycle(); cycle >= 0; cycle--) {
                Excerpt last = lastExcerpt(cycle);
                if (last == null) {
                    continue; // a file being created: what is stored ends in the file before
                }
                if (last.end()) {
                    checkEnd(cycle, last);
                    return new Stored(last.first(), true);
                }
                return new Stored(last.first() + last.count(), false);
            }
            return Stored.NOTHING;
        } catch (ChannelException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failure("cannot read what is stored: " + e, e);
        } catch (InternalError e) {
            // A backstop: a faulting read through the memory map, if the JVM reports it here.
            throw failure("cannot read what is stored: the memory-mapped file could not be read (" + e.getMessage()
                    + "); a queue file is truncated, or its file system failed", e);
        }
    }

    /**
     * Checks the end marker {@code end}, the last excerpt of the file of {@code cycle}: the batch
     * before it must end where it says the stream ends. An end marker that starts its file (the
     * stream ended at the end of the file before) must count the tokens of the files before it,
     * which a retention step may have removed.
     */
    private void checkEnd(int cycle, Excerpt end) {
        long tokens = end.first();
        long before;
        if (end.index() > 0) {
            Excerpt batch = excerpt(cycle, end.index() - 1, end);
            before = batch == null ? -1 : batch.first() + batch.count();
        } else {
            before = (long) cycle * metadata.tokensPerFile();
            Excerpt batch = cycle > 0 && Files.exists(fileOfCycle(cycle - 1)) ? lastExcerpt(cycle - 1) : null;
            if (batch != null && (batch.end() || batch.first() + batch.count() != before)) {
                before = batch.end() ? -1 : batch.first() + batch.count();
            }
        }
        if (tokens != before) {
            throw new ChannelException(channel, fileOfCycle(cycle), "the end marker says the stream holds " + tokens + " tokens, but the tokens before it end at "
                    + before + "; the queue file is corrupt", null);
        }
    }

    /**
     * The last excerpt of the file of {@code cycle}, checked; null if the file does not exist or
     * holds no excerpt.
     */
    private Excerpt lastExcerpt(int cycle) {
        CheckedFile file = checkFile(cycle, "cannot count its tokens: ");
        if (file == null) {
            return null;
        }

        long count;
        try (net.openhft.chronicle.queue.ExcerptTailer tailer = queue.createTailer()) {
            count = tailer.excerptsInCycle(cycle);
        }
        Excerpt last = count <= 0 ? null : excerpt(cycle, count - 1, null);
        // A live writer may have moved the header's record of its last excerpt ahead of what a
        // reader sees yet; a file no writer holds must reach it.
        if ((last == null ? file.hasExcerpt() : last.position() < file.lastHeader()) && !writerAlive()) {
            throw new ChannelException(channel, file.path(), "its header says its last excerpt starts at byte " + file.lastHeader()
                    + ", but its excerpts " + (last == null ? "cannot be found" : "end at byte " + last.position())
                    + "; the queue file is damaged", null);
        }
        return last;
    }

    /**
     * Excerpt {@code k} of the file of {@code cycle}, checked as a reader checks it; null if there
     * is none.
     *
     * @param after the end marker this excerpt should precede, for messages; or null
     */
    private Excerpt excerpt(int cycle, long k, Excerpt after) {
        try (net.openhft.chronicle.queue.ExcerptTailer tailer = queue.createTailer()) {
            if (!tailer.moveToIndex(index(cycle, k))) {
                return null;
            }
            try (net.openhft.chronicle.wire.DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent()) {
                    return null;
                }
                net.openhft.chronicle.bytes.Bytes<?> bytes = dc.wire().bytes();
                Path file = fileOfCycle(cycle);
                long size = sizeOf(file);
                long position = bytes.readPosition() - 4;
                if (bytes.readLimit() > size) {
                    throw new ChannelException(channel, file, "excerpt " + k + " ends at byte " + bytes.readLimit() + " but the file has "
                            + size + " bytes; the queue file is truncated", null);
                }
                int n = (int) Math.min(Integer.MAX_VALUE, bytes.readRemaining());
                byte[] b = new byte[n];
                bytes.read(b, 0, n);
                ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
                if (n == ExcerptLayout.END_SIZE && b[0] == ExcerptLayout.END) {
                    return new Excerpt(k, position, bb.getLong(1), 0, true);
                }
                if (n >= ExcerptLayout.BATCH_HEADER && b[0] == ExcerptLayout.BATCH) {
                    long first = bb.getLong(ExcerptLayout.FIRST_AT);
                    int count = bb.getInt(ExcerptLayout.COUNT_AT);
                    if (count >= 1 && first >= 0 && cycleOf(first) == cycle && cycleOf(first + count - 1) == cycle
                            && ExcerptLayout.checksum(new java.util.zip.CRC32C(), b, n) == bb.getInt(ExcerptLayout.CRC_AT)) {
                        return new Excerpt(k, position, first, count, false);
                    }
                }
                throw new ChannelException(channel, file, "excerpt " + k + " (at byte " + position + ")"
                        + (after != null ? ", before the end marker," : "") + " is not a batch of tokens that passes its checksum"
                        + (after == null ? " nor the end marker" : "") + "; the queue file is corrupt", null);
            }
        }
    }

    /**
     * A checked excerpt.
     *
     * @param index its number in its file
     * @param position where its header word is in the file
     * @param first for a batch, its first seq; for the end marker, how many tokens the stream holds
     * @param count for a batch, its tokens
     * @param end whether it is the end marker
     */
    private record Excerpt(long index, long position, long first, int count, boolean end) {}

    /**
     * A queue file whose header and last excerpt lie within it ({@link #checkFile}).
     *
     * @param path the file
     * @param size its size when checked
     * @param lastHeader where its header says its last excerpt starts
     * @param hasExcerpt whether an entry is there: false for a file that holds no excerpt yet
     */
    record CheckedFile(Path path, long size, long lastHeader, boolean hasExcerpt) {}

    /**
     * Checks, before Chronicle reads in it, the file of {@code cycle}: its header must be finished
     * and the last excerpt it records must lie within the file ({@link PlainQueueFile}). Reads the
     * header and one entry.
     *
     * @param context what the caller was doing, to start the problem's description: {@code
     *     "cannot read token 12: "}
     * @return null if the file does not exist or is empty: not written yet
     * @throws ChannelException naming the file if it is truncated or its header damaged
     */
    CheckedFile checkFile(int cycle, String context) {
        Path file = fileOfCycle(cycle);
        try {
            PlainQueueFile.Frame frame;
            try {
                frame = PlainQueueFile.header(file);
            } catch (PlainQueueFile.DamagedFileException e) {
                if (!e.unfinished()) {
                    throw e;
                }
                // Whether a writer was alive after the header was read, then the header again: a writer
                // may have finished it, and even closed the channel, since it was first read.
                boolean alive = writerAlive();
                try {
                    frame = PlainQueueFile.header(file);
                } catch (PlainQueueFile.DamagedFileException again) {
                    if (again.unfinished() && (alive || queue.listCyclesBetween(cycle, cycle).isEmpty())) {
                        return null; // the writer is creating it, or the queue does not list it: nothing is read from it
                    }
                    throw again;
                }
            }
            if (frame == null) {
                return null;
            }
            long lastHeader;
            try {
                lastHeader = lastHeaderPosition(cycle);
            } catch (RuntimeException e) {
                throw new ChannelException(channel, file, context + "its header cannot be read: " + e + "; the queue file is damaged", e);
            }
            if (lastHeader < 0) {
                return null; // the queue does not list it yet: a writer is creating it
            }
            boolean hasExcerpt;
            try {
                hasExcerpt = PlainQueueFile.lastEntry(file, frame, lastHeader);
            } catch (PlainQueueFile.DamagedFileException e) {
                if (!e.unfinished()) {
                    throw e;
                }
                // As for the header: a writer alive after the first look may have written the entry since.
                boolean alive = writerAlive();
                try {
                    hasExcerpt = PlainQueueFile.lastEntry(file, frame, lastHeader);
                } catch (PlainQueueFile.DamagedFileException again) {
                    if (!again.unfinished() || !alive) {
                        throw again;
                    }
                    hasExcerpt = true; // the writer is writing it
                }
            }
            if (hasExcerpt) {
                // Chronicle reads the headers of the entries past the header's last one too (a live
                // writer's newer ones, or garbage after the data), and would read past the end of the
                // file where one's length says so.
                PlainQueueFile.entriesAfter(file, frame.size(), lastHeader, ENTRIES_PAST_LAST);
            }
            return new CheckedFile(file, frame.size(), lastHeader, hasExcerpt);
        } catch (PlainQueueFile.DamagedFileException e) {
            throw new ChannelException(channel, file, context + e.problem(), null);
        } catch (IOException e) {
            throw new ChannelException(channel, file, context + "cannot read the queue file: " + e, e);
        }
    }

    /** Whether a writer has the channel open: this store, or another, in this process or another. */
    private boolean writerAlive() {
        return lock != null || WriterLock.isHeld(directory);
    }

    private long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new ChannelException(channel, file, "cannot read the queue file: " + e, e);
        }
    }

    /**
     * @param tokens how many tokens are stored
     * @param ended whether the end-of-stream marker follows them
     */
    record Stored(long tokens, boolean ended) {
        /** What a new channel holds. */
        static final Stored NOTHING = new Stored(0, false);
    }

    /** A {@link ChannelException} about this channel's directory. */
    ChannelException failure(String problem, Throwable cause) {
        return new ChannelException(channel, directory, problem, cause);
    }

    /** A {@link ChannelException} about the queue file that holds (or would hold) token {@code seq}. */
    ChannelException failure(long seq, String problem, Throwable cause) {
        return new ChannelException(channel, fileOf(seq), problem, cause);
    }

    /** The cycle, numbering the queue files, of token {@code seq}. */
    int cycleOf(long seq) {
        return (int) (seq / metadata.tokensPerFile());
    }

    /** The queue file that holds, or will hold, token {@code seq}. */
    Path fileOf(long seq) {
        return fileOfCycle(cycleOf(seq));
    }

    /** The queue file of {@code cycle}, named as Chronicle names it. */
    Path fileOfCycle(int cycle) {
        return QueueFileSpace.fileOfCycle(directory, ROLL, FILE_NAMES, cycle);
    }

    /**
     * Where the last excerpt of the file of {@code cycle} starts, as the file's header records
     * it, or -1 if there is no such file. Reads only the header, in the file's first page.
     */
    long lastHeaderPosition(int cycle) {
        return PlainQueueFile.lastHeaderPosition(queue, cycle);
    }

    /**
     * The seq of the first token still stored: 0 unless a retention step removed the first files.
     * Lists the directory; any thread.
     */
    long firstKeptSeq() {
        int first = firstCycleOnDisk();
        return first <= 0 ? 0 : (long) first * metadata.tokensPerFile();
    }

    /**
     * The lowest cycle with a queue file, or -1 if there is none. From the file names, since
     * Chronicle's own listing does not notice files removed under it.
     */
    private int firstCycleOnDisk() {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(SingleChronicleQueue.SUFFIX))
                    .mapToInt(n -> cycleOfFileName(n.substring(0, n.length() - SingleChronicleQueue.SUFFIX.length())))
                    .filter(c -> c >= 0).min().orElse(-1);
        } catch (IOException | UncheckedIOException e) {
            throw failure("cannot list the queue files: " + e, e);
        }
    }

    /** The cycle a queue file name (less its suffix) stands for, or -1 if it is not one of ours. */
    private static int cycleOfFileName(String name) {
        try {
            return (int) (LocalDate.parse(name, FILE_NAMES).toEpochDay());
        } catch (DateTimeParseException e) {
            return -1;
        }
    }

    /**
     * Removes the queue files whose tokens all come before {@code seq} (at most those of the
     * tokens stored), never the last file. Safe while another process writes or reads the
     * channel: the writer appends to the last file, and a reader past {@code seq} never goes back.
     *
     * @throws ChannelException naming a file that cannot be removed; the files before it are gone
     */
    Retention retainFrom(long seq) {
        if (seq < 0) {
            throw new IllegalArgumentException("seq must not be negative, was " + seq);
        }
        long upTo = Math.min(seq, stored().tokens());
        queue.refreshDirectoryListing();
        int first = firstCycleOnDisk();
        int last = queue.lastCycle();
        int removed = 0;
        long bytes = 0;
        for (int c = Math.max(0, first); c < last && (long) (c + 1) * metadata.tokensPerFile() <= upTo; c++) {
            Path file = fileOfCycle(c);
            try {
                long size = Files.exists(file) ? Files.size(file) : 0;
                if (Files.deleteIfExists(file)) {
                    removed++;
                    bytes += size;
                }
            } catch (IOException e) {
                throw new ChannelException(channel, file, "cannot remove the queue file: " + e
                        + " (" + removed + " files before it were removed)", e);
            }
        }
        return new Retention(directory, firstKeptSeq(), removed, bytes);
    }

    /** Closes the queue and releases the writer lock. */
    @Override
    public void close() {
        try {
            queue.close();
        } finally {
            if (lock != null) {
                lock.close();
            }
        }
    }

    @Override
    public String toString() {
        return "ChronicleStore[" + channel + " in " + directory + "]";
    }
}
