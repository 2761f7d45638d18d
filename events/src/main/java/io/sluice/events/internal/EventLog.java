package io.sluice.events.internal;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.ChannelDescription;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.records.RecordFormat;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The log of a persistent event channel, in its directory:
 *
 * <pre>
 * format.json            the channel's format
 * formats/&lt;fp&gt;.json       each writer format met, by its fingerprint (16 hex digits)
 * segments/s000000 ...   persistent Sluice channels of byte[] (direct policy), one per opening
 * acks/&lt;name&gt;.ack         what each named subscription acknowledged
 * space.lock             locked while a space has the channel open
 * </pre>
 *
 * <p>Each event is one token: its writer format's fingerprint (8 bytes, big-endian), then the
 * record's bytes. A Sluice channel's stream ends when its writer closes and cannot be appended to
 * afterwards, so each opening of the space that publishes writes a new segment; an event's seq is
 * the tokens of the segments before its own plus its seq in its segment. Segments of earlier
 * openings are read up to the count of tokens they held when the log was opened (a killed process
 * leaves its last segment without an end).
 *
 * <p><b>Threading.</b> {@link #append} is serialized on the log; {@link #published()},
 * {@link #format} and {@link #segments()} may be called from any thread.
 */
final class EventLog implements AutoCloseable {
    static final String FORMAT_FILE = "format.json";

    /** A segment: where it starts, how many tokens (-1 for the one this opening writes), its directory. */
    record Segment(int index, long base, long count, Path directory) {}

    private final String channel;
    private final Path directory;
    private final RecordFormat format;
    private final Map<Long, RecordFormat> formats = new ConcurrentHashMap<>();
    private volatile List<Segment> segments;
    private volatile long published;
    private Channel<byte[]> live;
    private boolean closed;
    /** Held while this space has the log open: one space at a time appends to it. */
    private FileChannel lockFile;
    private FileLock lock;

    private EventLog(String channel, Path directory, RecordFormat format, List<Segment> segments, long published) {
        this.channel = channel;
        this.directory = directory;
        this.format = format;
        this.segments = segments;
        this.published = published;
    }

    /**
     * Opens the log in {@code directory}, creating it if there is none.
     *
     * @throws IllegalArgumentException if it holds a channel of another format (naming both)
     * @throws ChannelException if it cannot be read or created
     */
    static EventLog open(String channel, Path directory, RecordFormat format) {
        FileChannel lockFile = null;
        FileLock lock = null;
        try {
            Files.createDirectories(directory);
            lockFile = FileChannel.open(directory.resolve("space.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            try {
                lock = lockFile.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                throw new ChannelException(channel, directory, "the event channel is open in another space (of this or "
                        + "another process); one space at a time may keep it", null);
            }
            Files.createDirectories(directory.resolve("formats"));
            Files.createDirectories(directory.resolve("segments"));
            Files.createDirectories(directory.resolve("acks"));
            Path formatFile = directory.resolve(FORMAT_FILE);
            if (Files.exists(formatFile)) {
                RecordFormat stored = RecordFormat.parse(Files.readString(formatFile, StandardCharsets.UTF_8));
                if (!stored.equals(format)) {
                    throw new IllegalArgumentException("event channel '" + channel + "' in " + directory + " is of format "
                            + stored + " " + stored.toJson() + ", not " + format + " " + format.toJson());
                }
            } else {
                writeAtomically(formatFile, format.toJson());
            }
            List<Segment> segments = new ArrayList<>();
            long base = 0;
            List<Path> dirs;
            try (Stream<Path> s = Files.list(directory.resolve("segments"))) {
                dirs = s.filter(Files::isDirectory).sorted().toList();
            }
            for (Path d : dirs) {
                if (!Files.exists(d.resolve("channel.json"))) {
                    continue; // a segment whose creation did not finish holds no event
                }
                ChannelDescription desc = PersistentChannels.describe(d);
                segments.add(new Segment(segments.size(), base, desc.tokens(), d));
                base += desc.tokens();
            }
            EventLog log = new EventLog(channel, directory, format, List.copyOf(segments), base);
            log.lockFile = lockFile;
            log.lock = lock;
            try (Stream<Path> s = Files.list(directory.resolve("formats"))) {
                for (Path f : s.filter(p -> p.toString().endsWith(".json")).toList()) {
                    RecordFormat w = RecordFormat.parse(Files.readString(f, StandardCharsets.UTF_8));
                    log.formats.put(w.fingerprint(), w);
                }
            }
            return log;
        } catch (IOException | RuntimeException e) {
            closeLock(lock, lockFile);
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new ChannelException(channel, directory, "cannot open the event log: " + e, e);
        }
    }

    private static void writeAtomically(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    String channel() {
        return channel;
    }

    Path directory() {
        return directory;
    }

    RecordFormat format() {
        return format;
    }

    /** Events appended so far, by every opening. */
    long published() {
        return published;
    }

    List<Segment> segments() {
        return segments;
    }

    /** The channel this opening writes, or null before its first event. */
    synchronized Channel<byte[]> live() {
        return live;
    }

    /** The writer format of a fingerprint, or null if the log has met none. */
    RecordFormat format(long fingerprint) {
        return formats.get(fingerprint);
    }

    /** Every writer format the log has met. */
    List<RecordFormat> writerFormats() {
        return List.copyOf(formats.values());
    }

    /**
     * Appends one event: its writer format is stored first if new.
     *
     * @return its seq
     * @throws ChannelException if it cannot be stored
     */
    synchronized long append(RecordFormat writer, byte[] bytes) throws InterruptedException {
        if (closed) {
            throw new IllegalStateException("event channel '" + channel + "' is closed");
        }
        long fp = writer.fingerprint();
        if (!formats.containsKey(fp)) {
            try {
                writeAtomically(directory.resolve("formats").resolve(String.format("%016x.json", fp)), writer.toJson());
            } catch (IOException e) {
                throw new ChannelException(channel, directory, "cannot store format " + writer + ": " + e, e);
            }
            formats.put(fp, writer);
        }
        if (live == null) {
            openLive();
        }
        byte[] token = new byte[8 + bytes.length];
        for (int i = 0; i < 8; i++) {
            token[i] = (byte) (fp >>> (56 - 8 * i));
        }
        System.arraycopy(bytes, 0, token, 8, bytes.length);
        live.writer().put(token);
        long seq = published;
        published = seq + 1;
        return seq;
    }

    private void openLive() {
        int index = segments.size();
        String name = String.format("s%06d", index);
        Path segmentsDir = directory.resolve("segments");
        try {
            live = PersistentChannels.builder(segmentsDir).policy(ChannelPolicy.DIRECT).build()
                    .open(ChannelSpec.unbounded(name, byte[].class));
        } catch (IOException e) {
            throw new ChannelException(channel, segmentsDir.resolve(name), "cannot create a segment of the event log: " + e, e);
        }
        List<Segment> next = new ArrayList<>(segments);
        next.add(new Segment(index, published, -1, segmentsDir.resolve(name)));
        segments = List.copyOf(next);
    }

    /** The fingerprint at the head of a token. */
    static long fingerprint(byte[] token) {
        long fp = 0;
        for (int i = 0; i < 8; i++) {
            fp = fp << 8 | (token[i] & 0xff);
        }
        return fp;
    }

    /** The file a named subscription's acknowledgement is kept in. */
    Path ackFile(String subscription) {
        return directory.resolve("acks").resolve(subscription + ".ack");
    }

    /** Ends this opening's segment and closes its files. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (live != null) {
                try {
                    live.writer().close();
                } finally {
                    live.close();
                }
            }
        } finally {
            closeLock(lock, lockFile);
        }
    }

    private static void closeLock(FileLock lock, FileChannel file) {
        try {
            if (lock != null) {
                lock.release();
            }
            if (file != null) {
                file.close();
            }
        } catch (IOException e) {
            // Closing the file releases the lock; nothing is left to do.
        }
    }
}
