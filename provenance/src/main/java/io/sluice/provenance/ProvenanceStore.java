package io.sluice.provenance;

import io.sluice.channel.ChannelException;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.local.internal.ChronicleSettings;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import io.sluice.run.WorkLayout;
import io.sluice.workflow.ReplicatedActor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Reads the provenance a {@link ProvenanceRecorder} recorded into a run's work directory: the
 * run, its firings, which firing produced or consumed a token, lineages, per-actor statistics,
 * and the values of tokens from the run's persistent channels.
 *
 * <p><b>Cost.</b> Finding the firing of a token is a binary search in a memory-mapped index and
 * one read of a batch of at most a thousand or so records, walked record by record up to the
 * firing (no object is built for the others): a lineage does not scan the run.
 *
 * <p><b>Damage.</b> From format 7 on every batch of the firing log, the index file, {@code run.json}
 * and the completion marker carry checksums, and every read verifies what it reads: a query that
 * meets a damaged batch fails with a {@link ProvenanceException} naming the file and the batch,
 * never answers from it. A firing log file cut short, or with bytes after its last batch, is
 * checked before Chronicle maps it (the bytes after are not read). A damaged index file is not
 * used: the indexes are rebuilt from the verified log. Stores of older formats have no checksums
 * ({@link RunSummary#checksummed()}): their files are checked for length, but damage within them
 * may go unnoticed.
 *
 * <p><b>Threading.</b> Used by one thread at a time. Closing it releases the files.
 *
 * <p><b>Runs that did not end.</b> A store whose run is still going, or whose process was killed,
 * opens; {@link RunSummary#complete()} is false. Its indexes are rebuilt in memory from the firing
 * log (one pass over it), since the recorder writes them when the run ends; the firings the
 * recorder still held in memory (at most its last batch of each actor) are missing. The indexes of
 * a run that ended but whose index file is missing or damaged are rebuilt so too.
 */
public final class ProvenanceStore implements AutoCloseable {
    static {
        ChronicleSettings.apply();
    }

    /** A lineage stops collecting firings at this many and says it was truncated. */
    public static final int MAX_LINEAGE_FIRINGS = 10_000;

    private final Path workDirectory;
    /** Where the run's persistent channels are, each in a directory named as the channel. */
    private final Path channelDirectory;
    private final StoreLayout layout;
    private final RunFile run;
    private final boolean complete;
    /** The firing log, opened when first read: a question answered from the indexes and the run's files opens no queue. */
    private FiringLogReader log;
    private final List<FiringBatch.Ports> ports = new ArrayList<>();
    /**
     * The stores of the parts of a split run, if this store joins them ({@link #openParts});
     * empty otherwise. Each question about an actor goes to the part that fired it.
     */
    private final List<ProvenanceStore> parts;
    /** Per actor, the index in {@link #parts} of the part that fired it; empty unless this store joins parts. */
    private final int[] partOf;
    /** The indexes by name: all of them from the start, unless they are read one file each, when first needed (before format 5). */
    private final Map<String, IndexReader> indexes = new HashMap<>();
    private final Map<String, SeekableChannelReader<?>> values = new HashMap<>();
    /** The copy logs of replicated actors, by actor and firing, read when first asked ({@link #copies}). */
    private final Map<String, Map<Long, List<ReplicatedActor.CopySlice>>> copyLogs = new HashMap<>();
    /** Where each copy of each replicated actor fired, as its copy log says. */
    private final Map<String, Map<Integer, String>> copyPlaces = new HashMap<>();
    /** Whether each actor, by index, ran replicated: asked once per actor. */
    private final Map<Integer, Boolean> replicatedActors = new HashMap<>();
    /** Where else a channel's directory is looked for when it is not in {@link #channelDirectory}; set by {@link #openParts}. */
    private List<Path> extraChannelDirectories = List.of();
    /** The batch in the log's buffer, if {@link #load} read it: lineages read the same batch again and again. */
    private long bufferedIndex = -1;
    private int bufferedSize;

    private ProvenanceStore(Path workDirectory, Path channelDirectory, StoreLayout layout, RunFile run) {
        this.workDirectory = workDirectory;
        this.channelDirectory = channelDirectory;
        this.layout = layout;
        this.run = run;
        this.complete = run.format() >= RunFile.END_IN_MARKER ? run.ended() != null : Files.exists(layout.complete());
        this.parts = List.of();
        this.partOf = new int[0];
        run.workflow().actors().forEach(a -> ports.add(FiringBatch.Ports.of(a)));
        try {
            readIndexes();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** A store that joins {@code parts}, which fired the actors of one workflow, {@code partOf} saying which fired which. */
    private ProvenanceStore(List<ProvenanceStore> parts, int[] partOf) {
        ProvenanceStore first = parts.get(0);
        this.workDirectory = first.workDirectory;
        this.channelDirectory = first.channelDirectory;
        this.layout = first.layout;
        this.run = first.run;
        this.complete = parts.stream().allMatch(p -> p.complete);
        this.parts = List.copyOf(parts);
        this.partOf = partOf;
        ports.addAll(first.ports);
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
        indexes.putAll(IndexRebuild.rebuild(run, this::scanLog));
    }

    /** The firing log, opened now if it was not yet. */
    private FiringLogReader log() {
        if (log == null) {
            log = FiringLogReader.open(layout.firings(), false, run.format());
        }
        return log;
    }

    /** Hands every batch of the firing log, in log order, to {@code visitor}, each checked ({@link FiringLogReader#scan}). */
    private void scanLog(IndexRebuild.BatchVisitor visitor) {
        List<Long> emptiedBefore = new ArrayList<>();
        log().scan((index, bytes, size) -> decode(bytes, size, index, -1, -1, (in, h, p) -> {
            emptiedBefore.clear();
            visitor.visit(h.actor(), index, FiringBatch.readRecords(in, h, run.format(), p, run.startNanos(), emptiedBefore::add),
                    emptiedBefore);
            return null;
        }));
    }

    /**
     * Opens the provenance of the run recorded in {@code workDirectory}, whose persistent channels,
     * if any, are in {@code <work>/channels} (where {@link WorkLayout} puts them, as the {@code sluice} command
     * keep them).
     *
     * @throws ProvenanceException if the directory holds no recorded run, or its files cannot be
     *     read; the message names the directory or file
     */
    public static ProvenanceStore open(Path workDirectory) {
        return open(workDirectory, WorkLayout.channels(workDirectory));
    }

    /**
     * Opens the provenance of the run recorded in {@code workDirectory}, whose persistent channels
     * are in {@code channelDirectory} (each in a directory named as the channel, as
     * {@code PersistentChannels} keeps them): where {@link #value} reads the tokens' values.
     *
     * @throws ProvenanceException if the directory holds no recorded run, or its files cannot be
     *     read; the message names the directory or file
     */
    public static ProvenanceStore open(Path workDirectory, Path channelDirectory) {
        java.util.Objects.requireNonNull(channelDirectory, "channelDirectory");
        StoreLayout layout = new StoreLayout(workDirectory);
        if (!Files.isDirectory(layout.root())) {
            throw new ProvenanceException(workDirectory + " holds no recorded run: there is no " + StoreLayout.DIRECTORY
                    + " directory (was the run made with provenance off, or is this not a run's work directory?)");
        }
        return new ProvenanceStore(workDirectory, channelDirectory, layout, RunFile.read(layout));
    }

    /**
     * Opens the provenance of a workflow run in parts ({@link io.sluice.run.RunPart}), one work
     * directory per part, as one store: a lineage follows tokens from part to part through the
     * channels they share, and each actor's firings are read from the part that fired it. Each
     * part's persistent channels are looked for in its {@code <work>/channels}, then in
     * {@code channelDirectories} (say, the directory of the space the shared channels lived in).
     * {@link #run()} describes the first part. One directory opens as {@link #open(Path)} does.
     *
     * @throws ProvenanceException if a directory holds no recorded run, the parts ran different
     *     workflows, two parts fired the same actor, or no part fired one of the workflow's
     *     actors; the message names the directories and actors
     */
    public static ProvenanceStore openParts(List<Path> workDirectories, List<Path> channelDirectories) {
        if (workDirectories.isEmpty()) {
            throw new IllegalArgumentException("no work directory given");
        }
        List<ProvenanceStore> parts = new ArrayList<>();
        try {
            for (Path work : workDirectories) {
                parts.add(open(work, WorkLayout.channels(work)));
                parts.get(parts.size() - 1).extraChannelDirectories = List.copyOf(channelDirectories);
            }
            if (parts.size() == 1) {
                return parts.get(0);
            }
            return new ProvenanceStore(parts, PartsOfRun.assign(parts.stream().map(p -> p.run).toList(), workDirectories));
        } catch (RuntimeException e) {
            parts.forEach(ProvenanceStore::close);
            throw e;
        }
    }

    /** The part of a joined store that fired actor {@code a}; this store if it joins no parts. */
    private ProvenanceStore owner(int a) {
        return parts.isEmpty() ? this : parts.get(partOf[a]);
    }

    /** The run. */
    public RunSummary run() {
        return new RunSummary(workDirectory, run.runId(), run.workflow().name(), run.director(), run.channels(), run.sluiceVersion(),
                run.status(), Instant.parse(run.started()), run.ended() == null ? null : Instant.parse(run.ended()), complete,
                run.format());
    }

    /** The actors of the run's workflow, in workflow order. */
    public List<String> actors() {
        return run.workflow().actors().stream().map(RunFile.ActorEntry::name).toList();
    }

    /** The channels of the run's workflow, in workflow order. */
    public List<RecordedChannel> channels() {
        return run.workflow().channels().stream()
                .map(c -> new RecordedChannel(c.name(), c.type(), c.writer(), c.readers() == null ? List.of() : c.readers(),
                        c.initialTokens()))
                .toList();
    }

    /** The initial tokens of the workflow's channels: placed before any firing, produced by none. */
    List<TokenRef> initialTokens() {
        List<TokenRef> out = new ArrayList<>();
        for (RunFile.ChannelEntry c : run.workflow().channels()) {
            for (long s = 0; s < c.initialTokens(); s++) {
                out.add(new TokenRef(c.name(), s));
            }
        }
        return out;
    }

    /**
     * The channels {@code actor} reads, one per connected input port, in port order.
     *
     * @throws ProvenanceException if the workflow has no such actor
     */
    public List<String> channelsReadBy(String actor) {
        return run.workflow().actors().get(actorIndex(actor)).inputs().stream().map(RunFile.PortEntry::channel)
                .filter(java.util.Objects::nonNull).toList();
    }

    /**
     * Firing {@code n} of {@code actor}, if it was recorded.
     *
     * @throws ProvenanceException if the workflow has no such actor
     */
    public Optional<FiringRecord> firing(String actor, long n) {
        int a = actorIndex(actor);
        if (!parts.isEmpty()) {
            return owner(a).firing(actor, n);
        }
        IndexReader batches = index(StoreLayout.batches(a));
        long b = batches.floor(n);
        if (b < 0) {
            return Optional.empty();
        }
        long at = batches.value(b);
        long first = batches.key(b);
        return Optional.ofNullable(readLoaded(a, first, at, (in, h, p) -> FiringBatch.firing(in, h, run.format(), p, run.startNanos(), n)));
    }

    /**
     * Calls {@code action} with the recorded firings of {@code actor}, in order, from firing
     * {@code from} on, at most {@code limit} of them.
     *
     * @throws ProvenanceException if the workflow has no such actor
     */
    public void firings(String actor, long from, long limit, Consumer<FiringRecord> action) {
        int a = actorIndex(actor);
        if (!parts.isEmpty()) {
            owner(a).firings(actor, from, limit, action);
            return;
        }
        IndexReader batches = index(StoreLayout.batches(a));
        long[] left = {limit};
        for (long b = Math.max(0, batches.floor(from)); b < batches.size() && left[0] > 0; b++) {
            readBatch(a, batches.key(b), batches.value(b), r -> {
                if (r.firing() >= from && left[0] > 0) {
                    left[0]--;
                    action.accept(r);
                }
            });
        }
    }

    /**
     * The firing that produced {@code token}; empty if none is recorded: an initial token of its
     * channel, or a firing whose record was lost with a killed process.
     *
     * @throws ProvenanceException if the workflow has no such channel
     */
    public Optional<FiringRecord> producerOf(TokenRef token) {
        int c = channelIndex(token.channel());
        RunFile.ChannelEntry channel = run.workflow().channels().get(c);
        String writer = channel.writer();
        if (!parts.isEmpty()) {
            return owner(actorIndex(actorOf(writer))).producerOf(token);
        }
        return find(StoreLayout.produced(c), actorOf(writer), token, true, portOf(writer));
    }

    /**
     * The firings that consumed {@code token}: at most one per reader of its channel, none for a
     * token no reader took.
     *
     * @throws ProvenanceException if the workflow has no such channel
     */
    public List<FiringRecord> consumersOf(TokenRef token) {
        int c = channelIndex(token.channel());
        RunFile.ChannelEntry channel = run.workflow().channels().get(c);
        List<FiringRecord> out = new ArrayList<>();
        for (int r = 0; r < channel.readers().size(); r++) {
            consumerOf(token, r).ifPresent(out::add);
        }
        return out;
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
        int a = actorIndex(actor);
        IndexReader batches = index(StoreLayout.batches(a));
        long b = batches.floor(first);
        if (b < 0) {
            return Optional.empty();
        }
        FiringBatch.Ports p = ports.get(a);
        int n = produced ? p.outputs().indexOf(port) : p.inputs().indexOf(port);
        if (n < 0 || !token.channel().equals((produced ? p.outputChannels() : p.inputChannels()).get(n))) {
            return Optional.empty();
        }
        int portNumber = produced ? p.inputs().size() + n : n;
        long at = batches.value(b);
        long batchFirst = batches.key(b);
        return Optional.ofNullable(readLoaded(a, batchFirst, at,
                (in, h, q) -> FiringBatch.firingMoving(in, h, run.format(), q, run.startNanos(), portNumber, token.seq(), first)));
    }

    /**
     * Which copy of a replicated actor ({@code io.sluice.workflow.ReplicatedActor}) took and put
     * which tokens of {@code firing}: one {@link CopyShare} per copy that took any, in copy order,
     * their ranges tiling the firing's (none for the firing that met the end of the input). Read from the copy log the replicated actor keeps in the
     * run's work directory ({@link WorkLayout#replicaLog}), which a resumed run continues as it does
     * the provenance, so the firings the killed run recorded keep their copies. Empty for an actor
     * that is not replicated, and for a run whose work directory holds no copy log of the actor.
     *
     * @throws ProvenanceException if the workflow has no such actor, or the copy log cannot be
     *     read, has no record of the firing, or disagrees with the firing's record (naming the file
     *     and the firing)
     */
    public List<CopyShare> copies(FiringRecord firing) {
        int a = actorIndex(firing.actor());
        if (!parts.isEmpty()) {
            return owner(a).copies(firing);
        }
        if (firing.consumed().isEmpty() || !replicatedActors.computeIfAbsent(a, i -> replicated(run.workflow().actors().get(i)))) {
            return List.of(); // the firing that meets the end of the input fires no copy
        }
        Map<Long, List<ReplicatedActor.CopySlice>> log = copyLogs.get(firing.actor());
        if (log == null) {
            log = new HashMap<>();
            try {
                for (ReplicatedActor.CopySlice slice : ReplicatedActor.readCopyLog(workDirectory, firing.actor())) {
                    log.computeIfAbsent(slice.firing(), f -> new ArrayList<>()).add(slice);
                }
                copyPlaces.put(firing.actor(), ReplicatedActor.readCopyPlaces(workDirectory, firing.actor()));
            } catch (java.io.UncheckedIOException e) {
                throw new ProvenanceException(e.getCause().getMessage(), e);
            }
            copyLogs.put(firing.actor(), log);
        }
        if (log.isEmpty()) {
            return List.of();
        }
        Path file = WorkLayout.replicaLog(workDirectory, firing.actor());
        List<ReplicatedActor.CopySlice> slices = log.get(firing.firing());
        if (slices == null) {
            throw new ProvenanceException("the copy log " + file + " has no record of firing " + firing.firing() + " of '"
                    + firing.actor() + "'");
        }
        return CopyShares.of(firing, slices, copyPlaces.getOrDefault(firing.actor(), Map.of()), file);
    }

    /**
     * The copy of a replicated actor that took or put {@code token} in {@code firing}
     * ({@link #copies}); empty if the actor is not replicated, the run kept no copy log, or the
     * firing did not move the token.
     *
     * @throws ProvenanceException as {@link #copies}
     */
    public java.util.OptionalInt copyThatMoved(FiringRecord firing, TokenRef token) {
        for (CopyShare share : copies(firing)) {
            if (share.moved(token)) {
                return java.util.OptionalInt.of(share.copy());
            }
        }
        return java.util.OptionalInt.empty();
    }

    /** Whether {@code actor} ran as a replicated actor: its recorded class is one. */
    private static boolean replicated(RunFile.ActorEntry actor) {
        try {
            return actor.className() != null && ReplicatedActor.class.isAssignableFrom(
                    Class.forName(actor.className(), false, ProvenanceStore.class.getClassLoader()));
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * The lineage of {@code token} to {@code depth} levels of firings. Through an actor that keeps
     * state (one neither {@code @Stateless} nor {@code @OutputsFromFiringInputs}, as {@code
     * run.json} records it), a dependency is widened to the firings since its state was last
     * declared empty, and followed as ranges, summarised ({@link Lineage}); such a widening reads
     * a few batches, however many firings it covers.
     *
     * @throws ProvenanceException if the workflow has no such channel, or the token was never
     *     written (its seq is beyond what the channel's writer produced), or a batch the lineage
     *     reads is damaged (naming the file and the batch)
     * @throws IllegalArgumentException if {@code depth} is below 1
     */
    public Lineage lineage(TokenRef token, Lineage.Direction direction, int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("the depth must be at least 1, was " + depth);
        }
        requireWritten(token);
        return new LineageSearch(this, direction).search(token, depth);
    }

    // ---- what LineageSearch asks ----

    /** Whether the store records which actors keep state, and when they declared it empty (format 7 on). */
    boolean statesRecorded() {
        return run.format() >= RunFile.CHECKSUMS;
    }

    /** Whether actor {@code a} keeps state across firings, as {@code run.json} records it. */
    boolean keepsState(int a) {
        return run.workflow().actors().get(a).keepsState();
    }

    /** The names of actor {@code a}'s ports and their channels. */
    FiringBatch.Ports ports(int a) {
        return ports.get(a);
    }

    /** The readers of {@code channel}, as {@code actor.port}, numbered as its consumed indexes are. */
    List<String> readersOf(String channel) {
        return run.workflow().channels().get(channelIndex(channel)).readers();
    }

    /** The firing in which the {@code reader}-th reader of the token's channel consumed it; empty if it did not. */
    Optional<FiringRecord> consumerOf(TokenRef token, int reader) {
        int c = channelIndex(token.channel());
        String port = run.workflow().channels().get(c).readers().get(reader);
        if (!parts.isEmpty()) {
            return owner(actorIndex(actorOf(port))).consumerOf(token, reader);
        }
        return find(StoreLayout.consumed(c, reader), actorOf(port), token, false, portOf(port));
    }

    /**
     * Where actor {@code a}'s ports (inputs, then outputs) were before its firing {@code firing},
     * or {@code after} it; null if that firing is not recorded.
     */
    long[] positions(int a, long firing, boolean after) {
        if (!parts.isEmpty()) {
            return owner(a).positions(a, firing, after);
        }
        IndexReader batches = index(StoreLayout.batches(a));
        long b = batches.floor(firing);
        if (b < 0) {
            return null;
        }
        long first = batches.key(b);
        FiringBatch.Ports p = ports.get(a);
        return readLoaded(a, first, batches.value(b),
                (in, h, q) -> FiringBatch.positions(in, h, run.format(), p.inputs().size(), p.count(), run.startNanos(), firing, after));
    }

    /** The latest firing of actor {@code a}, at most {@code firing}, before which its state was declared empty; -1 if none. */
    long emptiedAtOrBefore(int a, long firing) {
        if (!parts.isEmpty()) {
            return owner(a).emptiedAtOrBefore(a, firing);
        }
        IndexReader emptied = index(StoreLayout.emptied(a));
        long i = emptied.floor(firing);
        return i < 0 ? -1 : emptied.key(i);
    }

    /** The earliest firing of actor {@code a}, after {@code firing}, before which its state was declared empty; -1 if none. */
    long emptiedAfter(int a, long firing) {
        if (!parts.isEmpty()) {
            return owner(a).emptiedAfter(a, firing);
        }
        IndexReader emptied = index(StoreLayout.emptied(a));
        long i = emptied.floor(firing) + 1;
        return i < emptied.size() ? emptied.key(i) : -1;
    }

    /** Actor {@code a}'s first recorded firing; -1 if none is. */
    long firstRecordedFiring(int a) {
        if (!parts.isEmpty()) {
            return owner(a).firstRecordedFiring(a);
        }
        IndexReader batches = index(StoreLayout.batches(a));
        return batches.size() == 0 ? -1 : batches.key(0);
    }

    /** Actor {@code a}'s last recorded firing; -1 if none is. */
    long lastRecordedFiring(int a) {
        if (!parts.isEmpty()) {
            return owner(a).lastRecordedFiring(a);
        }
        IndexReader batches = index(StoreLayout.batches(a));
        if (batches.size() == 0) {
            return -1;
        }
        long b = batches.size() - 1;
        return readLoaded(a, batches.key(b), batches.value(b), (in, h, q) -> h.firstFiring() + h.count() - 1);
    }

    int initialTokenCount(String channel) {
        return run.workflow().channels().get(channelIndex(channel)).initialTokens();
    }

    private void requireWritten(TokenRef token) {
        int c = channelIndex(token.channel());
        if (!parts.isEmpty()) {
            owner(actorIndex(actorOf(run.workflow().channels().get(c).writer()))).requireWritten(token);
            return;
        }
        if (token.seq() < initialTokenCount(token.channel())) {
            return;
        }
        if (producerOf(token).isEmpty()) {
            IndexReader produced = index(StoreLayout.produced(c));
            long last = produced.size() == 0 ? -1 : produced.key(produced.size() - 1);
            throw new ProvenanceException("no token " + token + " was recorded: channel '" + token.channel() + "' "
                    + (last < 0 ? "has no recorded token" : "has recorded tokens up to about " + last + " (the last firing's first one)")
                    + (complete ? "" : "; the run did not end, so its last firings may be missing"));
        }
    }

    /** Per actor, in workflow order: firings, tokens in and out, time spent. */
    public List<ActorSummary> actorSummaries() {
        List<ActorSummary> out = new ArrayList<>();
        if (!parts.isEmpty()) {
            List<String> names = actors();
            for (int a = 0; a < names.size(); a++) {
                String name = names.get(a);
                owner(a).actorSummaries().stream().filter(x -> x.actor().equals(name)).forEach(out::add);
            }
            return out;
        }
        if (complete && run.actorTotals().size() == run.workflow().actors().size()) {
            for (RunFile.ActorTotals t : run.actorTotals()) {
                out.add(new ActorSummary(t.actor(), t.firings(), t.tokensIn(), t.tokensOut(), Duration.ofNanos(t.busyNanos())));
            }
            return out;
        }
        for (String actor : actors()) {
            Totals totals = new Totals();
            firings(actor, 0, Long.MAX_VALUE, totals::add);
            out.add(new ActorSummary(actor, totals.firings, totals.tokensIn, totals.tokensOut, Duration.ofNanos(totals.busyNanos)));
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

    /**
     * The value of {@code token}, read from its persistent channel in the channel directory the
     * store was opened with ({@code <work>/channels} unless told otherwise).
     *
     * @throws ProvenanceException if the channel kept its tokens in memory only (its values were
     *     not persisted), or its directory is not in the channel directory, or it cannot be read,
     *     or does not hold the token; the message says which
     */
    public Object value(TokenRef token) {
        return valueIfKept(token).orElseThrow(() -> new ProvenanceException(whyNoValue(token)));
    }

    /**
     * The value of {@code token}, read from its persistent channel; empty if the store has none
     * to give that is not damage: the run kept that channel's tokens in memory only, or its
     * directory is not where the store looks ({@link #whyNoValue} says which).
     *
     * @throws ProvenanceException naming the channel's file if the channel is there but cannot be
     *     read, is damaged, or does not hold the token: its values are not to be trusted
     */
    public Optional<Object> valueIfKept(TokenRef token) {
        int c = channelIndex(token.channel());
        if (!parts.isEmpty()) {
            // The writer's part first: a channel within one part is in that part's work directory.
            ProvenanceStore writer = owner(actorIndex(actorOf(run.workflow().channels().get(c).writer())));
            Optional<Object> value = writer.valueIfKept(token);
            for (int p = 0; p < parts.size() && value.isEmpty(); p++) {
                value = parts.get(p).valueIfKept(token);
            }
            return value;
        }
        SeekableChannelReader<?> reader = values.get(token.channel());
        if (reader == null) {
            Path dir = channelDirectory.resolve(token.channel());
            for (int d = 0; d < extraChannelDirectories.size() && !Files.isDirectory(dir); d++) {
                dir = extraChannelDirectories.get(d).resolve(token.channel());
            }
            if (!Files.isDirectory(dir)) {
                return Optional.empty();
            }
            try {
                reader = PersistentChannels.openReader(dir);
            } catch (ChannelException e) {
                throw new ProvenanceException("cannot read the value of " + token + ": " + e.getMessage(), e);
            }
            values.put(token.channel(), reader);
        }
        try {
            reader.seek(token.seq());
            Object value = reader.poll();
            if (value == null) {
                throw new ProvenanceException("channel '" + token.channel() + "' (" + reader.name() + ") does not hold token "
                        + token.seq() + ", which the provenance records");
            }
            return Optional.of(value);
        } catch (IllegalArgumentException | ChannelException e) {
            throw new ProvenanceException("cannot read the value of " + token + ": " + e.getMessage(), e);
        }
    }

    /**
     * Why the store has no value of {@code token} ({@link #valueIfKept} is empty): the run kept
     * its channel in memory, or the channel's directory was not found where the store looks.
     *
     * @throws IllegalArgumentException if the run has no such channel
     */
    public String whyNoValue(TokenRef token) {
        String channel = token.channel();
        RunFile.ChannelEntry entry = run.workflow().channels().get(channelIndex(channel));
        String policy = entry.policy() != null ? entry.policy() : run.channels();
        if (ChannelPolicy.MEMORY.id().equals(policy)) {
            return "the value of " + token + " was not persisted: channel '" + channel + "' kept its tokens in memory (" + policy
                    + " channels); only its positions were recorded. Run with persistent channels (e.g. --channels fast-track)"
                    + " to keep values";
        }
        return "the value of " + token + " cannot be read: channel '" + channel + "' kept its tokens on disk (" + policy
                + " channels), but its directory was not found at " + channelDirectory.resolve(channel) + "; open the store with"
                + " the directory that holds the run's channels (sluice prov: --channel-dir)";
    }

    private void readBatch(int actor, long firstFiring, long chronicleIndex, Consumer<FiringRecord> action) {
        readLoaded(actor, firstFiring, chronicleIndex, this::records).forEach(action);
    }

    /** The records of a batch, one per firing, read after its header. */
    private List<FiringRecord> records(Varints in, FiringBatch.Header h, FiringBatch.Ports ports) {
        return FiringBatch.readRecords(in, h, run.format(), ports, run.startNanos());
    }

    /**
     * Reads the batch at {@code chronicleIndex}, which the index of {@code actor}'s batches names
     * as its batch from {@code firstFiring}, into the log's buffer, checked, unless it is there
     * already; returns its size.
     */
    private int load(int actor, long firstFiring, long chronicleIndex) {
        if (chronicleIndex == bufferedIndex) {
            return bufferedSize;
        }
        bufferedIndex = -1;
        bufferedSize = log().read(chronicleIndex, () -> batchName(actor, firstFiring));
        bufferedIndex = chronicleIndex;
        return bufferedSize;
    }

    /** Reads the batch {@link #load} loads with {@code reader}. */
    private <T> T readLoaded(int actor, long firstFiring, long chronicleIndex, BatchReader<T> reader) {
        int size = load(actor, firstFiring, chronicleIndex);
        return decode(log().buffer(), size, chronicleIndex, actor, firstFiring, reader);
    }

    private String batchName(int actor, long firstFiring) {
        return "the batch of actor '" + actorName(actor) + "' from firing " + firstFiring;
    }

    /** Reads what it wants of a batch, after its header; the ports are its actor's. */
    private interface BatchReader<T> {
        T read(Varints in, FiringBatch.Header h, FiringBatch.Ports ports);
    }

    /**
     * Reads the batch {@code bytes[0, size)} with {@code reader}.
     *
     * @param expectedActor the actor it must belong to, or -1 for any
     * @param expectedFirst the first firing it must hold, or -1 for any
     * @throws ProvenanceException naming the file and the batch if it is damaged, or not the one expected
     */
    private <T> T decode(byte[] bytes, int size, long chronicleIndex, int expectedActor, long expectedFirst, BatchReader<T> reader) {
        try {
            Varints in = Varints.reading(bytes, size);
            FiringBatch.Header h = FiringBatch.readHeader(in, run.format());
            int actor = h.actor();
            if (actor < 0 || actor >= ports.size() || (expectedActor >= 0 && actor != expectedActor)) {
                throw new IllegalStateException("it holds firings of actor number " + actor);
            }
            if (expectedFirst >= 0 && h.firstFiring() != expectedFirst) {
                throw new IllegalStateException("it holds firings from " + h.firstFiring() + ", not " + expectedFirst
                        + " as the index says");
            }
            return reader.read(in, h, ports.get(actor));
        } catch (IllegalStateException | IndexOutOfBoundsException e) {
            throw new ProvenanceException(log().fileOf(chronicleIndex) + ": " + (expectedActor >= 0 ? batchName(expectedActor, expectedFirst)
                    : "the batch") + " at index " + Long.toHexString(chronicleIndex) + " is damaged: " + e.getMessage(), e);
        }
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

    int actorIndex(String actor) {
        int a = run.actorIndex(actor);
        if (a < 0) {
            throw new ProvenanceException("run " + run.runId() + " has no actor '" + actor + "'; its actors: " + actors());
        }
        return a;
    }

    private String actorName(int actor) {
        return run.workflow().actors().get(actor).name();
    }

    private int channelIndex(String channel) {
        List<RunFile.ChannelEntry> channels = run.workflow().channels();
        for (int c = 0; c < channels.size(); c++) {
            if (channels.get(c).name().equals(channel)) {
                return c;
            }
        }
        throw new ProvenanceException("run " + run.runId() + " has no channel '" + channel + "'; its channels: "
                + channels.stream().map(RunFile.ChannelEntry::name).toList());
    }

    private static String actorOf(String portRef) {
        return portRef.substring(0, portRef.indexOf('.'));
    }

    private static String portOf(String portRef) {
        return portRef.substring(portRef.indexOf('.') + 1);
    }

    @Override
    public void close() {
        parts.forEach(ProvenanceStore::close);
        values.values().forEach(SeekableChannelReader::close);
        values.clear();
        if (log != null) {
            log.close();
            log = null;
        }
    }
}
