package io.sluice.durable;

import io.sluice.channel.local.internal.ProcessLock;
import io.sluice.provenance.ProvenanceRecorder;
import io.sluice.run.WorkLayout;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * A run's work directory, owned by one run at a time: {@link #take} locks it for as long as the
 * run lives, so that a second run there (in this process or another) is refused instead of mixing
 * its files with the first's. The OS releases the lock when its process dies, so a killed run
 * leaves the directory free to resume. The run's parts are where {@link WorkLayout} puts them
 * (its channels, checkpoints and provenance); beside them this keeps two files of its own:
 *
 * <pre>
 * run.lock         locked by the process whose run owns the directory; names that process
 * definition.json  what the run was asked to compute, and its CRC-32C, for a resume to compare
 * </pre>
 *
 * Actors write their results beside these ({@code result.txt}, say).
 *
 * <p>Created and closed by the thread that prepares and ends the run; its methods are not for
 * concurrent use. Closing it releases the lock (the file stays, so that a waiting process and a
 * new one lock the same file).
 */
public final class WorkDirectory implements AutoCloseable {
    /** The lock file. */
    public static final String LOCK = "run.lock";
    /** What the run was asked to compute, as the program that started it tells ({@link #keepDefinition}). */
    public static final String DEFINITION = "definition.json";
    /** The member of {@link #DEFINITION} that holds the CRC-32C of the others. */
    private static final String CHECKSUM = "crc32c";

    /** What a channel's directory holds, and a checkpoint log's files end with. */
    private static final String CHANNEL_FILE = "channel.json";
    private static final List<String> CHECKPOINT_SUFFIXES = List.of(".cq4", ".cq4t");
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Path path;
    private final ProcessLock lock;

    private WorkDirectory(Path path, ProcessLock lock) {
        this.path = path;
        this.lock = lock;
    }

