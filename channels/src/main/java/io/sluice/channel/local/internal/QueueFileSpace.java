package io.sluice.channel.local.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;
import java.util.function.IntFunction;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

/**
 * Makes a full disk an error rather than a crash: allocates the disk blocks of a queue file before
 * Chronicle writes to them through its memory map.
 *
 * <p><b>Why.</b> Chronicle creates each queue file sparse (80 MB of holes) and writes it through a
 * shared memory map, so the file system allocates a block only when a page is first written. If it
 * cannot (a full disk, a quota), the write raises SIGBUS, which Java 17 turns into an
 * {@link InternalError} thrown at some later point of the writing thread, after the write was
 * silently dropped: a token could be lost while the writer went on. Allocating the blocks first
 * fails at once with an {@link IOException} ("No space left on device") instead.
 *
 * <p><b>How.</b> The appender calls {@link #reserve} with the position it is about to write at
 * (a channel's codec output also before each write that would pass what is reserved); the file is
 * allocated up to a step ({@link #MIN_STEP} to {@link #MAX_STEP}) beyond that position whenever
 * less than {@link #HEADROOM} is left. Blocks are allocated with {@code fallocate}
 * ({@link BlockAllocation}), which writes nothing; where that is not available, by writing zeros
 * through a {@link FileChannel}, and then only to bytes at or past the write position, which
 * nothing has written yet. When a file is first written, the pages of its index (before the
 * first excerpt) that are still holes are allocated too: Chronicle writes index entries there
 * later. Before a new file is created ({@link #checkRoomForNewFile}), the file system must have
 * {@link #NEW_FILE} bytes free, since Chronicle writes the new file's header before the appender
 * can reserve anything; that check races with other writers of the disk and is the one place a
 * fault remains possible.
 *
 * <p>The cost: a system call per step of up to 1 MiB (with zeros, also a write of every byte
 * before Chronicle writes it), and files take disk space up to 1 MiB (at least 128 KiB) beyond
 * their data instead of staying sparse. Used by the writer thread only; the channels' appender and
 * the provenance firing log's each have one. A reservation that fails throws
 * {@link NoRoomException}, which the writer reports as its own failure, saying what was not
 * written.
 */
public final class QueueFileSpace implements AutoCloseable {
    /**
     * Reserve at least this much past the write position at a time, more as the file grows (as
     * much again as the file's data so far), at most {@link #MAX_STEP}: small files stay small.
     */
    public static final long MIN_STEP = 128 << 10;
    public static final long MAX_STEP = 1 << 20;
    /** Reserve again when less than this is reserved past the write position. */
    public static final long HEADROOM = 64 << 10;
    /** Free space a new queue file needs for what Chronicle writes when it creates it. */
    public static final long NEW_FILE = 256 << 10;
    private static final int PAGE = 4096;
    private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(64 << 10).asReadOnlyBuffer();

    private final Path directory;
    private final IntFunction<Path> fileOfCycle;
    private final Function<Path, BlockAllocation> allocation;
    /**
     * The cycle of the current file, whose holes before its first write are allocated, or -1. A
     * file whose holes could not be allocated may still be open, as {@link #file}, with -1 here.
     */
    private int cycle = -1;
    /** The file being allocated, or null. */
    private Path file;
    /** Allocates {@link #file} without writing, or null: zeros are written instead. */
    private BlockAllocation blocks;
    /** Writes zeros to {@link #file}; opened only when {@link #blocks} cannot allocate, else null. */
    private FileChannel zeroWriter;
    /** Bytes of the current file before this are allocated. */
    private long reservedTo;
    /** Where the first write in the current file was. */
    private long firstWrite;

    /**
     * For the files of {@code queue}, named as Chronicle names them for its roll cycle (in UTC).
     *
     * @throws IllegalArgumentException if the queue was built with an epoch, which shifts its
     *     files' names: Sluice's queues have none
     */
    public static QueueFileSpace of(SingleChronicleQueue queue) {
        if (queue.epoch() != 0) {
            throw new IllegalArgumentException(queue.file() + ": a queue with an epoch (" + queue.epoch() + " ms)");
        }
        Path directory = queue.file().toPath();
        RollCycle roll = queue.rollCycle();
        DateTimeFormatter names = fileNames(roll);
        return new QueueFileSpace(directory, cycle -> fileOfCycle(directory, roll, names, cycle));
    }

    /** How Chronicle names the files of a queue of {@code roll} (in UTC, for a queue without an epoch), without their suffix. */
    public static DateTimeFormatter fileNames(RollCycle roll) {
        return DateTimeFormatter.ofPattern(roll.format()).withZone(ZoneOffset.UTC);
    }

    /** The file of {@code cycle} in the queue in {@code directory}, of {@code roll}, named with its {@link #fileNames}. */
    public static Path fileOfCycle(Path directory, RollCycle roll, DateTimeFormatter names, int cycle) {
        return directory.resolve(names.format(Instant.ofEpochMilli((long) cycle * roll.lengthInMillis())) + SingleChronicleQueue.SUFFIX);
    }

    /**
     * @param directory the queue's directory
     * @param fileOfCycle the queue file of a cycle
     */
    public QueueFileSpace(Path directory, IntFunction<Path> fileOfCycle) {
        this(directory, fileOfCycle, BlockAllocation::open);
    }

    /**
     * @param allocation opens a queue file for {@link BlockAllocation}, or returns null to have
     *     zeros written (tests use {@code file -> null} to test that way on Linux too)
     */
    public QueueFileSpace(Path directory, IntFunction<Path> fileOfCycle, Function<Path, BlockAllocation> allocation) {
        this.directory = directory;
        this.fileOfCycle = fileOfCycle;
        this.allocation = allocation;
    }

