package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import io.sluice.channel.local.internal.ChronicleSettings;
import io.sluice.channel.local.internal.PlainQueueFile;
import io.sluice.channel.local.internal.UnfinishedFiles;
import io.sluice.run.Checkpoint;
import io.sluice.run.Checkpoints;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.PortRef;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.ToLongFunction;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * {@link Checkpoints} kept in a Chronicle queue of their own (one directory, {@code <work>/checkpoints}
 * for the {@code sluice} command), next to the run's persistent channels: every checkpoint the
 * run saves is appended, so a run killed at any moment leaves all that it saved.
 *
 * <p><b>Restart points.</b> {@link #resume} reads the checkpoints a killed run saved and picks,
 * for each actor, the last one whose positions are all durable: each writer's position at most
 * the tokens its channel holds, and each reader's too (a fast-track reader may have taken a token
 * before it was stored). The channels then open at those positions ({@link Resumption#from}),
 * and the director restarts the actors there; an actor without such a checkpoint is replayed from
 * its first firing, as is one that is not {@link Checkpoints#resumable} in the workflow resumed.
 *
 * <p><b>Threading.</b> {@link #save} may be called from several threads; the rest from any one.
 * The log is closed by whoever opened it, after the run.
 */
public final class CheckpointLog implements Checkpoints, AutoCloseable {
    static {
        ChronicleSettings.apply();
    }

    /**
     * The tags of the log's excerpts (format 2), each followed by its body and a CRC-32C of the
     * tag and body: the log's first excerpt, naming its format, and a checkpoint. A log of the
     * older format has no header, and its checkpoints no tag (they start with the actor's name,
     * whose length is below 0x80) and no checksum.
     */
    private static final int HEADER = 0x80;
    private static final int RECORD = 0x81;
    private static final byte[] FORMAT_NAME = "sluice checkpoints 2".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    /** How often each actor's checkpoint is saved by default. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMillis(50);

    private final Path directory;
    private final Duration interval;
    private final SingleChronicleQueue queue;
    private final ExcerptAppender appender;
    private final Map<String, Checkpoint> restarts;

    /** Takes over {@code queue}: closes it if it cannot append to it. */
    private CheckpointLog(Path directory, Duration interval, SingleChronicleQueue queue, Map<String, Checkpoint> restarts) {
        this.directory = directory;
        this.interval = interval;
        this.queue = queue;
        try {
            this.appender = queue.createAppender();
        } catch (RuntimeException e) {
            queue.close();
            throw new ChannelException("checkpoints", directory, "cannot append to the checkpoint log: " + e, e);
        }
        this.restarts = restarts;
    }

    /**
     * A new log in {@code directory}, for a run that starts from the beginning.
     *
     * @throws ChannelException naming the directory if it holds a log already, or cannot be created
     */
    public static CheckpointLog create(Path directory, Duration interval) {
        checkInterval(interval);
        if (Files.isDirectory(directory) && holdsFiles(directory)) {
            throw new ChannelException("checkpoints", directory, "the directory holds checkpoints already; "
                    + "resume the run, or remove them to start afresh", null);
        }
        CheckpointLog log = new CheckpointLog(directory, interval, open(directory), Map.of());
        try {
            log.append(HEADER, out -> out.write(FORMAT_NAME));
            return log;
        } catch (RuntimeException e) {
            log.close();
            throw e;
        }
    }

    /**
     * The log a killed run of {@code workflow} left in {@code directory}, opened to go on saving,
     * with each actor's restart point chosen against what the channels in
     * {@code channelsDirectory} hold. A missing directory is a log with no checkpoints. The run
     * that saved the log must have ended: a queue file it left half-made is removed
     * ({@link UnfinishedFiles}).
     *
     * @param restartLimit the highest firing each actor may restart at ({@code Long.MAX_VALUE}
     *     for any): the provenance recorded of it, say, which a restart must not go past
     * @throws ChannelException naming the file if the log or a channel cannot be read
     */
    public static CheckpointLog resume(Path directory, Duration interval, Workflow workflow, Path channelsDirectory,
            ToLongFunction<String> restartLimit) {
        return resume(directory, interval, workflow, name -> durableTokens(channelsDirectory.resolve(name)), restartLimit);
    }

    /**
     * As {@link #resume(Path, Duration, Workflow, Path, ToLongFunction)}, with the tokens each
     * channel holds given by {@code heldTokens} (by channel name): for a run whose channels are
     * not all in one directory, such as the part of a split run whose shared channels live in a
     * space. A channel that only other processes write may be said to hold {@code Long.MAX_VALUE}
     * tokens: its readers read nothing that was not stored.
     *
     * @throws ChannelException naming the file if the log cannot be read, or a channel as
     *     {@code heldTokens} fails
     */
    public static CheckpointLog resume(Path directory, Duration interval, Workflow workflow, ToLongFunction<String> heldTokens,
            ToLongFunction<String> restartLimit) {
        checkInterval(interval);
        Objects.requireNonNull(workflow, "workflow");
        Map<String, Boolean> resumable = new HashMap<>();
        for (ActorNode a : workflow.actors()) {
            resumable.put(a.name(), Checkpoints.resumable(a.actor()));
        }
        Map<String, Long> durable = new HashMap<>();
        Map<String, String> channelOfReader = new HashMap<>();
        for (ChannelDefinition c : workflow.channels()) {
            durable.put(c.name(), heldTokens.applyAsLong(c.name()));
            for (PortRef reader : c.readers()) {
                channelOfReader.put(reader.toString(), c.name());
            }
        }
        Map<String, Checkpoint> restarts = new LinkedHashMap<>();
        if (Files.isDirectory(directory)) {
            // The run that saved them is dead: what it left half-made is recovered as for a channel.
            UnfinishedFiles.remove(directory, "checkpoints");
            for (Checkpoint c : saved(directory)) {
                if (resumable.getOrDefault(c.actor(), false) && c.firing() <= restartLimit.applyAsLong(c.actor())
                        && durable(c, durable, channelOfReader)) {
                    restarts.put(c.actor(), c);
                }
            }
        }
        return new CheckpointLog(directory, interval, openToAppend(directory), restarts);
    }

    /**
     * Reads and checks the checkpoints a run saved in {@code directory}, changing nothing: what
     * {@link #resume} reads, for a caller that must know the log is whole before it changes
     * anything else.
     *
     * @throws ChannelException naming the file if the log is damaged
     */
    public static void verify(Path directory) {
        if (Files.isDirectory(directory)) {
            saved(directory);
        }
    }

    /**
     * The checkpoints saved in {@code directory}, in the order they were saved, each checked
     * against its checksum. Read with plain reads rather than through Chronicle (the log is
     * small), so that a damaged file is never read past its end and nothing is written. What a
     * run killed while it saved a checkpoint left of it, after the last one, is not read.
     */
    private static List<Checkpoint> saved(Path directory) {
        List<Checkpoint> saved = new ArrayList<>();
        List<Path> files;
        try (var list = Files.list(directory)) {
            files = list.filter(f -> f.getFileName().toString().endsWith(SingleChronicleQueue.SUFFIX)).sorted().toList();
        } catch (IOException e) {
            throw new ChannelException("checkpoints", directory, "cannot read the checkpoints: " + e, e);
        }
        boolean checked = false;
        long k = 0;
        for (Path file : files) {
            List<byte[]> excerpts;
            try {
                excerpts = PlainQueueFile.excerpts(file, CheckpointLog::whole);
            } catch (PlainQueueFile.DamagedFileException e) {
                try {
                    if (e.unfinished() && file.equals(files.get(files.size() - 1)) && PlainQueueFile.leftByItsCreator(file)) {
                        continue; // a file the killed run was creating: it holds no checkpoint (UnfinishedFiles)
                    }
                } catch (IOException again) {
                    e.addSuppressed(again);
                }
                throw new ChannelException("checkpoints", file, e.problem(), null);
            } catch (IOException e) {
                throw new ChannelException("checkpoints", file, "cannot read the checkpoints: " + e, e);
            }
            for (byte[] excerpt : excerpts) {
                int tag = excerpt.length == 0 ? -1 : excerpt[0] & 0xFF;
                try {
                    if (k == 0 && tag == HEADER) {
                        checked = true;
                        verified(excerpt, file, k);
                    } else if (tag == RECORD) {
                        saved.add(read(Bytes.wrapForRead(verified(excerpt, file, k))));
                    } else if (!checked && tag >= 0 && tag < 0x80) {
                        saved.add(read(Bytes.wrapForRead(excerpt))); // a log of an older format: no checksums
                    } else {
                        throw damaged(file, k, "is neither a checkpoint nor the log's header");
                    }
                } catch (ChannelException e) {
                    throw e;
                } catch (RuntimeException e) {
                    throw damaged(file, k, "cannot be read (" + e + ")");
                }
                k++;
            }
        }
        checkLastRecorded(directory);
        return saved;
    }

    /**
     * Checks that the last checkpoint each file's header records (Chronicle's write position) is
     * written. A page zeroed at the end of a file hides the checkpoints in it, and what is left
     * reads, with plain reads, as a log that ended earlier; a resume would then append after
     * checkpoints it never read, where Chronicle's header says no such place is free. Reads the
     * headers through Chronicle, read-only, once plain reads ({@link #saved}) found every file's
     * framing sound. Where Chronicle cannot open the log read-only (its metadata file is damaged
     * or missing: Chronicle's own derived state, which a resume makes again from the files) the
     * plain reads are all there is to go on, and this check is skipped.
     *
     * @throws ChannelException naming the file if its header's last checkpoint is not written
     */
    private static void checkLastRecorded(Path directory) {
        SingleChronicleQueue queue;
        try {
            queue = SingleChronicleQueueBuilder.binary(directory).readOnly(true).build();
        } catch (RuntimeException | AssertionError e) {
            return;
        }
        try (queue) {
            int last = queue.lastCycle();
            for (int cycle = queue.firstCycle(); cycle >= 0 && cycle <= last; cycle++) {
                try (PlainQueueFile file = PlainQueueFile.open(queue, cycle)) {
                    // Opening checks that the last excerpt the header records is written.
                } catch (PlainQueueFile.DamagedFileException e) {
                    throw new ChannelException("checkpoints", e.file(), e.problem(), null);
                } catch (IOException e) {
                    throw new ChannelException("checkpoints", directory, "cannot read the checkpoints: " + e, e);
                }
            }
        }
    }

    /**
     * The body of excerpt {@code k} of {@code file} (after its tag, before its checksum), once
     * its checksum is found to match.
     */
    private static byte[] verified(byte[] excerpt, Path file, long k) {
        int length = excerpt.length - Integer.BYTES;
        if (length < 1) {
            throw damaged(file, k, "is too short to hold its checksum");
        }
        if (!checksumMatches(excerpt)) {
            throw damaged(file, k, "fails its checksum");
        }
        return Arrays.copyOfRange(excerpt, 1, length);
    }

    /**
     * Whether bytes framed as an excerpt are a checkpoint its writer finished, rather than part of
     * one a killed run was writing: a tag and a matching checksum.
     */
    private static boolean whole(byte[] excerpt) {
        return excerpt.length > Integer.BYTES && (excerpt[0] & 0xFF) == RECORD && checksumMatches(excerpt);
    }

    private static boolean checksumMatches(byte[] excerpt) {
        int length = excerpt.length - Integer.BYTES;
        CRC32C crc = new CRC32C();
        crc.update(excerpt, 0, length);
        return (int) crc.getValue() == ByteBuffer.wrap(excerpt, length, Integer.BYTES).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    private static ChannelException damaged(Path file, long k, String problem) {
        return new ChannelException("checkpoints", file, "excerpt " + k + " of the checkpoint log " + problem
                + "; the log is damaged: remove the checkpoints directory to resume by replaying every actor", null);
    }

    /** Whether every position of the checkpoint is within what its channel holds. */
    private static boolean durable(Checkpoint c, Map<String, Long> durable, Map<String, String> channelOfReader) {
        for (Map.Entry<String, Long> w : c.writers().entrySet()) {
            Long stored = durable.get(w.getKey());
            if (stored == null || w.getValue() > stored) {
                return false;
            }
        }
        for (Map.Entry<String, Long> r : c.readers().entrySet()) {
            String channel = channelOfReader.get(r.getKey());
            if (channel == null || r.getValue() > durable.get(channel)) {
                return false;
            }
        }
        return true;
    }

    private static long durableTokens(Path channel) {
        if (!Files.isRegularFile(channel.resolve(ChannelMetadata.FILE))) {
            return 0;
        }
        try (ChronicleStore store = ChronicleStore.openForReading(channel)) {
            return store.stored().tokens();
        }
    }

    private static SingleChronicleQueue open(Path directory) {
        try {
            Files.createDirectories(directory);
            return SingleChronicleQueueBuilder.binary(directory).build();
        } catch (IOException | RuntimeException e) {
            throw new ChannelException("checkpoints", directory, "cannot open the checkpoint log: " + e, e);
        }
    }

    /**
     * Opens the log of a run that ended to go on appending to it. Chronicle's metadata file
     * holds no checkpoint, only what Chronicle derives from the queue files: if the queue cannot
     * be appended to with it (it was damaged), it is removed and made again from the files.
     */
    private static SingleChronicleQueue openToAppend(Path directory) {
        try {
            SingleChronicleQueue queue = open(directory);
            try {
                queue.createAppender().close();
                return queue;
            } catch (RuntimeException e) {
                queue.close();
                throw new ChannelException("checkpoints", directory, "cannot append to the checkpoint log: " + e, e);
            }
        } catch (ChannelException e) {
            if (!UnfinishedFiles.removeMetadata(directory, "checkpoints")) {
                throw e;
            }
            return open(directory);
        }
    }

    private static boolean holdsFiles(Path directory) {
        try (var files = Files.list(directory)) {
            return files.findAny().isPresent();
        } catch (IOException e) {
            return false;
        }
    }

    private static void checkInterval(Duration interval) {
        if (interval == null || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("the checkpoint interval must be positive, was " + interval);
        }
    }

    /** The restart points {@link #resume} chose, by actor: each actor's last durable checkpoint. */
    public Map<String, Checkpoint> restartPoints() {
        return restarts;
    }

    @Override
    public Optional<Checkpoint> restartPoint(String actor) {
        return Optional.ofNullable(restarts.get(actor));
    }

    /** Where the writer of {@code channel} restarts: its position in its actor's restart point, or 0. */
    long writerStart(String channel) {
        return start(Checkpoint::writers, channel);
    }

    /** Where the reader named {@code reader} ({@code actor.port}) restarts: its position in its actor's restart point, or 0. */
    long readerStart(String reader) {
        return start(Checkpoint::readers, reader);
    }

    private long start(Function<Checkpoint, Map<String, Long>> positions, String name) {
        for (Checkpoint c : restarts.values()) {
            Long seq = positions.apply(c).get(name);
            if (seq != null) {
                return seq;
            }
        }
        return 0;
    }

    /**
     * Appends the checkpoint; it survives the process being killed once this returns.
     *
     * @throws ChannelException naming the directory if it cannot be written
     */
    @Override
    public synchronized void save(Checkpoint c) {
        try {
            append(RECORD, out -> write(c, out));
        } catch (RuntimeException e) {
            throw new ChannelException("checkpoints", directory, "cannot save the checkpoint of actor '" + c.actor() + "': " + e, e);
        }
    }

    /** Appends an excerpt: {@code tag}, what {@code body} writes, and a CRC-32C of both. */
    private synchronized void append(int tag, java.util.function.Consumer<Bytes<?>> body) {
        appender.singleThreadedCheckReset();
        try (DocumentContext dc = appender.writingDocument()) {
            Bytes<?> out = dc.wire().bytes();
            long start = out.writePosition();
            out.writeUnsignedByte(tag);
            body.accept(out);
            CRC32C crc = new CRC32C();
            for (long i = start; i < out.writePosition(); i++) {
                crc.update(out.readByte(i));
            }
            out.writeInt((int) crc.getValue());
        }
    }

    @Override
    public Duration interval() {
        return interval;
    }

    @Override
    public synchronized void close() {
        appender.singleThreadedCheckReset();
        appender.close();
        queue.close();
    }

    private static void write(Checkpoint c, Bytes<?> out) {
        out.writeUtf8(c.actor());
        out.writeLong(c.firing());
        out.writeBoolean(c.ended());
        writePositions(c.readers(), out);
        writePositions(c.writers(), out);
        out.writeInt(c.state().length);
        out.write(c.state());
    }

    private static void writePositions(Map<String, Long> positions, Bytes<?> out) {
        out.writeInt(positions.size());
        for (Map.Entry<String, Long> e : positions.entrySet()) {
            out.writeUtf8(e.getKey());
            out.writeLong(e.getValue());
        }
    }

    private static Checkpoint read(Bytes<?> in) {
        String actor = in.readUtf8();
        long firing = in.readLong();
        boolean ended = in.readBoolean();
        Map<String, Long> readers = readPositions(in);
        Map<String, Long> writers = readPositions(in);
        byte[] state = new byte[in.readInt()];
        in.read(state);
        return new Checkpoint(actor, firing, readers, writers, state, ended);
    }

    private static Map<String, Long> readPositions(Bytes<?> in) {
        int n = in.readInt();
        Map<String, Long> positions = new HashMap<>();
        for (int i = 0; i < n; i++) {
            positions.put(in.readUtf8(), in.readLong());
        }
        return positions;
    }
}
