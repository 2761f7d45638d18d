package io.sluice.composite.replicas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.samples.MergeSort;
import io.sluice.samples.PrefixFilter;
import io.sluice.samples.Split;
import io.sluice.testing.TestActors;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Replicated actors in memory: results equal to the unreplicated run, failures, the greedy split. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReplicatedActorTest {

    private static List<String> words(int n) {
        Random random = new Random(7);
        return IntStream.range(0, n).mapToObj(i -> Integer.toString(random.nextInt(1000), 36)).toList();
    }

    @SuppressWarnings("unchecked")
    private static List<String> filterRun(int copies, String director) throws Exception {
        Workflow.Builder b = Workflow.builder("filter").actor("src", TestActors.emit(String.class, words(2000)));
        if (copies > 0) {
            b.replicated("filter", copies, () -> new PrefixFilter("a"));
        } else {
            b.actor("filter", new PrefixFilter("a"));
        }
        Workflow w = b.actor("sink", TestActors.collect(String.class))
                .connect("src.out", "filter.in").connect("filter.out", "sink.in").build();
        (director.equals("demand") ? Directors.demandDriven() : Directors.dataDriven()).run(w, RunConfig.builder().build());
        return ((TestActors.Collect<String>) w.actor("sink").orElseThrow().actor()).tokens;
    }

    @Test
    void aReplicatedFilterKeepsWhatTheUnreplicatedOneKeeps() throws Exception {
        for (String director : List.of("data", "demand")) {
            List<String> expected = filterRun(0, director);
            assertThat(expected).isNotEmpty();
            for (int copies = 1; copies <= 4; copies++) {
                assertThat(filterRun(copies, director)).as(copies + " copies, " + director + "-driven").isEqualTo(expected);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> sortStageRun(int copies) throws Exception {
        Random random = new Random(11);
        List<String> runs = IntStream.range(0, 500).mapToObj(i -> random.ints(1 + random.nextInt(20), -99, 99)
                .mapToObj(Integer::toString).collect(Collectors.joining(","))).toList();
        Workflow.Builder b = Workflow.builder("sort").actor("src", TestActors.emit(String.class, runs));
        if (copies > 0) {
            b.replicated("sort", copies, SortRun::new);
        } else {
            b.actor("sort", new SortRun());
        }
        Workflow w = b.actor("sink", TestActors.collect(String.class))
                .connect("src.out", "sort.in").connect("sort.out", "sink.in").build();
        Directors.dataDriven().run(w, RunConfig.builder().build());
        return ((TestActors.Collect<String>) w.actor("sink").orElseThrow().actor()).tokens;
    }

    @Test
    void aReplicatedMergesortStagePutsWhatTheUnreplicatedOnePuts() throws Exception {
        List<String> expected = sortStageRun(0);
        assertThat(expected).hasSize(500).allSatisfy(run -> {
            List<Integer> n = java.util.Arrays.stream(run.split(",")).map(Integer::valueOf).toList();
            assertThat(n).isSorted();
        });
        assertThat(sortStageRun(3)).isEqualTo(expected);
    }

    @Test
    void aCopyThatThrowsFailsTheRunNamingTheActorAndTheCopy() {
        List<Integer> inputs = IntStream.range(0, 500).boxed().toList();
        Workflow w = Runs.arith(inputs, 3, i -> new Arith(0, i == 2));
        assertThatThrownBy(() -> Directors.dataDriven().run(w, RunConfig.builder().build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("work")
                .hasStackTraceContaining("copy 2 of replicated actor 'work' failed")
                .hasStackTraceContaining("cannot handle");
    }

    @Test
    void aCopyThatTakesTwoTokensInOneFiringFailsTheRunNamingIt() {
        Workflow w = Workflow.builder("pairs").actor("src", TestActors.emit(Integer.class, List.of(1, 2, 3, 4)))
                .replicated("pairs", 2, PairSum::new)
                .actor("sink", TestActors.collect(Integer.class))
                .connect("src.out", "pairs.in").connect("pairs.out", "sink.in").build();
        assertThatThrownBy(() -> Directors.demandDriven().run(w, RunConfig.builder().build()))
                .isInstanceOf(RunFailedException.class)
                .hasStackTraceContaining("of replicated actor 'pairs' took a second token in one firing");
    }

    @Test
    void aSlowCopyGetsFewerTokens() throws Exception {
        List<Integer> inputs = IntStream.range(0, 1500).boxed().toList();
        Workflow w = Runs.arith(inputs, 3, i -> new Arith(i == 0 ? 2_000_000 : 0));
        Runs.Outputs outputs = Runs.run(w, "data");
        assertThat(outputs.out()).hasSize((int) inputs.stream().filter(x -> x % 7 != 0).count());
        long[] counts = ((ReplicatedActor) w.actor("work").orElseThrow().actor()).tokensByCopy();
        assertThat(counts[0] + counts[1] + counts[2]).isEqualTo(1500);
        assertThat(counts[0]).as("tokens of the slow copy 0 against the fast copies: %s", java.util.Arrays.toString(counts))
                .isLessThan(counts[1] / 2).isLessThan(counts[2] / 2);
    }

    @Test
    void onlyAStatelessActorWithOneInputCanBeReplicated() {
        assertThatThrownBy(() -> Workflow.builder("w").replicated("split", 2, Split::new))
                .isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("actor 'split' cannot be replicated").hasMessageContaining("not @Stateless");
        assertThatThrownBy(() -> Workflow.builder("w").replicated("sorter", 2, MergeSort::new))
                .isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("actor 'sorter' cannot be replicated");
        assertThatThrownBy(() -> Workflow.builder("w").replicated("two", 2, () -> TestActors.withPorts(List.of(
                        io.sluice.actor.Port.input("a", Integer.class), io.sluice.actor.Port.input("b", Integer.class)))))
                .isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("actor 'two' cannot be replicated");
        assertThatThrownBy(() -> Workflow.builder("w").replicated("none", 0, SortRun::new))
                .isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("actor 'none' cannot be replicated: replicas must be at least 1");
        SortRun shared = new SortRun();
        assertThatThrownBy(() -> Workflow.builder("w").replicated("same", 2, () -> shared))
                .isInstanceOf(WorkflowDefinitionException.class).hasMessageContaining("distinct");
    }
}
