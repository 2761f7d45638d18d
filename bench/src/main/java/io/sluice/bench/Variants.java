package io.sluice.bench;

import io.sluice.bench.Variant.ChannelSetup;
import io.sluice.bench.Variant.WorkflowCase;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.WorkLayout;
import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The catalogue of what the workflow harness can measure: workflows, directors and channel
 * setups by name, and the variants made of them. Add a workflow, director or channel policy here
 * and it becomes selectable with {@code --workflows}, {@code --directors} or {@code --channels}.
 */
final class Variants {
    /** The director every workflow's baseline runs under. */
    static final String BASELINE_DIRECTOR = "data";
    /** The channels every workflow's baseline runs over. */
    static final String BASELINE_CHANNELS = "memory";

    /** The workflows by name, in their default order. */
    static final Map<String, WorkflowCase> WORKFLOWS = byName(List.of(
            new WorkflowCase("filter", (tokens, seed) -> SampleWorkflows.filter(WordSource.generated(tokens, seed)),
                    "filter.out", Variants::wordsStartingWithC),
            new WorkflowCase("mergesort", (tokens, seed) -> SampleWorkflows.mergesort(WordSource.generated(tokens, seed)),
                    "mergesort.out", (tokens, seed) -> tokens),
            new WorkflowCase("insertion-sort",
                    (tokens, seed) -> SampleWorkflows.insertionSort(WordSource.generated(tokens, seed)), "isort.out",
                    (tokens, seed) -> tokens),
            new WorkflowCase("large-tokens", LargeTokens::workflow, "copy.out", (tokens, seed) -> tokens)),
            WorkflowCase::name);

    /**
     * The workflows run unless others are named: every one of {@link #WORKFLOWS} but
     * {@code large-tokens}, which only the heap-flat page runs ({@link HeapFlatBenchmark}).
     */
    static final List<String> DEFAULT_WORKFLOWS = WORKFLOWS.keySet().stream().filter(w -> !w.equals("large-tokens")).toList();

    /** The last count {@link #wordsStartingWithC} computed, as {tokens, seed, count}. */
    private static long[] lastFilterCount = {-1, 0, 0};

    /** Any channel setup's name with this suffix names the same setup recording the run's provenance, e.g. {@code memory+prov}. */
    static final String PROVENANCE_SUFFIX = "+prov";

    /** The subdirectory of a run's work directory that holds its persistent channels. */
    static final String CHANNELS_DIRECTORY = WorkLayout.CHANNELS;

    /** Sluice's channel setups by name, in their default order. */
    static final Map<String, ChannelSetup> CHANNELS = byName(List.of(
            new ChannelSetup("memory", runDirectory -> MemoryChannels.factory()),
            persistent(ChannelPolicy.DIRECT),
            persistent(ChannelPolicy.CACHED),
            persistent(ChannelPolicy.FAST_TRACK)),
            ChannelSetup::name);

    /**
     * Not a Sluice channel but the limit of {@code direct}: a token per Chronicle excerpt and
     * nothing else ({@link RawChronicleChannel}), {@code String} tokens only. Selectable by name,
     * and run beside {@code direct} wherever {@code direct}'s target is measured (see {@link #select}).
     */
    static final ChannelSetup RAW_CHRONICLE = new ChannelSetup(RawChronicleChannels.NAME,
            runDirectory -> new RawChronicleChannels(runDirectory.resolve(CHANNELS_DIRECTORY)));

    /**
     * Memory channels bounded to a run's default capacity ({@link RunConfig#DEFAULT_MEMORY_CAPACITY}
     * tokens and {@link RunConfig#DEFAULT_MEMORY_CAPACITY_BYTES} bytes), where {@code memory} is unbounded as the benchmark pages say. Selectable by name;
     * the heap-flat page ({@link HeapFlatBenchmark}) runs it.
     */
    static final ChannelSetup MEMORY_BOUNDED = new ChannelSetup("memory-bounded", runDirectory -> MemoryChannels.factory(), false,
            RunConfig.DEFAULT_MEMORY_CAPACITY, RunConfig.DEFAULT_MEMORY_CAPACITY_BYTES);

    /**
     * Memory channels bounded in tokens only ({@link RunConfig#DEFAULT_MEMORY_CAPACITY}), their
     * byte capacity lifted: the run's default before memory channels were bounded in bytes.
     */
    static final ChannelSetup MEMORY_TOKENS = new ChannelSetup("memory-tokens", runDirectory -> MemoryChannels.factory(), false,
            RunConfig.DEFAULT_MEMORY_CAPACITY, ChannelSpec.UNBOUNDED_BYTES);

    /** Every channel setup that can be named, Sluice's and the limit. */
    private static final Map<String, ChannelSetup> NAMED_CHANNELS = byName(
            Stream.concat(CHANNELS.values().stream(), Stream.of(RAW_CHRONICLE, MEMORY_BOUNDED, MEMORY_TOKENS)).toList(),
            ChannelSetup::name);

