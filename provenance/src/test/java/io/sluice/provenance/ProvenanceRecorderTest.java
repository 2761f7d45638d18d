package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.director.Directors;
import io.sluice.run.FiringLog;
import io.sluice.run.FiringSpan;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import io.sluice.run.RunConfig;
import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.testing.ListedSpan;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A run recorded by {@link ProvenanceRecorder} and read back by {@link ProvenanceStore}: numbers
 * 1..N go through an actor that adds them in pairs, into a sink.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@ExtendWith(NoLeakedThreads.class)
class ProvenanceRecorderTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @TempDir
    Path work;

    /** Takes two integers, puts their sum. Ports {@code in}, {@code out}. */
    @Stateless
    static final class PairSum implements Actor {
        final InputPort<Integer> in = Port.input("in", Integer.class);
        final OutputPort<Integer> out = Port.output("out", Integer.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(in, out);
        }

        @Override
        public void fire(FiringContext context) {
            int a = context.take(in);
            int b = context.take(in);
            context.put(out, a + b);
        }
    }

    private static Workflow pairs(List<Integer> numbers) {
        return Workflow.builder("pairs")
                .actor("src", TestActors.emit(Integer.class, numbers))
                .actor("pair", new PairSum())
                .actor("sink", TestActors.collect(Integer.class))
                .connect("src.out", "pair.in")
                .connect("pair.out", "sink.in")
                .build();
    }

    private RunResult run(int n, String director, ChannelFactory channels) throws Exception {
        Workflow workflow = pairs(IntStream.rangeClosed(1, n).boxed().toList());
        RunConfig config = RunConfig.builder().channels(channels).workDirectory(work).listener(ProvenanceRecorder.create()).build();
        return Directors.named(director).run(workflow, config);
    }

    private ChannelFactory persistent() {
        return PersistentChannels.builder(work.resolve("channels")).policy(ChannelPolicy.FAST_TRACK).build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    void recordsEveryFiringByTheRangesItMoved(String director) throws Exception {
        assertThat(run(10, director, persistent()).status()).isEqualTo(RunStatus.COMPLETED);

        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            RunSummary run = store.run();
            assertThat(run.complete()).isTrue();
            assertThat(run.status()).isEqualTo("COMPLETED");
            assertThat(run.workflow()).isEqualTo("pairs");
            assertThat(run.director()).isEqualTo(director);
            assertThat(run.ended()).isAfterOrEqualTo(run.started());
            assertThat(store.actors()).containsExactly("src", "pair", "sink");

            FiringRecord f = store.firing("pair", 3).orElseThrow();
            assertThat(f.consumed()).containsExactly(new PortRange("in", "src.out", 6, 8));
            assertThat(f.produced()).containsExactly(new PortRange("out", "pair.out", 3, 4));
            assertThat(f.endEpochNanos()).isGreaterThanOrEqualTo(f.startEpochNanos());
            assertThat(store.producerOf(new TokenRef("pair.out", 3))).contains(f);
            assertThat(store.consumersOf(new TokenRef("src.out", 7))).containsExactly(f);
            assertThat(store.producerOf(new TokenRef("src.out", 7)).orElseThrow().firing()).isEqualTo(7);
            assertThat(store.value(new TokenRef("pair.out", 3))).isEqualTo(7 + 8);
            assertThat(store.value(new TokenRef("src.out", 0))).isEqualTo(1);

            List<ActorSummary> stats = store.actorSummaries();
            assertThat(stats).extracting(ActorSummary::actor).containsExactly("src", "pair", "sink");
            assertThat(stats).extracting(ActorSummary::tokensIn).containsExactly(0L, 10L, 5L);
            assertThat(stats).extracting(ActorSummary::tokensOut).containsExactly(10L, 5L, 0L);
        }
    }

    @Test
    void followsLineageBackwardAndForwardToADepth() throws Exception {
        run(10, "data", persistent());
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            Lineage back = store.lineage(new TokenRef("pair.out", 2), Lineage.Direction.BACKWARD, 5);
            assertThat(back.steps()).extracting(s -> s.level() + ":" + s.firing().actor() + "#" + s.firing().firing())
                    .containsExactly("1:pair#2", "2:src#4", "2:src#5");
            assertThat(back.ends()).as("the source's tokens come from its firings; nothing before").isEmpty();
            assertThat(back.truncated()).isFalse();

            Lineage shallow = store.lineage(new TokenRef("pair.out", 2), Lineage.Direction.BACKWARD, 1);
            assertThat(shallow.steps()).hasSize(1);

            Lineage forward = store.lineage(new TokenRef("src.out", 5), Lineage.Direction.FORWARD, 3);
            assertThat(forward.steps()).extracting(s -> s.level() + ":" + s.firing().actor() + "#" + s.firing().firing())
                    .containsExactly("1:pair#2", "2:sink#2");
        }
    }

    @Test
    void manyFiringsSpanManyBatchesAndAreFoundByTheirTokens() throws Exception {
        int n = 20_000;
        run(n, "data", persistent());
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            for (long seq : new long[] {0, 255, 256, 257, 4_999, 9_999}) {
                FiringRecord f = store.producerOf(new TokenRef("pair.out", seq)).orElseThrow();
                assertThat(f.firing()).isEqualTo(seq);
                assertThat(f.consumed()).containsExactly(new PortRange("in", "src.out", 2 * seq, 2 * seq + 2));
                assertThat(store.value(new TokenRef("pair.out", seq))).isEqualTo((int) (4 * seq + 3));
            }
            long[] count = {0};
            store.firings("pair", 9_990, 100, r -> count[0]++);
            assertThat(count[0]).as("firings 9990..9999, and the last one that met the end of the stream").isBetween(10L, 11L);
        }
    }

    @Test
    void memoryChannelsRecordPositionsButNotValues() throws Exception {
        run(10, "data", MemoryChannels.factory());
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.producerOf(new TokenRef("pair.out", 1)).orElseThrow().firing()).isEqualTo(1);
            assertThatThrownBy(() -> store.value(new TokenRef("pair.out", 1))).isInstanceOf(ProvenanceException.class)
                    .hasMessageContaining("the value of pair.out#1 was not persisted")
                    .hasMessageContaining("kept its tokens in memory");
        }
    }

    /** Values are read from the channel directory the store is told of; one not found there is said to be missing, not in memory. */
    @Test
    void valuesAreReadFromTheChannelDirectoryTheStoreIsGiven() throws Exception {
        Path elsewhere = work.resolveSibling(work.getFileName() + "-channels");
        try {
            run(10, "data", PersistentChannels.builder(elsewhere).policy(ChannelPolicy.FAST_TRACK).build());
            try (ProvenanceStore store = ProvenanceStore.open(work)) {
                assertThatThrownBy(() -> store.value(new TokenRef("pair.out", 1))).isInstanceOf(ProvenanceException.class)
                        .hasMessage("the value of pair.out#1 cannot be read: channel 'pair.out' kept its tokens on disk (fast-track"
                                + " channels), but its directory was not found at " + work.resolve("channels").resolve("pair.out")
                                + "; open the store with the directory that holds the run's channels (sluice prov: --channel-dir)");
            }
            try (ProvenanceStore store = ProvenanceStore.open(work, elsewhere)) {
                assertThat(store.value(new TokenRef("pair.out", 1))).isEqualTo(3 + 4);
            }
        } finally {
            io.sluice.testing.TestFiles.deleteRecursively(elsewhere);
        }
    }

    @Test
    void questionsAboutWhatDoesNotExistGetClearAnswers() throws Exception {
        assertThatThrownBy(() -> ProvenanceStore.open(work)).isInstanceOf(ProvenanceException.class)
                .hasMessageContaining("holds no recorded run");
        run(10, "data", persistent());
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThatThrownBy(() -> store.firing("nobody", 0)).hasMessageContaining("has no actor 'nobody'")
                    .hasMessageContaining("[src, pair, sink]");
            assertThatThrownBy(() -> store.producerOf(new TokenRef("nowhere", 0))).hasMessageContaining("has no channel 'nowhere'");
            assertThatThrownBy(() -> store.lineage(new TokenRef("pair.out", 99), Lineage.Direction.BACKWARD, 2))
                    .isInstanceOf(ProvenanceException.class).hasMessageContaining("no token pair.out#99 was recorded");
            assertThat(store.firing("pair", 1_000)).isEmpty();
        }
        assertThatThrownBy(() -> run(10, "data", MemoryChannels.factory())).hasMessageContaining("already holds the provenance of a run");
    }

    /**
     * Firings the director did not time share the interval of the next timed one, a firing whose
     * ports did not start where the previous one left them keeps its positions, and untimed
     * firings the log ends with get the end of the last timed one.
     */
    @Test
    void untimedFiringsShareTheIntervalOfTheNextTimedOne() throws Exception {
        Workflow workflow = pairs(List.of(1, 2));
        Instant started = Instant.now();
        long t0 = started.getEpochSecond() * 1_000_000_000L + started.getNano();
        ProvenanceRecorder recorder = startedByHand("spans", workflow, started);
        AlikeFiringsLog log = recorder.log("pair");
        long untimed = FiringSpan.UNTIMED;
        log.firing(0, untimed, untimed, new long[] {0}, new long[] {2}, new long[] {0}, new long[] {1});
        log.firing(1, untimed, untimed, new long[] {2}, new long[] {4}, new long[] {1}, new long[] {1});
        log.firing(2, t0 + 100, t0 + 200, new long[] {4}, new long[] {6}, new long[] {1}, new long[] {2});
        log.firing(3, t0 + 200, t0 + 250, new long[] {10}, new long[] {12}, new long[] {2}, new long[] {3});
        log.firing(4, untimed, untimed, new long[] {12}, new long[] {14}, new long[] {3}, new long[] {4});
        endedByHand(recorder, "spans", started);

        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.firing("pair", 0).orElseThrow()).isEqualTo(new FiringRecord("pair", 0, t0 + 100, t0 + 200,
                    List.of(new PortRange("in", "src.out", 0, 2)), List.of(new PortRange("out", "pair.out", 0, 1))));
            assertThat(store.firing("pair", 1).orElseThrow()).isEqualTo(new FiringRecord("pair", 1, t0 + 100, t0 + 200,
                    List.of(new PortRange("in", "src.out", 2, 4)), List.of()));
            assertThat(store.firing("pair", 2).orElseThrow()).isEqualTo(new FiringRecord("pair", 2, t0 + 100, t0 + 200,
                    List.of(new PortRange("in", "src.out", 4, 6)), List.of(new PortRange("out", "pair.out", 1, 2))));
            assertThat(store.firing("pair", 3).orElseThrow()).isEqualTo(new FiringRecord("pair", 3, t0 + 200, t0 + 250,
                    List.of(new PortRange("in", "src.out", 10, 12)), List.of(new PortRange("out", "pair.out", 2, 3))));
            assertThat(store.firing("pair", 4).orElseThrow()).isEqualTo(new FiringRecord("pair", 4, t0 + 250, t0 + 250,
                    List.of(new PortRange("in", "src.out", 12, 14)), List.of(new PortRange("out", "pair.out", 3, 4))));
            assertThat(store.producerOf(new TokenRef("pair.out", 2)).orElseThrow().firing()).isEqualTo(3);
            ActorSummary pair = store.actorSummaries().get(1);
            assertThat(pair.firings()).isEqualTo(5);
            assertThat(pair.tokensIn()).isEqualTo(10);
            assertThat(pair.tokensOut()).isEqualTo(4);
            assertThat(pair.busy()).as("each timed interval counted once").isEqualTo(Duration.ofNanos(150));
        }
    }

    /**
     * Under either director, firing intervals of an actor never go back in time, and each ends
     * after it starts (an untimed firing read back with the interval of the next timed one).
     */
    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    void firingTimesOfAnActorMoveForward(String director) throws Exception {
        run(20_000, director, persistent());
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            for (String actor : store.actors()) {
                long[] previousStart = {Long.MIN_VALUE};
                long[] count = {0};
                store.firings(actor, 0, Integer.MAX_VALUE, f -> {
                    assertThat(f.endEpochNanos()).isGreaterThanOrEqualTo(f.startEpochNanos());
                    assertThat(f.startEpochNanos()).as("firing %d of %s", f.firing(), actor).isGreaterThanOrEqualTo(previousStart[0]);
                    previousStart[0] = f.startEpochNanos();
                    count[0]++;
                });
                assertThat(count[0]).isPositive();
            }
            assertThat(store.run().ended()).isAfterOrEqualTo(store.run().started());
        }
    }

    /** A run of alike firings holds at least one; a log given none says so, naming the actor. */
    @Test
    void aFiringLogRefusesARunOfNoFirings() throws Exception {
        Instant started = Instant.now();
        ProvenanceRecorder recorder = startedByHand("empty", pairs(List.of(1, 2)), started);
        AlikeFiringsLog log = recorder.log("pair");
        long untimed = FiringSpan.UNTIMED;
        assertThatThrownBy(() -> log.firings(0, 0, untimed, untimed, new long[] {0}, new long[] {2}, new long[] {0},
                new long[] {1})).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a run of 0 firings of actor 'pair' from 0");
        endedByHand(recorder, "empty", started);
    }

    /** Firings handed over one by one, each a span of its own, timed, are stored as they were given. */
    @Test
    void spansOfOneFiringEachAreStoredAsThoseFirings() throws Exception {
        Workflow workflow = pairs(List.of(1, 2));
        Instant started = Instant.now();
        long t0 = started.getEpochSecond() * 1_000_000_000L + started.getNano();
        ProvenanceRecorder recorder = startedByHand("by-hand", workflow, started);
        FiringLog src = recorder.firingLog("src");
        src.span(ListedSpan.of(0, 1, t0 + 10, t0 + 20, 0, new long[] {0}, new long[][] {{0, 1, 1}}));
        src.span(ListedSpan.of(1, 1, t0 + 30, t0 + 40, 0, new long[] {1}, new long[][] {{1, 2, 1}}));
        recorder.firingLog("pair").span(ListedSpan.of(0, 1, t0 + 50, t0 + 90, 1, new long[] {0, 0}, new long[][] {{0, 1, 2}},
                new long[][] {{0, 1, 1}}));
        endedByHand(recorder, "by-hand", started);

        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isTrue();
            FiringRecord pair = store.producerOf(new TokenRef("pair.out", 0)).orElseThrow();
            assertThat(pair).isEqualTo(new FiringRecord("pair", 0, t0 + 50, t0 + 90, List.of(new PortRange("in", "src.out", 0, 2)),
                    List.of(new PortRange("out", "pair.out", 0, 1))));
            assertThat(store.consumersOf(new TokenRef("src.out", 1))).containsExactly(pair);
            assertThat(store.firing("src", 1).orElseThrow().startEpochNanos()).isEqualTo(t0 + 30);
        }
    }

    /**
     * What a killed run leaves: run.json still says RUNNING, no completion marker, and index files
     * the recorder had not written yet. The store rebuilds the indexes from the firing log.
     */
    @Test
    void aRunThatDidNotEndIsAnsweredFromItsFiringLog() throws Exception {
        run(20_000, "data", persistent());
        List<ActorSummary> whenEnded;
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            whenEnded = store.actorSummaries();
        }
        KilledRuns.asIfKilled(work);

        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isFalse();
            assertThat(store.run().status()).isEqualTo("RUNNING");
            assertThat(store.run().ended()).isNull();
            FiringRecord f = store.producerOf(new TokenRef("pair.out", 9_999)).orElseThrow();
            assertThat(f.consumed()).containsExactly(new PortRange("in", "src.out", 19_998, 20_000));
            assertThat(store.consumersOf(new TokenRef("src.out", 513))).extracting(FiringRecord::firing).containsExactly(256L);
            assertThat(store.lineage(new TokenRef("pair.out", 300), Lineage.Direction.BACKWARD, 2).steps()).hasSize(3);
            assertThat(store.actorSummaries()).extracting(ActorSummary::tokensOut).containsExactly(20_000L, 10_000L, 0L);
            // Summed up from the firings, the time of untimed firings counted once with the timed one they ran within.
            assertThat(store.actorSummaries()).isEqualTo(whenEnded);
        }
    }

    /** A run killed before any batch reached the firing log, which then holds no queue file, is answered with no firings. */
    @Test
    void aRunKilledBeforeAnyBatchIsAnsweredWithNoFirings() throws Exception {
        Instant started = Instant.now();
        ProvenanceRecorder recorder = startedByHand("early", pairs(List.of(1, 2)), started);
        endedByHand(recorder, "early", started);
        KilledRuns.asIfKilled(work);

        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isFalse();
            assertThat(store.actorSummaries()).extracting(ActorSummary::firings).containsExactly(0L, 0L, 0L);
            assertThat(store.firing("pair", 0)).isEmpty();
        }
    }

    /**
     * The indexes of a run that ended are in one file, written when it ended; if that file is cut
     * short or gone, the indexes are rebuilt from the firing log and every question is answered
     * as before.
     */
    @Test
    void aRunWhoseIndexFileIsDamagedOrGoneIsAnsweredFromItsFiringLog() throws Exception {
        run(20_000, "data", persistent());
        StoreLayout layout = new StoreLayout(work);
        try (var files = Files.list(layout.index())) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactlyInAnyOrder("indexes", "complete");
        }
        List<ActorSummary> whenWhole;
        FiringRecord f;
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            whenWhole = store.actorSummaries();
            f = store.producerOf(new TokenRef("pair.out", 9_999)).orElseThrow();
        }
        byte[] whole = Files.readAllBytes(layout.indexes());

        Files.write(layout.indexes(), Arrays.copyOf(whole, whole.length - 3));
        assertAnsweredAsBefore(f, whenWhole);
        Files.delete(layout.indexes());
        assertAnsweredAsBefore(f, whenWhole);
    }

    private void assertAnsweredAsBefore(FiringRecord f, List<ActorSummary> summaries) {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isTrue();
            assertThat(store.producerOf(new TokenRef("pair.out", 9_999))).contains(f);
            assertThat(store.consumersOf(new TokenRef("src.out", 19_998))).containsExactly(f);
            assertThat(store.firing("src", 12_345).orElseThrow().produced()).containsExactly(
                    new PortRange("out", "src.out", 12_345, 12_346));
            assertThat(store.actorSummaries()).isEqualTo(summaries);
        }
    }

    /**
     * {@code run.json} is written once, as the run starts; how the run ended is in the completion
     * marker, which is written whole beside its place and moved there. A recorder killed while it
     * wrote it leaves no marker but the file it was writing: a run that did not end, whose
     * firings are still all answered from the firing log. A marker cut short in place was
     * damaged, and is refused naming it.
     */
    @Test
    void theCompletionMarkerHoldsHowTheRunEndedAndOneCutShortIsARunThatDidNotEnd() throws Exception {
        run(2_000, "data", persistent());
        StoreLayout layout = new StoreLayout(work);
        var runJson = JSON.readTree(layout.root().resolve(RunFile.NAME).toFile());
        assertThat(runJson.get("status").asString()).isEqualTo("RUNNING");
        assertThat(runJson.get("ended").isNull()).isTrue();
        FiringRecord f;
        List<ActorSummary> summaries;
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isTrue();
            assertThat(store.run().status()).isEqualTo("COMPLETED");
            assertThat(store.run().ended()).isAfterOrEqualTo(store.run().started());
            summaries = store.actorSummaries();
            f = store.producerOf(new TokenRef("pair.out", 999)).orElseThrow();
        }

        byte[] marker = Files.readAllBytes(layout.complete());
        Files.write(layout.complete(), Arrays.copyOf(marker, marker.length / 2));
        assertThatThrownBy(() -> ProvenanceStore.open(work).close()).isInstanceOf(ProvenanceException.class)
                .hasMessageContaining(layout.complete() + ": the completion marker is damaged");

        Files.move(layout.complete(), layout.complete().resolveSibling("complete.tmp"));
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isFalse();
            assertThat(store.run().status()).isEqualTo("RUNNING");
            assertThat(store.run().ended()).isNull();
            assertThat(store.producerOf(new TokenRef("pair.out", 999))).contains(f);
            assertThat(store.actorSummaries()).as("counted from the firing log").isEqualTo(summaries);
        }
    }

    /**
     * Firings given one by one, each timed, leave a log without spans or runs of alike firings, in
     * batches of fewer than 4096 firings: it is what formats 2, 3 and 5 wrote, and reads as such,
     * formats 2 to 4 once its indexes are split into a file each, as they kept them. A format
     * this Sluice does not know is refused, naming the file.
     */
    @Test
    void aStoreOfAnEarlierFormatIsReadAndAnUnknownOneRefusedNamingItsFile() throws Exception {
        Instant started = Instant.now();
        long t0 = started.getEpochSecond() * 1_000_000_000L + started.getNano();
        ProvenanceRecorder recorder = startedByHand("format-2", pairs(List.of(1, 2, 3, 4)), started);
        AlikeFiringsLog src = recorder.log("src");
        for (int i = 0; i < 4; i++) {
            src.firing(i, t0 + 10 * i, t0 + 10 * i + 5, new long[0], new long[0], new long[] {i}, new long[] {i + 1});
        }
        AlikeFiringsLog pair = recorder.log("pair");
        for (int j = 0; j < 2; j++) {
            pair.firing(j, t0 + 100 + 10 * j, t0 + 105 + 10 * j, new long[] {2 * j}, new long[] {2 * j + 2}, new long[] {j},
                    new long[] {j + 1});
        }
        endedByHand(recorder, "format-2", started);
        Path runJson = work.resolve("provenance").resolve("run.json");
        assertThat(JSON.readTree(runJson.toFile()).get("format").asInt()).isEqualTo(7);
        OlderFormats.endInRunJson(work, 5);
        var runFile = (ObjectNode) JSON.readTree(runJson.toFile());

        // Format 5 differs only in having no spans and its end in run.json, format 4 in its index files, format 3 in
        // holding fewer firings per batch.
        for (int format : new int[] {5, 4, 3, 2}) {
            if (format == 4) {
                OlderFormats.splitIndexes(work);
            }
            Files.writeString(runJson, JSON.writeValueAsString(runFile.put("format", format)));
            try (ProvenanceStore store = ProvenanceStore.open(work)) {
                assertThat(store.run().complete()).as("format %d", format).isTrue();
                assertThat(store.run().status()).as("format %d", format).isEqualTo("COMPLETED");
                assertThat(store.producerOf(new TokenRef("pair.out", 1)).orElseThrow().consumed()).as("format %d", format)
                        .containsExactly(new PortRange("in", "src.out", 2, 4));
                assertThat(store.firing("src", 3).orElseThrow().startEpochNanos()).as("format %d", format).isEqualTo(t0 + 30);
            }
        }

        // Before format 6 the marker held only the status: a store without one did not end.
        Files.delete(work.resolve("provenance").resolve("index").resolve("complete"));
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).as("format 2 without its marker").isFalse();
        }

        Files.writeString(runJson, JSON.writeValueAsString(runFile.put("format", 8)));
        assertThatThrownBy(() -> ProvenanceStore.open(work)).isInstanceOf(ProvenanceException.class)
                .hasMessageContaining(runJson.toString()).hasMessageContaining("unsupported provenance format 8")
                .hasMessageContaining("formats 2 to 7");
    }

    /**
     * A span given port by port is stored as one record of its pieces, or as a run record if its
     * firings are all alike, and read back as it was given; one whose pieces overlap, or that has
     * a port too many, is refused naming the actor and the piece, and nothing of it is logged.
     */
    @Test
    void aSpanIsStoredPortByPortAndABadOneRefusedNamingTheActor() throws Exception {
        Instant started = Instant.now();
        long t0 = started.getEpochSecond() * 1_000_000_000L + started.getNano();
        ProvenanceRecorder recorder = startedByHand("spans", pairs(List.of(1, 2, 3, 4)), started);
        FiringLog src = recorder.firingLog("src");
        FiringLog pair = recorder.firingLog("pair");
        long[][] eachOne = {{0, 8, 1}};
        src.span(ListedSpan.of(0, 8, t0 + 10, t0 + 90, 0, new long[] {0}, eachOne));
        // Firings 0 to 3 take two tokens each; firings 1 and 3 put one.
        long[][] in = {{0, 4, 2}};
        long[][] out = {{1, 2, 1}, {3, 4, 1}};
        pair.span(ListedSpan.of(0, 4, t0 + 100, t0 + 180, 1, new long[] {0, 0}, in, out));

        long[][] overlapping = {{4, 6, 2}, {5, 6, 2}};
        assertThatThrownBy(() -> pair.span(ListedSpan.of(4, 2, t0 + 200, t0 + 210, 1, new long[] {8, 2}, overlapping, out)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("the span of firings 4 to 5 of actor 'pair': piece 1 of port 0");
        assertThatThrownBy(() -> pair.span(ListedSpan.of(4, 1, t0 + 200, t0 + 210, 1, new long[] {8, 2, 0}, in, out, out)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("has 1 inputs and 2 outputs");
        endedByHand(recorder, "spans", started);

        assertThat(firstRecordFlags()).as("the flags of the first record of each actor's batch").containsExactly(
                java.util.Map.entry(0, FiringBatch.TIMED | FiringBatch.REPEATED),
                java.util.Map.entry(1, FiringBatch.TIMED | FiringBatch.SPAN));
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            List<FiringRecord> firings = new java.util.ArrayList<>();
            store.firings("pair", 0, 100, firings::add);
            assertThat(firings).extracting(FiringRecord::firing).containsExactly(0L, 1L, 2L, 3L);
            assertThat(firings.get(3)).isEqualTo(new FiringRecord("pair", 3, t0 + 100, t0 + 180,
                    List.of(new PortRange("in", "src.out", 6, 8)), List.of(new PortRange("out", "pair.out", 1, 2))));
            assertThat(store.producerOf(new TokenRef("pair.out", 0)).orElseThrow().firing()).isEqualTo(1);
            assertThat(store.consumersOf(new TokenRef("src.out", 5))).extracting(FiringRecord::firing).containsExactly(2L);
            assertThat(store.producerOf(new TokenRef("src.out", 5)).orElseThrow().firing()).isEqualTo(5);
        }
    }

    /** The flags of the first record of each batch of the firing log of {@link #pairs}, by actor. */
    private java.util.SortedMap<Integer, Integer> firstRecordFlags() {
        int[] ports = {1, 2, 1};
        java.util.SortedMap<Integer, Integer> flags = new java.util.TreeMap<>();
        for (byte[] bytes : FiringLogExcerpts.of(work)) {
            Varints batch = Varints.reading(bytes, bytes.length);
            FiringBatch.Header h = FiringBatch.readHeader(batch, RunFile.FORMAT);
            for (int p = 0; p < ports[h.actor()]; p++) {
                batch.readLong();
            }
            flags.put(h.actor(), batch.readInt());
        }
        return flags;
    }

    /**
     * A completion marker that cannot be written fails the run's end naming it; the store does not
     * read as a run that ended.
     */
    @Test
    void aMarkerThatCannotBeWrittenFailsTheEndNamingIt() throws Exception {
        Instant started = Instant.now();
        ProvenanceRecorder recorder = startedByHand("no-marker", pairs(List.of(1, 2)), started);
        StoreLayout layout = new StoreLayout(work);
        // Something already in the marker's place, as a full disk or a broken file system might leave.
        Files.createDirectories(layout.complete());

        assertThatThrownBy(() -> endedByHand(recorder, "no-marker", started)).isInstanceOf(java.io.IOException.class)
                .hasMessageContaining(layout.complete().toString());
        Files.delete(layout.complete());
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isFalse();
            assertThat(store.run().status()).isEqualTo("RUNNING");
        }
    }

    /** A recorder started by hand, as a director starts it, on {@code workflow} in {@link #work}. */
    private ProvenanceRecorder startedByHand(String runId, Workflow workflow, Instant started) throws Exception {
        ProvenanceRecorder recorder = ProvenanceRecorder.create();
        recorder.runStarted(new RunInfo(runId, workflow, "hand", started, work, "memory"));
        return recorder;
    }

    /** Ends a run {@link #startedByHand} as completed. */
    private static void endedByHand(ProvenanceRecorder recorder, String runId, Instant started) throws Exception {
        recorder.runEnded(new RunResult(runId, "pairs", "hand", RunStatus.COMPLETED, started, Duration.ofMillis(1), List.of(),
                List.of()));
    }
}
