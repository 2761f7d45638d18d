package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The provenance recorded in one work directory: a whole run, or one part of a run split across
 * work directories ({@link ProvenanceStore#openParts}). It finds firings through the run's indexes
 * and reads them from the batches of its firing log ({@link FiringLogBatches}); it reads token
 * values from the directory's persistent channels ({@link TokenValues}) and the copies of
 * replicated actors from its copy logs ({@link ReplicaCopies}). {@link ProvenanceStore} asks
 * each question of the part that fired the actor, by actor and channel number (the same in every
 * part, which all ran one workflow).
 *
 * <p><b>Indexes.</b> Read from the run's index file when opened; rebuilt in memory from the firing
 * log (one pass over it) if the run did not end (the recorder writes its indexes when it does) or
 * the index file is missing or damaged. Before format 5, the indexes of a run that ended are read
 * one file each, when first needed.
 *
 * <p><b>Failure.</b> Every read is checked: a damaged batch or file raises a
 * {@link ProvenanceException} naming the file (see {@link ProvenanceStore}). Opening closes what it
 * opened if it fails.
 *
 * <p><b>Threading.</b> Used by one thread at a time, that of its store, which closes it; closing
 * releases the firing log and the channel readers.
 */
final class WorkDirectoryStore implements AutoCloseable {
    private final Path workDirectory;
    private final StoreLayout layout;
    private final RunFile run;
    private final boolean complete;
    /** Per actor, by number, the names of its ports and their channels. */
    private final List<FiringBatch.Ports> ports = new ArrayList<>();
    /** The indexes by name: all of them from the start, unless they are read one file each, when first needed (before format 5). */
    private final Map<String, IndexReader> indexes = new HashMap<>();
    private final FiringLogBatches batches;
    private final TokenValues values;
    private final ReplicaCopies copies;

    private WorkDirectoryStore(Path workDirectory, Path channelDirectory, List<Path> extraChannelDirectories, StoreLayout layout,
            RunFile run) {
        this.workDirectory = workDirectory;
        this.layout = layout;
        this.run = run;
        this.complete = run.format() >= RunFile.END_IN_MARKER ? run.ended() != null : Files.exists(layout.complete());
        run.workflow().actors().forEach(a -> ports.add(FiringBatch.Ports.of(a)));
        this.batches = new FiringLogBatches(layout.firings(), run, ports);
        this.values = new TokenValues(channelDirectory, extraChannelDirectories);
        this.copies = new ReplicaCopies(workDirectory, run);
        try {
            readIndexes();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Opens the provenance recorded in {@code workDirectory}, whose persistent channels are looked
     * for in {@code channelDirectory}, then in {@code extraChannelDirectories}.
     *
     * @throws ProvenanceException if the directory holds no recorded run, or its files cannot be
     *     read; the message names the directory or file
     */
    static WorkDirectoryStore open(Path workDirectory, Path channelDirectory, List<Path> extraChannelDirectories) {
        StoreLayout layout = new StoreLayout(workDirectory);
        if (!Files.isDirectory(layout.root())) {
            throw new ProvenanceException(workDirectory + " holds no recorded run: there is no " + StoreLayout.DIRECTORY
                    + " directory (was the run made with provenance off, or is this not a run's work directory?)");
        }
        return new WorkDirectoryStore(workDirectory, channelDirectory, extraChannelDirectories, layout, RunFile.read(layout));
    }

    /**
     * Reads the run's index file, or rebuilds the indexes from the firing log: the run did not end
     * (the recorder writes its indexes when it does), or its index file is missing or damaged.
     * Before format 5, the index files of a run that ended are read when first needed.
     */
    private void readIndexes() {
        if (readsAFilePerIndex()) {
            return;
        }
        if (complete) {
            try {
                indexes.putAll(IndexSetFile.read(layout.indexes(), run.format() >= RunFile.CHECKSUMS));
                return;
            } catch (ProvenanceException damaged) {
                // The log has every batch: the indexes are rebuilt from it, as for a run that did not end.
            }
        }
        indexes.putAll(IndexRebuild.rebuild(run, batches::scan));
    }

    private IndexReader index(String name) {
        // Before format 5 an index is a file of its own; otherwise one without entries is empty.
        return indexes.computeIfAbsent(name, k -> readsAFilePerIndex()
                ? IndexReader.open(layout.indexFile(name)) : IndexReader.of(new long[0], 0));
    }

    /** Whether the indexes are read from a file each, when first needed: those of a run that ended, before format 5. */
    private boolean readsAFilePerIndex() {
        return complete && run.format() < RunFile.ONE_INDEX_FILE;
    }

    Path workDirectory() {
        return workDirectory;
    }

    RunFile run() {
        return run;
    }

    /** Whether the run, or this part of it, ended (see {@link RunSummary#complete()}). */
    boolean complete() {
        return complete;
    }

    /** The names of actor {@code a}'s ports and their channels. */
    FiringBatch.Ports ports(int a) {
        return ports.get(a);
    }

    TokenValues values() {
        return values;
    }

    /** The copies of replicated actor {@code a}'s {@code firing} ({@link ReplicaCopies#of}). */
    List<CopyShare> copies(int a, FiringRecord firing) {
        return copies.of(a, firing);
    }

    /** Firing {@code n} of actor {@code a}, if it was recorded. */
    Optional<FiringRecord> firing(int a, long n) {
        IndexReader batchIndex = index(StoreLayout.batches(a));
        long b = batchIndex.floor(n);
        if (b < 0) {
            return Optional.empty();
        }
        long at = batchIndex.value(b);
        long first = batchIndex.key(b);
        return Optional.ofNullable(batches.read(a, first, at, (in, h, p) -> FiringBatch.firing(in, h, run.format(), p, run.startNanos(), n)));
    }

    /** Calls {@code action} with the recorded firings of actor {@code a}, in order, from firing {@code from} on, at most {@code limit}. */
    void firings(int a, long from, long limit, Consumer<FiringRecord> action) {
        IndexReader batchIndex = index(StoreLayout.batches(a));
        long[] left = {limit};
        for (long b = Math.max(0, batchIndex.floor(from)); b < batchIndex.size() && left[0] > 0; b++) {
            batches.forEachRecord(a, batchIndex.key(b), batchIndex.value(b), r -> {
                if (r.firing() >= from && left[0] > 0) {
                    left[0]--;
                    action.accept(r);
                }
            });
        }
    }

    /** The firing that produced {@code token} of channel number {@code c}; empty if none is recorded. */
    Optional<FiringRecord> producerOf(int c, TokenRef token) {
        String writer = run.workflow().channels().get(c).writer();
        return find(StoreLayout.produced(c), actorOf(writer), token, true, portOf(writer));
    }

    /** The firing in which the {@code reader}-th reader of channel number {@code c} consumed {@code token}; empty if it did not. */
    Optional<FiringRecord> consumerOf(int c, int reader, TokenRef token) {
        String port = run.workflow().channels().get(c).readers().get(reader);
        return find(StoreLayout.consumed(c, reader), actorOf(port), token, false, portOf(port));
    }

    /**
     * The firing of {@code actor} that moved {@code token} through {@code port}: the index names the
     * first firing of the batch that did ({@link ActorLog}), and the batch is read to find it.
     */
    private Optional<FiringRecord> find(String indexName, String actor, TokenRef token, boolean produced, String port) {
        IndexReader index = index(indexName);
        long i = index.floor(token.seq());
        if (i < 0) {
            return Optional.empty();
        }
        long first = index.value(i);
        int a = run.requireActor(actor);
        IndexReader batchIndex = index(StoreLayout.batches(a));
        long b = batchIndex.floor(first);
        if (b < 0) {
            return Optional.empty();
        }
        FiringBatch.Ports p = ports.get(a);
        int n = produced ? p.outputs().indexOf(port) : p.inputs().indexOf(port);
        if (n < 0 || !token.channel().equals((produced ? p.outputChannels() : p.inputChannels()).get(n))) {
            return Optional.empty();
        }
        int portNumber = produced ? p.inputs().size() + n : n;
        long at = batchIndex.value(b);
        long batchFirst = batchIndex.key(b);
        return Optional.ofNullable(batches.read(a, batchFirst, at,
                (in, h, q) -> FiringBatch.firingMoving(in, h, run.format(), q, run.startNanos(), portNumber, token.seq(), first)));
    }

    /**
     * Where actor {@code a}'s ports (inputs, then outputs) were before its firing {@code firing},
     * or {@code after} it; null if that firing is not recorded.
     */
    long[] positions(int a, long firing, boolean after) {
        IndexReader batchIndex = index(StoreLayout.batches(a));
        long b = batchIndex.floor(firing);
        if (b < 0) {
            return null;
        }
        long first = batchIndex.key(b);
        FiringBatch.Ports p = ports.get(a);
        return batches.read(a, first, batchIndex.value(b),
                (in, h, q) -> FiringBatch.positions(in, h, run.format(), p.inputs().size(), p.count(), run.startNanos(), firing, after));
    }

    /** The latest firing of actor {@code a}, at most {@code firing}, before which its state was declared empty; -1 if none. */
    long emptiedAtOrBefore(int a, long firing) {
        IndexReader emptied = index(StoreLayout.emptied(a));
        long i = emptied.floor(firing);
        return i < 0 ? -1 : emptied.key(i);
    }

    /** The earliest firing of actor {@code a}, after {@code firing}, before which its state was declared empty; -1 if none. */
    long emptiedAfter(int a, long firing) {
        IndexReader emptied = index(StoreLayout.emptied(a));
        long i = emptied.floor(firing) + 1;
        return i < emptied.size() ? emptied.key(i) : -1;
    }

    /** Actor {@code a}'s first recorded firing; -1 if none is. */
    long firstRecordedFiring(int a) {
        IndexReader batchIndex = index(StoreLayout.batches(a));
        return batchIndex.size() == 0 ? -1 : batchIndex.key(0);
    }

    /** Actor {@code a}'s last recorded firing; -1 if none is. */
    long lastRecordedFiring(int a) {
        IndexReader batchIndex = index(StoreLayout.batches(a));
        if (batchIndex.size() == 0) {
            return -1;
        }
        long b = batchIndex.size() - 1;
        return batches.read(a, batchIndex.key(b), batchIndex.value(b), (in, h, q) -> h.firstFiring() + h.count() - 1);
    }

    /**
     * Checks that {@code token} of channel number {@code c} was written: it is an initial token,
     * or its producer is recorded.
     *
     * @throws ProvenanceException saying up to where the channel's tokens are recorded if not
     */
    void requireWritten(int c, TokenRef token) {
        if (token.seq() < run.workflow().channels().get(c).initialTokens()) {
            return;
        }
        if (producerOf(c, token).isEmpty()) {
            IndexReader produced = index(StoreLayout.produced(c));
            long last = produced.size() == 0 ? -1 : produced.key(produced.size() - 1);
            throw new ProvenanceException("no token " + token + " was recorded: channel '" + token.channel() + "' "
                    + (last < 0 ? "has no recorded token" : "has recorded tokens up to about " + last + " (the last firing's first one)")
                    + (complete ? "" : "; the run did not end, so its last firings may be missing"));
        }
    }

    /**
     * Per actor of the workflow: what the recorder counted, if the run ended with its totals;
     * otherwise summed up from the recorded firings (of each actor, none for one another part fired).
     */
    List<ActorSummary> actorSummaries() {
        List<ActorSummary> out = new ArrayList<>();
        if (complete && run.actorTotals().size() == run.workflow().actors().size()) {
            for (RunFile.ActorTotals t : run.actorTotals()) {
                out.add(new ActorSummary(t.actor(), t.firings(), t.tokensIn(), t.tokensOut(), Duration.ofNanos(t.busyNanos())));
            }
            return out;
        }
        for (int a = 0; a < ports.size(); a++) {
            Totals totals = new Totals();
            firings(a, 0, Long.MAX_VALUE, totals::add);
            out.add(new ActorSummary(run.workflow().actors().get(a).name(), totals.firings, totals.tokensIn, totals.tokensOut,
                    Duration.ofNanos(totals.busyNanos)));
        }
        return out;
    }

    /**
     * An actor's firings summed up as they are read back. Untimed firings read back with the
     * interval of the timed one they ran within, which counts once: consecutive firings with the
     * same interval add its time once.
     */
    private static final class Totals {
        long firings;
        long tokensIn;
        long tokensOut;
        long busyNanos;
        private long lastStart;
        private long lastEnd;

        void add(FiringRecord f) {
            firings++;
            tokensIn += f.consumed().stream().mapToLong(PortRange::count).sum();
            tokensOut += f.produced().stream().mapToLong(PortRange::count).sum();
            if (firings == 1 || f.startEpochNanos() != lastStart || f.endEpochNanos() != lastEnd) {
                busyNanos += f.endEpochNanos() - f.startEpochNanos();
                lastStart = f.startEpochNanos();
                lastEnd = f.endEpochNanos();
            }
        }
    }

    /** The actor of a port reference {@code actor.port}. */
    static String actorOf(String portRef) {
        return portRef.substring(0, portRef.indexOf('.'));
    }

    private static String portOf(String portRef) {
        return portRef.substring(portRef.indexOf('.') + 1);
    }

    @Override
    public void close() {
        values.close();
        batches.close();
    }
}
