package io.sluice.actors;

import io.sluice.director.Directors;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

/** Runs the actors' test workflows under both directors, on memory channels. */
final class Runs {
    /** Long enough for a loaded two-core machine; a run that takes longer is stuck. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private Runs() {}

    /** Both directors, for {@code @MethodSource("io.sluice.actors.Runs#directors")}. */
    static Stream<Director> directors() {
        return Stream.of(Directors.dataDriven(), Directors.demandDriven());
    }

    /** Runs a workflow to its end. */
    static RunResult run(Director director, Workflow workflow) throws Exception {
        return director.run(workflow, RunConfig.builder().timeout(TIMEOUT).build());
    }

    /** Runs a workflow to its end in a work directory. */
    static RunResult run(Director director, Workflow workflow, Path work) throws Exception {
        return director.run(workflow, RunConfig.builder().timeout(TIMEOUT).workDirectory(work).build());
    }

    /**
     * Runs {@code actor}, whose output port is {@code output}, into a collector and gives what it
     * put.
     */
    static List<Object> collect(Director director, io.sluice.actor.Actor actor, String output) throws Exception {
        TestActors.Collect<Object> sink = TestActors.collect(Object.class);
        Workflow workflow = Workflow.builder("collect").actor("actor", actor).actor("sink", sink)
                .connect("actor." + output, "sink.in").build();
        run(director, workflow);
        return List.copyOf(sink.tokens);
    }
}
