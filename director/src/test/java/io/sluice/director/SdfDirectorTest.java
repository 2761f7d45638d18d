package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.counter;
import static io.sluice.testing.TestActors.emit;
import static io.sluice.testing.TestActors.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.TokenRates;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.testing.TestActors.Collect;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The SDF director: schedules from rates, multirate runs, and the workflows it refuses. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SdfDirectorTest {

    /** Takes {@code in} tokens per firing and puts their sum {@code out} times. */
    static final class Sum implements Actor, TokenRates {
        final InputPort<Integer> in = Port.input("in", Integer.class);
        final OutputPort<Integer> out = Port.output("out", Integer.class);
        private final int takes;
        private final int puts;

        Sum(int takes, int puts) {
            this.takes = takes;
            this.puts = puts;
        }

        @Override
        public List<Port<?>> ports() {
            return List.of(in, out);
        }

        @Override
        public int rate(Port<?> port) {
            return port == in ? takes : puts;
        }

        @Override
        public void fire(FiringContext context) {
            int sum = 0;
            for (int i = 0; i < takes; i++) {
                sum += context.take(in);
            }
            for (int i = 0; i < puts; i++) {
                context.put(out, sum);
            }
        }
    }

    /** Takes one token from each of {@code a} and {@code b} and puts their sum. */
    static final class Add implements Actor {
        final InputPort<Integer> a = Port.input("a", Integer.class);
        final InputPort<Integer> b = Port.input("b", Integer.class);
        final OutputPort<Integer> out = Port.output("out", Integer.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(a, b, out);
        }

        @Override
        public void fire(FiringContext context) {
            context.put(out, context.take(a) + context.take(b));
        }
    }

    @Test
    void aPipelineGivesWhatTheOtherDirectorsGive() throws Exception {
        Collect<Integer> sink = collect(Integer.class);
        Workflow w = Workflow.builder("pipe")
                .actor("src", emit(Integer.class, List.of(1, 2, 3, 4, 5)))
                .actor("twice", map(Integer.class, Integer.class, x -> 2 * x))
                .actor("sink", sink)
                .connect("src.out", "twice.in").connect("twice.out", "sink.in").build();
        assertThat(SdfSchedule.of(w).firings()).containsExactly("src", "twice", "sink");
        Directors.sdf().run(w, RunConfig.builder().build());
        assertThat(sink.tokens).containsExactly(2, 4, 6, 8, 10);
    }

    @Test
    void multirateActorsFireAsTheBalanceEquationsSay() throws Exception {
        Collect<Integer> sink = collect(Integer.class);
        Workflow w = pairs(sink);
        SdfSchedule schedule = SdfSchedule.of(w);
        assertThat(schedule.repetitions()).isEqualTo(Map.of("src", 2L, "pair", 1L, "triple", 1L, "sink", 3L));
        assertThat(schedule.bufferSizes()).containsEntry("src.out", 2L).containsEntry("triple.out", 3L);
        var result = Directors.sdf().run(w, RunConfig.builder().build());
        assertThat(sink.tokens).containsExactly(3, 3, 3, 7, 7, 7, 11, 11, 11);
        Collect<Integer> other = collect(Integer.class);
        var data = Directors.dataDriven().run(pairs(other), RunConfig.builder().build());
        assertThat(other.tokens).isEqualTo(sink.tokens);
        assertThat(result.actors()).as("firings, the one that found the end of its input included").isEqualTo(data.actors());
    }

    private static Workflow pairs(Collect<Integer> sink) {
        return Workflow.builder("pairs")
                .actor("src", emit(Integer.class, List.of(1, 2, 3, 4, 5, 6)))
                .actor("pair", new Sum(2, 1))
                .actor("triple", new Sum(1, 3))
                .actor("sink", sink)
                .connect("src.out", "pair.in").connect("pair.out", "triple.in").connect("triple.out", "sink.in").build();
    }

    @Test
    void inconsistentRatesAreRefusedNamingTheChannel() {
        Workflow w = Workflow.builder("bad")
                .actor("src", counter())
                .actor("pair", new Sum(2, 1))
                .actor("add", new Add())
                .actor("sink", collect(Integer.class))
                .connect("src.out", "pair.in").connect("src.out", "add.a").connect("pair.out", "add.b").connect("add.out", "sink.in")
                .build();
        assertThatThrownBy(() -> Directors.sdf().start(w, RunConfig.builder().build()))
                .isInstanceOf(SdfScheduleException.class)
                .hasMessageContaining("the token rates of workflow 'bad' are inconsistent at channel")
                .hasMessageContaining("'pair'");
    }

    @Test
    void aCycleWithoutInitialTokensIsRefusedAndOneWithThemRuns() throws Exception {
        Workflow dry = loop(ChannelOptions.defaults(), collect(Integer.class));
        assertThatThrownBy(() -> SdfSchedule.of(dry))
                .isInstanceOf(SdfScheduleException.class)
                .hasMessageContaining("cannot complete")
                .hasMessageContaining("'add' (fired 0 of 1 times) needs 1 tokens on channel 'keep.out', which holds 0");
        Collect<Integer> sink = collect(Integer.class);
        Directors.sdf().run(loop(ChannelOptions.defaults().initialTokens(List.of(0)), sink), RunConfig.builder().build());
        assertThat(sink.tokens).containsExactly(1, 3, 6, 10);
    }

    /** A running sum: src and the loop's previous sum are added, and the sum goes round again. */
    private static Workflow loop(ChannelOptions feedback, Collect<Integer> sink) {
        return Workflow.builder("loop")
                .actor("src", emit(Integer.class, List.of(1, 2, 3, 4)))
                .actor("add", new Add())
                .actor("keep", map(Integer.class, Integer.class, x -> x))
                .actor("sink", sink)
                .connect("src.out", "add.a").connect("add.out", "keep.in").connect("add.out", "sink.in")
                .connect("keep.out", "add.b", feedback).build();
    }

    @Test
    void iterationsBoundARunOfEndlessSources() throws Exception {
        Collect<Integer> sink = collect(Integer.class);
        Workflow w = Workflow.builder("endless").actor("src", counter()).actor("sink", sink).connect("src.out", "sink.in").build();
        Directors.sdf(3).run(w, RunConfig.builder().build());
        assertThat(sink.tokens).containsExactly(0, 1, 2);
        assertThat(sink.wrappedUp.get()).isEqualTo(1);
    }

    /** Takes one token and puts it {@code copies} times: breaks its (default) rate of one. */
    private static Actor duplicate(int copies) {
        return Fn.of(c -> {
            int x = c.take(DirectorContractTest.IN);
            for (int i = 0; i < copies; i++) {
                c.put(DirectorContractTest.OUT, x);
            }
        }, DirectorContractTest.IN, DirectorContractTest.OUT);
    }

    private static Workflow liar(List<Integer> tokens, Actor middle) {
        return Workflow.builder("liar")
                .actor("src", emit(Integer.class, tokens))
                .actor("dup", middle)
                .actor("sink", collect(Integer.class))
                .connect("src.out", "dup.in").connect("dup.out", "sink.in").build();
    }

    @Test
    void anActorThatBreaksItsRatesFailsTheRunNamingPortAndCounts() {
        // With a bound on iterations, the schedule fires each actor once per iteration: the firing is named.
        assertThatThrownBy(() -> Directors.sdf(5).run(liar(List.of(1, 2), duplicate(2)), RunConfig.builder().build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("actor 'dup' put to port 'out' 2 tokens in firing 0, but its rate is 1 per firing");
    }

    @Test
    void aBrokenRateInABlockedScheduleIsNamedByItsFiringInTheFirstIterationAndByItsRunLater() {
        // Without a bound, an iteration fires each actor 64 times in a row; the first is checked firing by firing.
        assertThatThrownBy(() -> Directors.sdf().run(liar(List.of(1, 2), duplicate(2)), RunConfig.builder().build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("actor 'dup' put to port 'out' 2 tokens in firing 0, but its rate is 1 per firing");
        // Later iterations are checked after each run of 64 firings; the input's end cuts the last firing short.
        Actor lateLiar = Fn.of(c -> {
            int x = c.take(DirectorContractTest.IN);
            c.put(DirectorContractTest.OUT, x);
            if (x == 100) {
                c.put(DirectorContractTest.OUT, x);
            }
        }, DirectorContractTest.IN, DirectorContractTest.OUT);
        assertThatThrownBy(() -> Directors.sdf().run(liar(IntStream.range(0, 150).boxed().toList(), lateLiar), RunConfig.builder().build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("actor 'dup' put to port 'out' 65 tokens in firings 64 to 127 together, but its rate is 1 per firing");
    }

    @Test
    void aTakeBeyondItsRateBlamesTheTakerNotTheWriter() {
        Actor greedy = Fn.of(c -> c.put(DirectorContractTest.OUT, c.take(DirectorContractTest.IN) + c.take(DirectorContractTest.IN)),
                DirectorContractTest.IN, DirectorContractTest.OUT);
        assertThatThrownBy(() -> Directors.sdf(3).run(liar(List.of(1, 2, 3, 4), greedy), RunConfig.builder().build()))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("actor 'dup' takes more tokens from port 'in' than its rate of 1 in firing 0");
    }

    @Test
    void theSdfDirectorIsNamedSdf() {
        assertThat(Directors.named("sdf").name()).isEqualTo("sdf");
        assertThat(Directors.names()).contains("sdf");
    }
}
