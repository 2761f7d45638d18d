package io.sluice.samples;

import io.sluice.workflow.Workflow;
import java.util.List;

/**
 * The three workflows of the persistent-queues paper, built from the sample actors. Each writes
 * its result to {@code result.txt} in the run's work directory, one token per line.
 *
 * <ul>
 *   <li>{@code filter}: source → filter (words starting with "c") → sink;
 *   <li>{@code passthrough}: source → pass-through with busy work per word → sink;
 *   <li>{@code mergesort}: source → split → mergesort (with its channels A, B, T) → sink;
 *   <li>{@code insertion-sort}: source → insertion sort (with its loop channel) → sink.
 * </ul>
 */
public final class SampleWorkflows {
    /** The names {@link #named} accepts. */
    public static final List<String> NAMES = List.of("filter", "passthrough", "mergesort", "insertion-sort");

    private SampleWorkflows() {}

    /** Source → filter keeping words that start with "c" → sink. */
    public static Workflow filter(WordSource source) {
        return Workflow.builder("filter")
                .actor("source", source)
                .actor("filter", new PrefixFilter("c"))
                .actor("sink", new LineSink())
                .connect("source", WordSource.OUT, "filter", PrefixFilter.IN)
                .connect("filter", PrefixFilter.OUT, "sink", LineSink.IN)
                .build();
    }

    /** Source → pass-through doing {@code workPerToken} busy-loop iterations per word → sink. */
    public static Workflow passthrough(WordSource source, long workPerToken) {
        return Workflow.builder("passthrough")
                .actor("source", source)
                .actor("passthrough", new PassThrough(workPerToken))
                .actor("sink", new LineSink())
                .connect("source", WordSource.OUT, "passthrough", PassThrough.IN)
                .connect("passthrough", PassThrough.OUT, "sink", LineSink.IN)
                .build();
    }

    /** Source → split → mergesort, whose channels A, B and T loop back to it → sink. */
    public static Workflow mergesort(WordSource source) {
        return Workflow.builder("mergesort")
                .actor("source", source)
                .actor("split", new Split())
                .actor("mergesort", new MergeSort())
                .actor("sink", new LineSink())
                .connect("source", WordSource.OUT, "split", Split.IN)
                .connect("split", Split.OUT, "mergesort", MergeSort.IN)
                .connect("mergesort", MergeSort.A, "mergesort", MergeSort.A_IN)
                .connect("mergesort", MergeSort.B, "mergesort", MergeSort.B_IN)
                .connect("mergesort", MergeSort.T, "mergesort", MergeSort.T_IN)
                .connect("mergesort", MergeSort.OUT, "sink", LineSink.IN)
                .build();
    }

    /** Source → insertion sort, whose loop channel goes back to itself → sink. */
    public static Workflow insertionSort(WordSource source) {
        return Workflow.builder("insertion-sort")
                .actor("source", source)
                .actor("isort", new InsertionSort())
                .actor("sink", new LineSink())
                .connect("source", WordSource.OUT, "isort", InsertionSort.IN)
                .connect("isort", InsertionSort.LOOP, "isort", InsertionSort.LOOP_IN)
                .connect("isort", InsertionSort.OUT, "sink", LineSink.IN)
                .build();
    }

    /**
     * The sample workflow of the given name.
     *
     * @param workPerToken busy work per word, used by {@code passthrough} only
     * @throws IllegalArgumentException if the name is not one of {@link #NAMES}
     */
    public static Workflow named(String name, WordSource source, long workPerToken) {
        return switch (name) {
            case "filter" -> filter(source);
            case "passthrough" -> passthrough(source, workPerToken);
            case "mergesort" -> mergesort(source);
            case "insertion-sort" -> insertionSort(source);
            default -> throw new IllegalArgumentException("unknown sample workflow '" + name + "'; known: " + NAMES);
        };
    }
}
