package io.sluice.provenance;

import io.sluice.channel.local.internal.PlainQueueFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Reads the excerpts of a firing log, each checked before it is handed on: the batch at a
 * Chronicle index ({@link #read}), or every batch in log order ({@link #scan}). Every batch of a
 * store of format 7 or later is verified by its trailer ({@link BatchTrailer}); older stores have
 * none, and their batches are read as they are.
 *
 * <p><b>Damaged files.</b> Chronicle reads its files through memory maps, where a file cut short
 * faults (see {@link PlainQueueFile}). So {@link #scan} reads the log's files with plain reads,
 * up to the last excerpt each file's header records (bytes after it, garbage or not, are not
 * read), and checks that the excerpts it finds are each the next of the log (by their ordinals);
 * {@link #read} has Chronicle find the excerpt only once its file is checked to hold the last
 * excerpt its header records, and checks that what it found is the excerpt asked for. A fault
 * Chronicle raises anyway is reported as damage. Every failure is a {@link ProvenanceException}
 * naming the file and the excerpt.
 *
 * <p>Used by one thread at a time; the caller closes it, which closes the queue.
 */
final class FiringLogReader implements AutoCloseable {
    private final Path directory;
    private final SingleChronicleQueue queue;
    private final boolean checksums;
    private final CRC32C crc = new CRC32C();
    private ExcerptTailer tailer;
    /** Per cycle checked for {@link #read}, its file; and the one checked or asked for last. */
    private final Map<Integer, CheckedFile> checkedFiles = new HashMap<>();
    private int lastCycle = -1;
    private CheckedFile lastChecked;
    private byte[] buffer = new byte[4096];

    private FiringLogReader(Path directory, SingleChronicleQueue queue, int format) {
        this.directory = directory;
        this.queue = queue;
        this.checksums = format >= RunFile.CHECKSUMS;
    }

    /**
     * Opens the firing log in {@code firings}, of a store of {@code format}, as
     * {@link FiringLogFiles#openForReading} does.
     *
     * @throws ProvenanceException naming the directory if it cannot be read
     */
    static FiringLogReader open(Path firings, boolean recorderEnded, int format) {
        return new FiringLogReader(firings, FiringLogFiles.openForReading(firings, recorderEnded), format);
    }

    /** The bytes of the batch {@link #read} last read; reused by the next call. */
    byte[] buffer() {
        return buffer;
    }

    /** What {@link #scan} hands on: the batch at {@code chronicleIndex}, {@code bytes[0, size)}, in an array it reuses. */
    @FunctionalInterface
    interface BatchHandler {
        void batch(long chronicleIndex, byte[] bytes, int size);
    }

    /**
     * Reads the batch at {@code chronicleIndex} into {@link #buffer()}, checked.
     *
     * @param what the batch, for messages: {@code "the batch of actor 'filter' from firing 12"},
     *     asked for only if it is
     * @return its size, without its trailer
     * @throws ProvenanceException naming the file and the batch if there is no such batch, its
     *     file is cut short, or it is damaged
     */
    int read(long chronicleIndex, Supplier<String> what) {
        int cycle = queue.rollCycle().toCycle(chronicleIndex);
        Supplier<String> described = () -> what.get() + " (at index " + Long.toHexString(chronicleIndex) + ")";
        try {
            CheckedFile file = checkedFile(cycle, described);
            if (tailer == null) {
                tailer = queue.createTailer();
            }
            if (!tailer.moveToIndex(chronicleIndex)) {
                throw damaged(cycle, described.get() + " is missing");
            }
            int size;
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent() || dc.index() != chronicleIndex) {
                    throw damaged(cycle, described.get() + " is missing");
                }
                Bytes<?> bytes = dc.wire().bytes();
                long position = bytes.readPosition() - 4;
                if (!file.holds(position, bytes.readLimit())) {
                    // A live recorder may have appended it since the file was checked: check again, once.
                    checkedFiles.remove(cycle);
                    lastCycle = -1;
                    file = checkedFile(cycle, described);
                    if (!file.holds(position, bytes.readLimit())) {
                        throw damaged(cycle, described.get() + " lies beyond the last excerpt its file's header records, or past its end");
                    }
                }
                size = (int) bytes.readRemaining();
                if (buffer.length < size) {
                    buffer = new byte[Math.max(size, 2 * buffer.length)];
                }
                bytes.read(buffer, 0, size);
            }
            return verified(buffer, size, cycle, described);
        } catch (ProvenanceException e) {
            throw e;
        } catch (RuntimeException e) {
            throw damaged(cycle, described.get() + " cannot be read: " + e);
        } catch (InternalError e) {
            // A backstop: a faulting read through the memory map, if the JVM reports it here.
            throw damaged(cycle, described.get() + " cannot be read: the memory-mapped file could not be read (" + e.getMessage()
                    + "): it is truncated, or its file system failed");
        }
    }

    /**
     * A file of the log checked by {@link PlainQueueFile#open}: its size, and where the last excerpt
     * its header records starts.
     */
    private record CheckedFile(long size, long lastExcerpt) {
        /** Whether the excerpt whose header word is at {@code position}, ending at {@code end}, is one the file was checked to hold. */
        boolean holds(long position, long end) {
            return position <= lastExcerpt && end <= size;
        }
    }

    /** The file of {@code cycle}, checked once (and again by the caller if an excerpt lies beyond what it held). */
    private CheckedFile checkedFile(int cycle, Supplier<String> described) {
        if (cycle == lastCycle) {
            return lastChecked;
        }
        CheckedFile checked = checkedFiles.get(cycle);
        if (checked != null) {
            lastCycle = cycle;
            lastChecked = checked;
            return checked;
        }
        try (PlainQueueFile file = PlainQueueFile.open(queue, cycle)) {
            if (file == null) {
                throw damaged(cycle, described.get() + " is missing: its file does not exist, or has no header");
            }
            checked = new CheckedFile(file.size(), file.lastExcerpt());
        } catch (PlainQueueFile.DamagedFileException e) {
            throw new ProvenanceException(e.getMessage() + "; " + described.get() + " cannot be read", e);
        } catch (IOException e) {
            throw new ProvenanceException(file(cycle) + ": cannot read " + described.get() + ": " + e, e);
        }
        checkedFiles.put(cycle, checked);
        lastCycle = cycle;
        lastChecked = checked;
        return checked;
    }

    /**
     * Hands every batch of the log, in log order, to {@code handler}, each checked (see the class
     * comment). A last file whose header is not finished (its recorder was killed as the log
     * rolled to a new day) holds no batch.
     *
     * @throws ProvenanceException naming the file and the batch if the log is damaged
     */
    void scan(BatchHandler handler) {
        int first = queue.firstCycle();
        int last = queue.lastCycle();
        if (first > last) {
            return;
        }
        long ordinal = 0;
        // Cycle by cycle, not by Chronicle's listing, which may still name a file removed since (FiringLogFiles).
        for (int cycle = first; cycle <= last; cycle++) {
            try (PlainQueueFile file = PlainQueueFile.open(queue, cycle)) {
                if (file == null) {
                    if (cycle != last && Files.exists(file(cycle))) {
                        throw damaged(cycle, "the file has no header, yet the firing log has later files");
                    }
                    continue;
                }
                while (file.next()) {
                    long index = queue.rollCycle().toIndex(cycle, file.seq());
                    long at = file.excerptPosition();
                    Supplier<String> described = () -> "the excerpt at index " + Long.toHexString(index) + " (at byte " + at + ")";
                    int size = verified(file.excerpt(), file.excerptLength(), cycle, described);
                    if (checksums) {
                        long found = BatchTrailer.ordinal(file.excerpt(), file.excerptLength());
                        if (found != ordinal) {
                            throw damaged(cycle, described.get() + " is excerpt " + found + " of the log, where excerpt " + ordinal
                                    + " was due: " + (found > ordinal ? "an excerpt before it cannot be read" : "the log is out of order"));
                        }
                    }
                    ordinal++;
                    handler.batch(index, file.excerpt(), size);
                }
            } catch (PlainQueueFile.DamagedFileException e) {
                throw new ProvenanceException(e.getMessage(), e);
            } catch (IOException e) {
                throw new ProvenanceException(file(cycle) + ": cannot read the firing log: " + e, e);
            }
        }
    }

    /** Checks the trailer of the excerpt {@code bytes[0, size)}, if the store has them; returns the size of its batch. */
    private int verified(byte[] bytes, int size, int cycle, Supplier<String> described) {
        if (!checksums) {
            return size;
        }
        try {
            return BatchTrailer.check(crc, bytes, size);
        } catch (IllegalStateException e) {
            throw damaged(cycle, described.get() + " is damaged: " + e.getMessage());
        }
    }

    /** A failure naming the file of {@code cycle}. */
    private ProvenanceException damaged(int cycle, String problem) {
        return new ProvenanceException(file(cycle) + ": " + problem + "; the firing log is damaged");
    }

    /** The file of {@code cycle}. */
    Path file(int cycle) {
        return PlainQueueFile.fileOfCycle(queue, cycle);
    }

    /** The file that holds the batch at {@code chronicleIndex}. */
    Path fileOf(long chronicleIndex) {
        return file(queue.rollCycle().toCycle(chronicleIndex));
    }

    /** The log's directory. */
    Path directory() {
        return directory;
    }

    @Override
    public void close() {
        try {
            if (tailer != null) {
                tailer.close();
            }
        } finally {
            queue.close();
        }
    }

}
