package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.director.SdfDirectorTest.Add;
import io.sluice.director.SdfDirectorTest.Sum;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.testing.TestActors.Collect;
import io.sluice.workflow.Workflow;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Initial tokens an actor declares on an output port ({@link io.sluice.actor.InitialTokens}): the
 * SDF schedule counts them in cycles, a cycle without enough of them is refused naming its actors
 * and ports, and every director runs a loop through a delay to the same tokens.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SdfInitialTokensTest {

    /** A running sum: src and the previous sum are added, and the sum comes back through a delay. */
    private static Workflow runningSum(List<Integer> delayTokens, Collect<Integer> sink) {
        return Workflow.builder("running-sum")
                .actor("src", emit(Integer.class, List.of(1, 2, 3, 4)))
                .actor("add", new Add())
                .actor("delay", new Delay(delayTokens))
                .actor("sink", sink)
                .connect("src.out", "add.a").connect("add.out", "delay.in").connect("add.out", "sink.in")
                .connect("delay.out", "add.b").build();
    }

    @Test
    void aCycleThroughADelayIsScheduledFromItsDeclaredTokens() throws Exception {
        Workflow loop = runningSum(List.of(0), collect(Integer.class));
        assertThat(loop.channel("delay.out").orElseThrow().initialTokens()).containsExactly(0);
        SdfSchedule schedule = SdfSchedule.of(loop);
        assertThat(schedule.repetitions()).containsEntry("delay", 1L).containsEntry("add", 1L);
        assertThat(schedule.firings()).containsExactly("src", "add", "delay", "sink");
        assertThat(schedule.bufferSizes()).containsEntry("delay.out", 1L);
        Collect<Integer> sink = collect(Integer.class);
        RunResult result = Directors.sdf().run(runningSum(List.of(0), sink), RunConfig.builder().build());
        assertThat(sink.tokens).containsExactly(1, 3, 6, 10);
        // The initial token and the four sums the delay took.
        assertThat(result.channel("delay.out").orElseThrow().tokensWritten()).isEqualTo(5);
        assertThat(result.channel("add.out").orElseThrow().tokensWritten()).isEqualTo(4);
    }

    @Test
    void aCycleWithoutItsDelayTokensIsRefusedNamingActorsAndPorts() {
        Workflow dry = runningSum(List.of(), collect(Integer.class));
        assertThatThrownBy(() -> SdfSchedule.of(dry))
                .isInstanceOf(SdfScheduleException.class)
                .hasMessageContaining("an iteration of workflow 'running-sum' cannot complete")
                .hasMessageContaining("'add' (fired 0 of 1 times) needs 1 tokens on channel 'delay.out', which holds 0"
                        + " (port 'add.b', written by port 'delay.out')")
                .hasMessageContaining("the cycle ['delay.out' -> 'add.b', 'add.out' -> 'delay.in']")
                .hasMessageContaining("sample-delay");
    }

    /** A loop whose actor takes two tokens per firing needs two delay tokens; one is not enough. */
    @Test
    void aMultirateCycleNeedsAsManyDelayTokensAsOneFiringTakes() throws Exception {
        assertThatThrownBy(() -> SdfSchedule.of(pairLoop(List.of(5))))
                .isInstanceOf(SdfScheduleException.class)
                .hasMessageContaining("'pair' (fired 0 of 1 times) needs 2 tokens on channel 'delay.out', which holds 1"
                        + " (port 'pair.in', written by port 'delay.out')");
        Workflow enough = pairLoop(List.of(5, 6));
        SdfSchedule schedule = SdfSchedule.of(enough);
        // pair takes 2 and puts 2 per firing: one firing of it, two of the delay, per iteration.
        assertThat(schedule.repetitions()).containsEntry("pair", 1L).containsEntry("delay", 2L);
        assertThat(schedule.firings()).containsExactly("pair", "delay", "delay");
        RunResult result = Directors.sdf(3).run(enough, RunConfig.builder().build());
        assertThat(result.actor("pair").orElseThrow().firings()).isEqualTo(3);
    }

    /** {@code pair} (takes 2, puts their sum twice) in a loop with a delay of {@code tokens}. */
    private static Workflow pairLoop(List<Integer> tokens) {
        return Workflow.builder("pairs")
                .actor("pair", new Sum(2, 2))
                .actor("delay", new Delay(tokens))
                .connect("pair.out", "delay.in").connect("delay.out", "pair.in").build();
    }

    /** Kahn determinism through a delay: the three directors fill every channel alike. */
    @Test
    void everyDirectorRunsALoopThroughADelayToTheSameTokens() throws Exception {
        List<Object> expected = null;
        for (Director director : List.of(Directors.sdf(), Directors.dataDriven(), Directors.demandDriven())) {
            RecordingChannels channels = new RecordingChannels();
            Collect<Integer> sink = collect(Integer.class);
            director.run(runningSum(List.of(10, 20), sink),
                    RunConfig.builder().channels(channels).timeout(Duration.ofSeconds(30)).build());
            assertThat(channels.contents().get("delay.out")).as(director.name()).startsWith(10, 20, 11);
            List<Object> all = List.of(channels.contents());
            if (expected == null) {
                expected = all;
            } else {
                assertThat(all).as(director.name()).isEqualTo(expected);
            }
        }
    }
}