    /** The workflow and director under which issue 3 measures {@code direct} against memory channels. */
    static final String TARGET_WORKFLOW = "filter";

    /** The channel setups run unless others are named: every one of {@link #CHANNELS}, and {@code fast-track+prov}. */
    static final List<String> DEFAULT_CHANNELS = Stream.concat(CHANNELS.keySet().stream(),
            Stream.of(ChannelPolicy.FAST_TRACK.id() + PROVENANCE_SUFFIX)).toList();

    private Variants() {}

    /**
     * Persistent channels of one policy, with the library's default file size and caches, under
     * {@value #CHANNELS_DIRECTORY} in the run's work directory (so the harness measures and
     * deletes their files with the run).
     */
    private static ChannelSetup persistent(ChannelPolicy policy) {
        return new ChannelSetup(policy.id(),
                runDirectory -> PersistentChannels.builder(runDirectory.resolve(CHANNELS_DIRECTORY)).policy(policy).build());
    }

    /**
     * Every combination of the named workflows, directors and channels, grouped by workflow in the
     * order given. The baseline of each workflow is its {@value #BASELINE_DIRECTOR}-driven run over
     * {@value #BASELINE_CHANNELS} channels; if that combination was not selected, the first
     * variant of the workflow is its baseline. Where {@code direct} runs in the
     * {@value #TARGET_WORKFLOW} workflow under the {@value #BASELINE_DIRECTOR} director, its limit
     * {@link #RAW_CHRONICLE} runs right after it, named or not, so that the report can say how close
     * to the limit {@code direct} is.
     *
     * @throws IllegalArgumentException naming the known names if a name is unknown
     */
    static List<Variant> select(List<String> workflows, List<String> directors, List<String> channels) {
        List<Variant> all = new ArrayList<>();
        for (String w : workflows) {
            WorkflowCase workflow = lookup(WORKFLOWS, w, "workflow");
            List<Variant> group = new ArrayList<>();
            for (String d : directors) {
                Director director = Directors.named(d);
                for (String c : withLimit(w, d, channels)) {
                    ChannelSetup setup = channels(c);
                    boolean baseline = d.equals(BASELINE_DIRECTOR) && c.equals(BASELINE_CHANNELS);
                    group.add(Variant.of(workflow, director, setup, baseline));
                }
            }
            if (group.stream().noneMatch(Variant::baseline) && !group.isEmpty()) {
                Variant first = group.get(0);
                group.set(0, new Variant(first.name(), first.workflow(), first.director(), first.channels(), true));
            }
            all.addAll(group);
        }
        if (all.isEmpty()) {
            throw new IllegalArgumentException("no variant selected");
        }
        return List.copyOf(all);
    }

    /** {@code channels}, with {@link #RAW_CHRONICLE} after {@code direct} in issue 3's target workflow and director. */
    private static List<String> withLimit(String workflow, String director, List<String> channels) {
        String direct = ChannelPolicy.DIRECT.id();
        if (!workflow.equals(TARGET_WORKFLOW) || !director.equals(BASELINE_DIRECTOR) || !channels.contains(direct)
                || channels.contains(RAW_CHRONICLE.name())) {
            return channels;
        }
        List<String> more = new ArrayList<>(channels);
        more.add(channels.indexOf(direct) + 1, RAW_CHRONICLE.name());
        return more;
    }

    /** The channel setup named {@code name}, which may end with {@value #PROVENANCE_SUFFIX}. */
    static ChannelSetup channels(String name) {
        if (name.endsWith(PROVENANCE_SUFFIX)) {
            ChannelSetup base = lookup(NAMED_CHANNELS, name.substring(0, name.length() - PROVENANCE_SUFFIX.length()), "channels");
            return new ChannelSetup(name, base.factory(), true, base.memoryCapacity(), base.memoryCapacityBytes());
        }
        return lookup(NAMED_CHANNELS, name, "channels");
    }

    /** What the filter keeps of the generated words: those starting with "c". Cached for the last size. */
    static synchronized long wordsStartingWithC(long tokens, long seed) {
        long[] last = lastFilterCount;
        if (last[0] == tokens && last[1] == seed) {
            return last[2];
        }
        long count = WordSource.generatedWordStream(tokens, seed).filter(w -> w.startsWith("c")).count();
        lastFilterCount = new long[] {tokens, seed, count};
        return count;
    }

    private static <T> Map<String, T> byName(List<T> items, Function<T, String> name) {
        Map<String, T> map = new LinkedHashMap<>();
        items.forEach(item -> map.put(name.apply(item), item));
        return Collections.unmodifiableMap(map);
    }

    private static <T> T lookup(Map<String, T> known, String name, String what) {
        T found = known.get(name);
        if (found == null) {
            throw new IllegalArgumentException("unknown " + what + " '" + name + "'; known: " + known.keySet());
        }
        return found;
    }
}
