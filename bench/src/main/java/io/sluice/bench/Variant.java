package io.sluice.bench;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelSpec;
import io.sluice.provenance.ProvenanceRecorder;
import io.sluice.run.RunConfig;
import io.sluice.run.Director;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One configuration the workflow harness measures: a workflow, run by a director, over channels
 * of one kind. Variants of the same workflow are compared with each other; one of them is the
 * baseline their ratios are taken against.
 *
 * <p>New kinds of variant plug in here: a persistent channel policy is a new {@link ChannelSetup}
 * (it gets the run's scratch directory, whose size the harness reports), a new workflow a new
 * {@link WorkflowCase}. A heap limit is a JVM option, so variants that differ by heap cannot
 * alternate in one JVM; they need one harness run per heap size (see docs/benchmarks.md).
 *
 * @param name unique name, shown in tables and the chart, e.g. {@code filter/data/memory}
 * @param workflow what runs
 * @param director who schedules it
 * @param channels the channel factory of each run
 * @param baseline true for the variant its workflow's others are compared with
 */
record Variant(String name, WorkflowCase workflow, Director director, ChannelSetup channels, boolean baseline) {

    Variant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(workflow, "workflow");
        Objects.requireNonNull(director, "director");
        Objects.requireNonNull(channels, "channels");
    }

    /** The variant named {@code workflow/director/channels}. */
    static Variant of(WorkflowCase workflow, Director director, ChannelSetup channels, boolean baseline) {
        return new Variant(workflow.name() + "/" + director.name() + "/" + channels.name(), workflow, director, channels,
                baseline);
    }

    /**
     * A workflow the harness can build afresh for each run (actors keep state, so a workflow runs
     * once), and how to tell that a run produced the whole result.
     *
     * @param name the workflow's name, e.g. {@code filter}
     * @param factory builds the workflow for a number of source tokens and a seed
     * @param outputChannel the channel that carries the workflow's result to its sink
     * @param expected how many tokens that channel must carry when the run is complete
     */
    record WorkflowCase(String name, Factory factory, String outputChannel, ExpectedOutput expected) {
        /** Builds a new workflow whose source emits {@code tokens} words generated from {@code seed}. */
        @FunctionalInterface
        interface Factory {
            Workflow build(long tokens, long seed);
        }

        /** The number of result tokens a complete run of {@code tokens} source words gives. */
        @FunctionalInterface
        interface ExpectedOutput {
            long of(long tokens, long seed);
        }

        Workflow build(long tokens, long seed) {
            return factory.build(tokens, seed);
        }
    }

    /**
     * The channels of a run. Given the run's own scratch directory, so that persistent policies
     * keep their files where the harness measures (and deletes) them.
     *
     * @param name short name shown in variant names, e.g. {@code memory}
     * @param factory opens the channel factory of one run
     * @param provenance whether the run records its provenance ({@code ProvenanceRecorder})
     * @param memoryCapacity the run's {@link RunConfig#memoryCapacity()}: unbounded unless a setup says otherwise
     * @param memoryCapacityBytes the run's {@link RunConfig#memoryCapacityBytes()}: unbounded unless a setup says otherwise
     */
    record ChannelSetup(String name, Factory factory, boolean provenance, int memoryCapacity, long memoryCapacityBytes) {
        ChannelSetup(String name, Factory factory) {
            this(name, factory, false);
        }

        ChannelSetup(String name, Factory factory, boolean provenance) {
            this(name, factory, provenance, ChannelSpec.UNBOUNDED, ChannelSpec.UNBOUNDED_BYTES);
        }

        /** The channel factory of one run whose files, if any, go under {@code runDirectory}. */
        @FunctionalInterface
        interface Factory {
            ChannelFactory open(Path runDirectory) throws IOException;
        }

        ChannelFactory open(Path runDirectory) throws IOException {
            return factory.open(runDirectory);
        }

        /**
         * A run's configuration over these channels in {@code runDirectory}: its channels, and its
         * provenance recorder if any. Memory channels are left unbounded, as the benchmark pages say,
         * unless the setup bounds them.
         */
        RunConfig.Builder configure(Path runDirectory) throws IOException {
            RunConfig.Builder b = RunConfig.builder().channels(open(runDirectory)).workDirectory(runDirectory)
                    .memoryCapacity(memoryCapacity).memoryCapacityBytes(memoryCapacityBytes);
            if (provenance) {
                b.listener(ProvenanceRecorder.create());
            }
            return b;
        }
    }
}
