package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.actor.Port;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.director.Directors;
import io.sluice.run.Checkpoint;
import io.sluice.run.FiringSpan;
import io.sluice.run.RunConfig;
import io.sluice.run.RunInfo;
import io.sluice.run.RunResult;
import io.sluice.run.RunStatus;
import io.sluice.testing.KeyCount;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The lineage of what an actor that keeps state puts: a per-key counter ({@link KeyCount}) that
 * puts its counts at the end of its input (or, in the middle, at a separator, after which it
 * declares its state empty). What it puts derives from all it took since it started, or since its state was last
 * emptied, and lineages say so, as ranges rather than a firing per token, under both directors.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ExtendWith(NoLeakedThreads.class)
class StatefulLineageTest {
    private static final int WORDS = 20_000;
    private static final int KEYS = 7;
    private static final String SEPARATOR = "|";

    @TempDir
    Path work;

    /** {@code WORDS} words of {@code KEYS} keys, with the separator at {@code separatorAt} if it is not negative. */
    private static List<String> words(int separatorAt) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < WORDS; i++) {
            out.add(i == separatorAt ? SEPARATOR : "k" + (i % KEYS));
        }
        return out;
    }

    private void run(String director, int separatorAt) throws Exception {
        Workflow workflow = Workflow.builder("counts")
                .actor("source", TestActors.emit(String.class, words(separatorAt)))
                .actor("count", new KeyCount(SEPARATOR))
                .actor("sink", TestActors.collect(String.class))
                .connect("source.out", "count.in")
                .connect("count.out", "sink.in")
                .build();
        RunConfig config = RunConfig.builder().channels(MemoryChannels.factory()).workDirectory(work)
                .listener(ProvenanceRecorder.create()).build();
        assertThat(Directors.named(director).run(workflow, config).status()).isEqualTo(RunStatus.COMPLETED);
    }

    private static TokenRange range(String channel, long from, long to) {
        return new TokenRange(channel, from, to);
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    void whatAStatefulActorPutsDerivesFromAllItTookSinceItStarted(String director) throws Exception {
        run(director, -1);
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            assertThat(store.run().complete()).isTrue();
            // Firings 0 to WORDS - 1 take a word each; firing WORDS finds the end and puts the counts.
            Lineage back = store.lineage(new TokenRef("count.out", 2), Lineage.Direction.BACKWARD, 3);
            assertThat(back.statesRecorded()).isTrue();
            assertThat(back.widened()).isTrue();
            assertThat(back.steps()).hasSize(1);
            Lineage.Step step = back.steps().get(0);
            assertThat(step.firing().actor() + "#" + step.firing().firing()).isEqualTo("count#" + WORDS);
            assertThat(step.firing().consumed()).isEmpty();
            assertThat(step.widening()).isEqualTo(new Lineage.Widening(0, WORDS, false, List.of(range("source.out", 0, WORDS))));
            assertThat(back.rangeSteps()).containsExactly(new Lineage.RangeStep(2, "source", 0, WORDS - 1, List.of(),
                    List.of(range("source.out", 0, WORDS)), range("source.out", 0, WORDS), null));
            assertThat(back.truncated()).isFalse();
            assertThat(back.ends()).isEmpty();

            Lineage forward = store.lineage(new TokenRef("source.out", 5), Lineage.Direction.FORWARD, 3);
            assertThat(forward.steps()).hasSize(1);
            step = forward.steps().get(0);
            assertThat(step.firing().firing()).isEqualTo(5);
            assertThat(step.firing().produced()).isEmpty();
            assertThat(step.widening()).isEqualTo(new Lineage.Widening(5, WORDS, false, List.of(range("count.out", 0, KEYS))));
            assertThat(forward.rangeSteps()).containsExactly(new Lineage.RangeStep(2, "sink", 0, KEYS - 1,
                    List.of(range("count.out", 0, KEYS)), List.of(), range("count.out", 0, KEYS), null));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"data", "demand"})
    void aDeclaredEmptyStateBoundsTheWidening(String director) throws Exception {
        int separator = WORDS / 2;
        run(director, separator);
        assertWidenedAtTheSeparator(separator);
        // Rebuilt from the firing log, the emptied state is found as well.
        KilledRuns.asIfKilled(work);
        assertWidenedAtTheSeparator(separator);
    }

    private void assertWidenedAtTheSeparator(int separator) {
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            // Firing `separator` takes the separator and puts the first KEYS counts; the last firing puts KEYS more.
            Lineage first = store.lineage(new TokenRef("count.out", 1), Lineage.Direction.BACKWARD, 1);
            assertThat(first.steps().get(0).firing().firing()).isEqualTo(separator);
            assertThat(first.steps().get(0).widening())
                    .isEqualTo(new Lineage.Widening(0, separator, false, List.of(range("source.out", 0, separator + 1))));

            Lineage second = store.lineage(new TokenRef("count.out", KEYS + 1), Lineage.Direction.BACKWARD, 2);
            assertThat(second.steps().get(0).firing().firing()).isEqualTo(WORDS);
            assertThat(second.steps().get(0).widening()).isEqualTo(
                    new Lineage.Widening(separator + 1, WORDS, true, List.of(range("source.out", separator + 1, WORDS))));
            assertThat(second.rangeSteps()).extracting(s -> s.actor() + "#" + s.firstFiring() + ".." + s.lastFiring())
                    .containsExactly("source#" + (separator + 1) + ".." + (WORDS - 1));

            Lineage before = store.lineage(new TokenRef("source.out", 3), Lineage.Direction.FORWARD, 2);
            assertThat(before.steps().get(0).widening())
                    .isEqualTo(new Lineage.Widening(3, separator, true, List.of(range("count.out", 0, KEYS))));
            assertThat(before.rangeSteps()).extracting(s -> s.actor() + "#" + s.firstFiring() + ".." + s.lastFiring())
                    .containsExactly("sink#0.." + (KEYS - 1));

            Lineage after = store.lineage(new TokenRef("source.out", separator + 5), Lineage.Direction.FORWARD, 2);
            assertThat(after.steps().get(0).widening())
                    .isEqualTo(new Lineage.Widening(separator + 5, WORDS, false, List.of(range("count.out", KEYS, 2 * KEYS))));

            // The separator's own firing: what it put derives from what it and the firings before took.
            Lineage own = store.lineage(new TokenRef("source.out", separator), Lineage.Direction.FORWARD, 1);
            assertThat(own.steps().get(0).widening()).isNull();
            assertThat(own.steps().get(0).firing().produced()).extracting(r -> r.fromSeq() + ".." + r.toSeq())
                    .containsExactly("0.." + KEYS);
        }
    }

    /** PROV and DOT exports of a widened lineage state the ranges, the summarised firings and why the dependency widened. */
    @Test
    void exportsOfAWidenedLineageSayWhatWasWidenedAndWhy() throws Exception {
        run("data", WORDS / 2);
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            Lineage back = store.lineage(new TokenRef("count.out", KEYS + 1), Lineage.Direction.BACKWARD, 3);
            Lineage forward = store.lineage(new TokenRef("source.out", 3), Lineage.Direction.FORWARD, 3);
            StringWriter provN = new StringWriter();
            ProvExport.ofLineage(store, back).provN(provN);
            int from = WORDS / 2 + 1;
            assertThat(provN.toString())
                    .contains("  entity(run:t-source.out-" + from + ".." + (WORDS - 1) + ", [prov:type='prov:Collection'])\n")
                    .contains("  used(run:f-count-" + WORDS + ", run:t-source.out-" + from + ".." + (WORDS - 1)
                            + ", -, [sluice:widened=\"count keeps state across firings\"])\n")
                    .contains("  activity(run:f-source-" + from + ".." + (WORDS - 1) + ", -, -, [sluice:firstFiring=" + from
                            + ", sluice:lastFiring=" + (WORDS - 1) + "])\n")
                    .contains("  wasGeneratedBy(run:t-source.out-" + from + ".." + (WORDS - 1) + ", run:f-source-" + from + ".."
                            + (WORDS - 1) + ", -)\n");
            StringWriter forwardN = new StringWriter();
            ProvExport.ofLineage(store, forward).provN(forwardN);
            assertThat(forwardN.toString()).contains("  wasDerivedFrom(run:t-count.out-0.." + (KEYS - 1) + ", run:t-source.out-3, "
                    + "run:f-count-3, -, -, [sluice:widened=\"count keeps state across firings\"])\n");
            for (Lineage lineage : List.of(back, forward)) {
                StringWriter json = new StringWriter();
                ProvExport.ofLineage(store, lineage).provJson(json);
                assertThat(ProvJsonSchema.validate(JsonMapper.builder().build().readTree(json.toString()))).as("%s", lineage.token())
                        .isEmpty();
            }
            StringWriter dot = new StringWriter();
            ProvExport.ofLineage(store, back).dot(dot);
            assertThat(dot.toString()).contains("\"run:f-count-" + WORDS + "\" -> \"run:t-source.out-" + from + ".." + (WORDS - 1)
                    + "\" [label=\"used (widened: count keeps state across firings)\", style=dashed]");
        }
    }

    /** The filter's actors and a source are not widened: a lineage through them is what it was. */
    @Test
    void aStatelessActorOrOneWithoutInputsIsNotWidened() throws Exception {
        run("data", -1);
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            Lineage forward = store.lineage(new TokenRef("count.out", 0), Lineage.Direction.FORWARD, 2);
            assertThat(forward.widened()).as("the sink keeps state but puts nothing").isFalse();
            Lineage source = store.lineage(new TokenRef("source.out", 0), Lineage.Direction.BACKWARD, 2);
            assertThat(source.widened()).as("the source keeps state but takes nothing").isFalse();
            assertThat(source.steps()).extracting(s -> s.firing().actor()).containsExactly("source");
        }
    }

    /**
     * A resumed run copies the firings before an actor's restart point from the run it resumes,
     * with where its state was declared empty: in a batch copied whole, and in one cut at the
     * restart point, whose records are logged again.
     */
    @Test
    void aResumedRunKeepsWhereTheStateWasEmptied() throws Exception {
        Workflow workflow = Workflow.builder("counts")
                .actor("source", TestActors.withPorts(List.of(Port.output("out", String.class))))
                .actor("count", TestActors.withPorts(List.of(Port.input("in", String.class), Port.output("out", String.class))))
                .connect("source.out", "count.in")
                .build();
        Instant started = Instant.now();
        ProvenanceRecorder first = ProvenanceRecorder.create();
        first.runStarted(new RunInfo("first", workflow, "hand", started, work, "memory"));
        AlikeFiringsLog log = first.log("count");
        for (long f = 0; f < 40_000; f++) {
            log.firing(f, FiringSpan.UNTIMED, FiringSpan.UNTIMED, new long[] {f}, new long[] {f + 1}, new long[] {f / 10},
                    new long[] {(f + 1) / 10});
            if (f == 100 || f == 39_000) {
                log.stateEmptied(f);
            }
        }
        first.runEnded(new RunResult("first", "counts", "hand", RunStatus.COMPLETED, started, Duration.ofMillis(1), List.of(),
                List.of()));

        ProvenanceRecorder resumed = ProvenanceRecorder.resuming(work);
        resumed.restartAt(List.of(new Checkpoint("count", 39_500, Map.of("count.in", 39_500L), Map.of(), new byte[0], false)));
        resumed.runStarted(new RunInfo("second", workflow, "hand", started, work, "memory"));
        resumed.runEnded(new RunResult("second", "counts", "hand", RunStatus.COMPLETED, started, Duration.ofMillis(1), List.of(),
                List.of()));
        assertThat(work.resolve(EarlierFirings.DIRECTORY)).doesNotExist();
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            int count = store.actorIndex("count");
            assertThat(store.emptiedAtOrBefore(count, 39_499)).isEqualTo(39_001);
            assertThat(store.emptiedAtOrBefore(count, 39_000)).isEqualTo(101);
            assertThat(store.emptiedAtOrBefore(count, 100)).isEqualTo(-1);
            assertThat(store.lastRecordedFiring(count)).isEqualTo(39_499);
        }
        assertThat(Files.exists(work.resolve(StoreLayout.DIRECTORY))).isTrue();
    }
}
