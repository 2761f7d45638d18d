package io.sluice.composite.replicas;

import io.sluice.actor.Actor;
import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.testing.TestActors;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.util.List;
import java.util.function.IntFunction;

/** Workflows around a replicated {@link Arith} and their outputs, for the tests. */
final class Runs {
    private Runs() {}

    /** What the two sinks of a run collected. */
    record Outputs(List<Integer> out, List<Integer> evens) {}

    /** A workflow source, work (replicated if {@code copies} > 0), out and evens sinks. */
    static Workflow arith(List<Integer> inputs, int copies, IntFunction<Actor> copy) {
        return arith(inputs, copies, copy, ChannelOptions.defaults());
    }

    /** As {@link #arith(List, int, IntFunction)}, every channel with {@code options}. */
    static Workflow arith(List<Integer> inputs, int copies, IntFunction<Actor> copy, ChannelOptions options) {
        Workflow.Builder b = Workflow.builder("arith").actor("src", TestActors.emit(Integer.class, inputs));
        if (copies > 0) {
            int[] next = {0};
            b.replicated("work", copies, () -> copy.apply(next[0]++));
        } else {
            b.actor("work", copy.apply(0));
        }
        return b.actor("out", TestActors.collect(Integer.class))
                .actor("evens", TestActors.collect(Integer.class))
                .connect("src.out", "work.in", options)
                .connect("work.out", "out.in", options)
                .connect("work.evens", "evens.in", options)
                .build();
    }

    @SuppressWarnings("unchecked")
    static Outputs outputs(Workflow workflow) {
        return new Outputs(((TestActors.Collect<Integer>) workflow.actor("out").orElseThrow().actor()).tokens,
                ((TestActors.Collect<Integer>) workflow.actor("evens").orElseThrow().actor()).tokens);
    }

    /** Runs {@code workflow} in memory under {@code director} and returns what its sinks collected. */
    static Outputs run(Workflow workflow, String director) throws Exception {
        Director d = director.equals("demand") ? Directors.demandDriven() : Directors.dataDriven();
        d.run(workflow, RunConfig.builder().build());
        return outputs(workflow);
    }
}
