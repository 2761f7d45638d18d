package io.sluice.channels;

import io.sluice.channel.ChannelException;
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
    private static final DateTimeFormatter FILE_NAMES = QueueFileSpace.fileNames(ROLL);

    private final String channel;
    private final Path directory;
    private final ChannelMetadata metadata;
    private final SingleChronicleQueue queue;
    /** Held while the store is open for writing; null for reading. */
    private final WriterLock lock;
    /** The cycle the writer is in: the queue's clock. Written by the writer thread only. */
    private volatile long cycle;

    private ChronicleStore(String channel, Path directory, ChannelMetadata metadata, boolean write, WriterLock lock) {
        this.channel = channel;
        this.directory = directory;
        this.metadata = metadata;
        this.lock = lock;
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
        return SingleChronicleQueueBuilder.binary(directory).rollCycle(ROLL).timeProvider(clock).readOnly(!write).build();
    }

    /**
     * After Chronicle failed to open the queue read-only: if no writer is alive, the failure may
     * be a metadata file its writer was killed while filling in ({@link
     * UnfinishedFiles#removeMetadata}), which only a writable queue would repair; it is removed and
     * the queue opened once more.
     */
    private SingleChronicleQueue buildAgainWithoutMetadata(boolean write, Throwable failure) {
        if (!write && WriterLock.ifNoWriter(directory, () -> UnfinishedFiles.removeMetadata(directory, channel))) {
            try {
                return build(false);
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
            ChannelMetadata metadata = new ChannelMetadata(ChannelMetadata.FORMAT, channel, type.getName(), codec.id(),
                    tokensPerFile, Instant.now().toString());
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
        if (!Files.isDirectory(directory) || !holdsChannel(directory)) {
            return create(directory, channel, type, codec, tokensPerFile);
        }
        ChannelMetadata m = ChannelMetadata.read(directory);
        if (!m.channel().equals(channel) || !m.type().equals(type.getName()) || !m.codec().equals(codec.id())) {
            throw new ChannelException(channel, directory, "it holds channel '" + m.channel() + "' of " + m.type()
                    + " tokens in codec " + m.codec() + ", but the workflow writes " + type.getName() + " tokens in codec "
                    + codec.id() + " there; the run cannot be resumed over it", null);
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
            LOG.warn("channel '{}': removed {}, whose header its killed writer had not finished; it held no tokens", channel, file);
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
     * What is stored now: how many tokens, and whether the end marker follows them. Reads the last
     * excerpt; any thread.
     *
     * @throws ChannelException if the last excerpt is not a batch or end marker
     */
    Stored stored() {
        try (net.openhft.chronicle.queue.ExcerptTailer tailer = queue.createTailer()) {
            long last = queue.lastIndex();
            if (last < 0 || !tailer.moveToIndex(last)) {
                return new Stored(0, false);
            }
            try (net.openhft.chronicle.wire.DocumentContext dc = tailer.readingDocument()) {
                net.openhft.chronicle.bytes.Bytes<?> bytes = dc.wire().bytes();
                byte[] head = new byte[ExcerptLayout.BATCH_HEADER];
                int n = (int) Math.min(head.length, bytes.readRemaining());
                bytes.read(head, 0, n);
                ByteBuffer b = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
                if (n >= ExcerptLayout.END_SIZE && head[0] == ExcerptLayout.END) {
                    return new Stored(b.getLong(1), true);
                }
                if (n == ExcerptLayout.BATCH_HEADER && head[0] == ExcerptLayout.BATCH) {
                    return new Stored(b.getLong(ExcerptLayout.FIRST_AT) + b.getInt(ExcerptLayout.COUNT_AT), false);
                }
                throw failure("the last excerpt of " + fileOfCycle(cycleOfIndex(last)).getFileName()
                        + " is neither a batch of tokens nor the end marker; the queue file is corrupt", null);
            }
        } catch (ChannelException e) {
            throw e;
        } catch (RuntimeException e) {
            throw failure("cannot read what is stored: " + e, e);
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