    /**
     * Takes the work directory {@code path} for a run, creating it if need be.
     *
     * @throws WorkDirectoryInUseException naming the directory and the process that holds it, if
     *     another run holds it: in another process, or in this one
     * @throws IOException if the directory or its lock file cannot be created
     */
    public static WorkDirectory take(Path path) throws IOException {
        Objects.requireNonNull(path, "path");
        Files.createDirectories(path);
        Path lockFile = path.resolve(LOCK);
        ProcessLock lock = ProcessLock.tryTake(lockFile);
        if (lock == null) {
            throw new WorkDirectoryInUseException(path, holder(lockFile));
        }
        try {
            String holder = "process " + ProcessHandle.current().pid() + ", since " + Instant.now() + "\n";
            FileChannel channel = lock.channel();
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(holder.getBytes(StandardCharsets.UTF_8)), 0);
            return new WorkDirectory(path, lock);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** Who holds the lock, as its holder wrote it; "another process" if that cannot be read. */
    private static String holder(Path lockFile) {
        try {
            String text = Files.readString(lockFile, StandardCharsets.UTF_8).strip();
            return text.isEmpty() || text.contains("\n") ? "another run" : text;
        } catch (IOException | RuntimeException e) {
            return "another run";
        }
    }

    /** The directory. */
    public Path path() {
        return path;
    }

    /** The directory of the run's persistent channels. */
    public Path channels() {
        return WorkLayout.channels(path);
    }

    /** The directory of the run's checkpoints. */
    public Path checkpoints() {
        return WorkLayout.checkpoints(path);
    }

    /** The directory of the run's provenance. */
    public Path provenance() {
        return WorkLayout.provenance(path);
    }

    /**
     * Whether an earlier run left anything to resume from: channels, checkpoints or provenance.
     *
     * @throws IOException if the directory cannot be listed
     */
    public boolean holdsEarlierRun() throws IOException {
        return !entries(channels()).isEmpty() || !entries(checkpoints()).isEmpty() || Files.exists(provenance());
    }

    /**
     * What {@link #removeEarlierRun} removed.
     *
     * @param channels how many channels
     * @param checkpoints whether a checkpoint log
     * @param provenance whether recorded provenance
     */
    public record EarlierRun(int channels, boolean checkpoints, boolean provenance) {
        /** Whether anything was removed. */
        public boolean any() {
            return channels > 0 || checkpoints || provenance;
        }
    }

    /**
     * Removes what an earlier run left here, its channels, checkpoints and provenance, so that a
     * new run starts afresh. Only what Sluice writes is removed; nothing is removed if anything
     * else is found where it would be.
     *
     * @throws IllegalStateException naming the entry if a directory holds something Sluice did
     *     not write there: a directory in {@code channels} that is not a channel, a file in
     *     {@code checkpoints} that is not a checkpoint log's, or provenance files a recorder does
     *     not write
     * @throws IOException if something cannot be removed; what was removed before stays removed
     */
    public EarlierRun removeEarlierRun() throws IOException {
        List<Path> channels = entries(channels());
        for (Path entry : channels) {
            if (!Files.isRegularFile(entry.resolve(CHANNEL_FILE))) {
                throw foreign(entry, "not a channel of an earlier run");
            }
        }
        List<Path> checkpoints = entries(checkpoints());
        for (Path entry : checkpoints) {
            String name = entry.getFileName().toString();
            if (!Files.isRegularFile(entry) || CHECKPOINT_SUFFIXES.stream().noneMatch(name::endsWith)) {
                throw foreign(entry, "not part of the checkpoints of an earlier run");
            }
        }
        boolean provenance = checkEarlierProvenance();
        for (Path channel : channels) {
            deleteRecursively(channel);
        }
        if (Files.exists(checkpoints())) {
            deleteRecursively(checkpoints());
        }
        if (provenance) {
            deleteRecursively(provenance());
        }
        Files.deleteIfExists(path.resolve(DEFINITION));
        return new EarlierRun(channels.size(), !checkpoints.isEmpty(), provenance);
    }

    /**
     * Removes the provenance an earlier run recorded here, if there is any, leaving its channels
     * and checkpoints: for a run that resumes it without recording provenance, whose channels the
     * earlier provenance would no longer describe.
     *
     * @return whether there was provenance to remove
     * @throws IllegalStateException if the provenance directory holds files a recorder does not write
     * @throws IOException if it cannot be removed
     */
    public boolean removeEarlierProvenance() throws IOException {
        boolean provenance = checkEarlierProvenance();
        if (provenance) {
            deleteRecursively(provenance());
        }
        return provenance;
    }

    /**
     * Whether there is provenance of an earlier run here.
     *
     * @throws IllegalStateException if the provenance directory holds files a recorder does not write
     */
    public boolean checkEarlierProvenance() throws IOException {
        boolean provenance = Files.exists(provenance());
        if (provenance && !ProvenanceRecorder.holdsRecordedProvenance(path)) {
            throw foreign(provenance(), "not the provenance of an earlier run (it holds files that Sluice does not write there)");
        }
        return provenance;
    }

    /**
     * Keeps what the run is asked to compute (its workflow and inputs, by names its starter
     * chooses), so that a resume can compare what it is asked with it: replaces what an earlier
     * run kept. Written when a new run starts.
     *
     * @throws IOException if it cannot be written
     */
    public void keepDefinition(Map<String, String> definition) throws IOException {
        if (definition.containsKey(CHECKSUM)) {
            throw new IllegalArgumentException("'" + CHECKSUM + "' is the file's own member, not a name of the definition");
        }
        Map<String, String> sealed = new LinkedHashMap<>();
        sealed.put(CHECKSUM, checksum(definition));
        sealed.putAll(definition);
        Path tmp = path.resolve(DEFINITION + ".tmp");
        Files.write(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(sealed));
        Files.move(tmp, path.resolve(DEFINITION), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * What the run that left this directory was asked to compute ({@link #keepDefinition}); empty
     * if it kept none (a run of a Sluice before it was kept, or one started through the Java API).
     *
     * @throws IllegalStateException naming the file if it cannot be read or is damaged
     */
    public Optional<Map<String, String>> definition() {
        Path file = path.resolve(DEFINITION);
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            Map<String, String> read = JSON.readValue(Files.readAllBytes(file), new TypeReference<LinkedHashMap<String, String>>() {});
            if (read == null || read.containsValue(null)) {
                throw new IllegalStateException(file + " is damaged: it does not map names to values");
            }
            String recorded = read.remove(CHECKSUM);
            if (recorded == null) {
                throw new IllegalStateException(file + " is damaged, or was written by a Sluice before it had a checksum: it has no '"
                        + CHECKSUM + "' member");
            }
            String actual = checksum(read);
            if (!actual.equals(recorded)) {
                throw new IllegalStateException(file + " is damaged: it fails its checksum (CRC-32C " + actual + ", recorded " + recorded + ")");
            }
            return Optional.of(read);
        } catch (IOException | JacksonException e) {
            throw new IllegalStateException(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The CRC-32C of a definition's names and values, in order, as 8 hex digits. */
    private static String checksum(Map<String, String> definition) {
        CRC32C crc = new CRC32C();
        for (Map.Entry<String, String> e : definition.entrySet()) {
            crc.update((e.getKey() + '\0' + e.getValue() + '\0').getBytes(StandardCharsets.UTF_8));
        }
        return String.format("%08x", crc.getValue());
    }

    private IllegalStateException foreign(Path entry, String what) {
        return new IllegalStateException(path + " holds " + path.relativize(entry) + ", which is " + what
                + "; not removing it: use another work directory");
    }

    /** The entries of {@code dir}, sorted; none if it does not exist. */
    private static List<Path> entries(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.sorted().toList();
        }
    }

    private static void deleteRecursively(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    /** Releases the directory for another run. */
    @Override
    public void close() {
        lock.close();
    }

    @Override
    public String toString() {
        return "WorkDirectory[" + path + "]";
    }
}
