package io.sluice.provenance;

import io.sluice.channel.local.internal.ChronicleSettings;
import io.sluice.run.FiringRecord;
import io.sluice.run.WorkLayout;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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

    /**
     * The work directories the store reads: one, or the parts of a split run ({@link #openParts}).
     * Each question about an actor goes to the part that fired it; {@link #run()} describes the first.
     */
    private final List<WorkDirectoryStore> parts;
    /** Per actor, the index in {@link #parts} of the part that fired it. */
    private final int[] partOf;
    /** The first part's run file: every part ran its workflow. */
    private final RunFile run;
    private final boolean complete;

    private ProvenanceStore(List<WorkDirectoryStore> parts, int[] partOf) {
        this.parts = List.copyOf(parts);
        this.partOf = partOf;
        this.run = parts.get(0).run();
        this.complete = parts.stream().allMatch(WorkDirectoryStore::complete);
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
        return ofOne(WorkDirectoryStore.open(workDirectory, channelDirectory, List.of()));
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
        List<WorkDirectoryStore> parts = new ArrayList<>();
        try {
            for (Path work : workDirectories) {
                parts.add(WorkDirectoryStore.open(work, WorkLayout.channels(work), channelDirectories));
            }
            if (parts.size() == 1) {
                return ofOne(parts.get(0));
            }
            return new ProvenanceStore(parts, PartsOfRun.assign(parts.stream().map(WorkDirectoryStore::run).toList(), workDirectories));
        } catch (RuntimeException e) {
            parts.forEach(WorkDirectoryStore::close);
            throw e;
        }
    }

    /** The store of one work directory, which fired every actor. */
    private static ProvenanceStore ofOne(WorkDirectoryStore part) {
        return new ProvenanceStore(List.of(part), new int[part.run().workflow().actors().size()]);
    }

    /** The part that fired actor {@code a}. */
    private WorkDirectoryStore partOf(int a) {
        return parts.get(partOf[a]);
    }

    /**
     * The part that fired the actor of {@code portRef} ({@code actor.port}). A store of one part
     * answers with it without looking the actor up here: the part looks it up only once its index
     * holds the token asked about ({@link WorkDirectoryStore#producerOf}).
     */
    private WorkDirectoryStore partOfPort(String portRef) {
        return parts.size() == 1 ? parts.get(0) : partOf(actorIndex(WorkDirectoryStore.actorOf(portRef)));
    }

    /** The run. */
    public RunSummary run() {
        return new RunSummary(parts.get(0).workDirectory(), run.runId(), run.workflow().name(), run.director(), run.channels(),
                run.sluiceVersion(), run.status(), Instant.parse(run.started()), run.ended() == null ? null : Instant.parse(run.ended()),
                complete, run.format());
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
        return partOf(a).firing(a, n);
    }

    /**
     * Calls {@code action} with the recorded firings of {@code actor}, in order, from firing
     * {@code from} on, at most {@code limit} of them.
     *
     * @throws ProvenanceException if the workflow has no such actor
     */
    public void firings(String actor, long from, long limit, Consumer<FiringRecord> action) {
        int a = actorIndex(actor);
        partOf(a).firings(a, from, limit, action);
    }

    /**
     * The firing that produced {@code token}; empty if none is recorded: an initial token of its
     * channel, or a firing whose record was lost with a killed process.
     *
     * @throws ProvenanceException if the workflow has no such channel
     */
    public Optional<FiringRecord> producerOf(TokenRef token) {
        int c = channelIndex(token.channel());
        return partOfPort(run.workflow().channels().get(c).writer()).producerOf(c, token);
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
        return partOf(a).copies(a, firing);
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
        return parts.get(0).ports(a);
    }

    /** The readers of {@code channel}, as {@code actor.port}, numbered as its consumed indexes are. */
    List<String> readersOf(String channel) {
        return run.workflow().channels().get(channelIndex(channel)).readers();
    }

    /** The firing in which the {@code reader}-th reader of the token's channel consumed it; empty if it did not. */
    Optional<FiringRecord> consumerOf(TokenRef token, int reader) {
        int c = channelIndex(token.channel());
        return partOfPort(run.workflow().channels().get(c).readers().get(reader)).consumerOf(c, reader, token);
    }

    /** As {@link WorkDirectoryStore#positions}, of the part that fired actor {@code a}. */
    long[] positions(int a, long firing, boolean after) {
        return partOf(a).positions(a, firing, after);
    }

    /** As {@link WorkDirectoryStore#emptiedAtOrBefore}, of the part that fired actor {@code a}. */
    long emptiedAtOrBefore(int a, long firing) {
        return partOf(a).emptiedAtOrBefore(a, firing);
    }

    /** As {@link WorkDirectoryStore#emptiedAfter}, of the part that fired actor {@code a}. */
    long emptiedAfter(int a, long firing) {
        return partOf(a).emptiedAfter(a, firing);
    }

    /** Actor {@code a}'s first recorded firing; -1 if none is. */
    long firstRecordedFiring(int a) {
        return partOf(a).firstRecordedFiring(a);
    }

    /** Actor {@code a}'s last recorded firing; -1 if none is. */
    long lastRecordedFiring(int a) {
        return partOf(a).lastRecordedFiring(a);
    }

    int initialTokenCount(String channel) {
        return run.workflow().channels().get(channelIndex(channel)).initialTokens();
    }

    private void requireWritten(TokenRef token) {
        int c = channelIndex(token.channel());
        partOfPort(run.workflow().channels().get(c).writer()).requireWritten(c, token);
    }

    /** Per actor, in workflow order: firings, tokens in and out, time spent. */
    public List<ActorSummary> actorSummaries() {
        if (parts.size() == 1) {
            // Its summaries as they are: asking per actor would read every firing once per actor.
            return parts.get(0).actorSummaries();
        }
        List<ActorSummary> out = new ArrayList<>();
        List<String> names = actors();
        for (int a = 0; a < names.size(); a++) {
            String name = names.get(a);
            partOf(a).actorSummaries().stream().filter(x -> x.actor().equals(name)).forEach(out::add);
        }
        return out;
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
        if (parts.size() == 1) {
            return parts.get(0).values().valueIfKept(token); // no other directory to look in
        }
        // The writer's part first: a channel within one part is in that part's work directory.
        Optional<Object> value = partOfPort(run.workflow().channels().get(c).writer()).values().valueIfKept(token);
        for (int p = 0; p < parts.size() && value.isEmpty(); p++) {
            value = parts.get(p).values().valueIfKept(token);
        }
        return value;
    }

    /**
     * Why the store has no value of {@code token} ({@link #valueIfKept} is empty): the run kept
     * its channel in memory, or the channel's directory was not found where the store looks.
     *
     * @throws IllegalArgumentException if the run has no such channel
     */
    public String whyNoValue(TokenRef token) {
        RunFile.ChannelEntry entry = run.workflow().channels().get(channelIndex(token.channel()));
        return parts.get(0).values().whyNoValue(token, entry.policy() != null ? entry.policy() : run.channels());
    }

    int actorIndex(String actor) {
        return run.requireActor(actor);
    }

    private int channelIndex(String channel) {
        return run.requireChannel(channel);
    }

    @Override
    public void close() {
        parts.forEach(WorkDirectoryStore::close);
    }
}