    /** The disk has no room for what a writer was about to write in a queue file: it was not written. */
    public static final class NoRoomException extends RuntimeException {
        private final Path file;

        NoRoomException(Path file, String problem, Throwable cause) {
            super(problem, cause);
            this.file = file;
        }

        /** The queue file that could not be created or extended. */
        public Path file() {
            return file;
        }
    }

    /** The position up to which the current file is allocated; 0 before the first reservation. */
    public long reservedTo() {
        return reservedTo;
    }

    /**
     * Checks, before the writer writes the first excerpt of the file of cycle {@code cycle}, which
     * Chronicle creates as it writes, that the file system has room for that file.
     *
     * @throws NoRoomException naming the new file if it has not
     */
    public void checkRoomForNewFile(int cycle) {
        Path next = fileOfCycle.apply(cycle);
        // One statvfs call; Files.getFileStore reads the system's whole mount table first, which took
        // about 0.15 ms of the flusher's CPU per new file in a profile. The file API answers 0 for
        // "cannot tell" as well as for a full disk: then Files.getFileStore is asked, which throws saying why.
        long free = directory.toFile().getUsableSpace();
        try {
            if (free == 0) {
                free = Files.getFileStore(directory).getUsableSpace();
            }
        } catch (IOException e) {
            throw new NoRoomException(next, "cannot tell the free space for a new queue file: " + e, e);
        }
        if (free < NEW_FILE) {
            throw new NoRoomException(next, "the disk is full: " + free + " bytes free, a new queue file (" + next.getFileName()
                    + ") needs " + NEW_FILE, null);
        }
    }

    /**
     * Whether the file of cycle {@code cycle} is allocated from {@code position} over
     * {@code length} bytes and {@link #HEADROOM} beyond, so that {@link #reserve} would have
     * nothing to do.
     */
    public boolean covers(int cycle, long position, long length) {
        return cycle == this.cycle && position + length + HEADROOM <= reservedTo;
    }

    /**
     * Makes sure that the file of cycle {@code c} is allocated from {@code position}, where the
     * writer writes next in that file, over {@code length} bytes and {@link #HEADROOM} beyond.
     *
     * @throws NoRoomException naming the file if the disk is full
     */
    public void reserve(int c, long position, long length) {
        if (covers(c, position, length)) {
            return;
        }
        long end = position + length;
        try {
            if (c != cycle) {
                open(c, position);
            }
            long to = end + Math.min(MAX_STEP, Math.max(MIN_STEP, end - firstWrite));
            // Never below the write position: whatever is there was written.
            long from = Math.max(reservedTo, position);
            if (!allocateWithoutWriting(from, to)) {
                fillWithZeros(from, to);
            }
            reservedTo = to;
        } catch (IOException | UncheckedIOException e) {
            throw new NoRoomException(fileOfCycle.apply(c), "the disk is full, or the queue file cannot be extended: " + e, e);
        }
    }

    /**
     * Starts on a new file, whose first write is at {@code firstWrite}: allocates the holes before
     * it. If that fails, no file is current, so that the next reservation starts over.
     */
    private void open(int newCycle, long firstWrite) throws IOException {
        close();
        file = fileOfCycle.apply(newCycle);
        blocks = allocation.apply(file);
        if (!allocateWithoutWriting(0, firstWrite)) { // else what the index pages hold is left as it is
            ByteBuffer page = ByteBuffer.allocate(PAGE);
            long end = firstWrite & -PAGE;
            for (long p = 0; p < end; p += PAGE) {
                page.clear();
                while (page.hasRemaining() && zeroWriter().read(page, p + page.position()) >= 0) {
                    // read the whole page
                }
                if (allZero(page)) {
                    fillWithZeros(p, p + PAGE);
                }
            }
        }
        cycle = newCycle;
        this.firstWrite = firstWrite;
        reservedTo = firstWrite;
    }

    private static boolean allZero(ByteBuffer page) {
        page.flip();
        while (page.remaining() >= 8) {
            if (page.getLong() != 0) {
                return false;
            }
        }
        while (page.hasRemaining()) {
            if (page.get() != 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Allocates {@code [from, to)} of the current file with {@link #blocks}, if the file system
     * can; returns false, having written nothing, if it cannot (zeros are written from then on).
     */
    private boolean allocateWithoutWriting(long from, long to) throws IOException {
        if (blocks != null) {
            if (blocks.allocate(from, to)) {
                return true;
            }
            blocks.close();
            blocks = null;
        }
        return false;
    }

    private void fillWithZeros(long from, long to) throws IOException {
        long p = from;
        while (p < to) {
            ByteBuffer buffer = ZEROS.duplicate();
            buffer.limit((int) Math.min(buffer.capacity(), to - p));
            p += zeroWriter().write(buffer, p);
        }
    }

    /** The current file opened for zeros, on the first call for it. */
    private FileChannel zeroWriter() throws IOException {
        if (zeroWriter == null) {
            zeroWriter = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        return zeroWriter;
    }

    /** Closes the file it allocates, if any. */
    @Override
    public void close() {
        if (blocks != null) {
            blocks.close();
            blocks = null;
        }
        if (zeroWriter != null) {
            try {
                zeroWriter.close();
            } catch (IOException e) {
                // Only zeros were written through it.
            }
            zeroWriter = null;
        }
        file = null;
        cycle = -1;
        reservedTo = 0;
    }
}
