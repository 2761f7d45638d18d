package io.sluice.samples;

import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ActorTypeInfo;
import io.sluice.workflow.ActorTypes;
import io.sluice.workflow.Parameters;

/**
 * The sample actors as types for JSON workflows (found by {@link ActorRegistry#discover}):
 *
 * <table>
 *   <caption>Sample actor types</caption>
 *   <tr><th>type</th><th>parameters</th></tr>
 *   <tr><td>{@code word-source}</td><td>{@code file} (a word list, one word per line), or
 *       {@code tokens} (count of generated words) with optional {@code seed} (default 1)</td></tr>
 *   <tr><td>{@code passthrough}</td><td>{@code work}: busy-loop iterations per word (default 0)</td></tr>
 *   <tr><td>{@code prefix-filter}</td><td>{@code prefix} (default {@code "c"})</td></tr>
 *   <tr><td>{@code split}, {@code mergesort}, {@code insertion-sort}</td><td>none</td></tr>
 *   <tr><td>{@code line-sink}</td><td>{@code file}, relative to the work directory (default
 *       {@code result.txt}); outside it only if the run allows that</td></tr>
 * </table>
 */
public final class SampleActorTypes implements ActorTypes {

    @Override
    public void registerTo(ActorRegistry.Builder registry) {
        registry.register("word-source", SampleActorTypes::wordSource, ActorTypeInfo.of("word-source",
                        "Puts words: the lines of a file, or pseudo-random ones; finishes after the last.")
                        .output("out", String.class, "the words, in order")
                        .optional("file", "path", null, "a word list, one word per line (UTF-8); give it or tokens")
                        .optional("tokens", "integer", null, "how many pseudo-random words to generate; give it or file")
                        .optional("seed", "integer", 1, "the seed of the generated words"))
                .register("passthrough", p -> new PassThrough(p.longValue("work", 0)), ActorTypeInfo.of("passthrough",
                        "Passes every word on after some busy work.")
                        .input("in", String.class, "the words").output("out", String.class, "the same words")
                        .optional("work", "integer", 0, "busy-loop iterations per word"))
                .register("prefix-filter", p -> new PrefixFilter(p.string("prefix", "c")), ActorTypeInfo.of("prefix-filter",
                        "Keeps the words that start with a prefix.")
                        .input("in", String.class, "the words").output("out", String.class, "the words kept")
                        .optional("prefix", "string", "c", "the prefix the words kept start with"))
                .register("split", p -> new Split(), ActorTypeInfo.of("split",
                        "Turns words into mergesort's items: one sublist of one word each.")
                        .input("in", String.class, "the words").output("out", SortItem.class, "the items"))
                .register("mergesort", p -> new MergeSort(), ActorTypeInfo.of("mergesort",
                        "Sorts by merging sublists it moves over three channels of its own (connect a to aIn, b to bIn, t to tIn).")
                        .input("in", SortItem.class, "the items to sort").input("aIn", SortItem.class, "its channel a")
                        .input("bIn", SortItem.class, "its channel b").input("tIn", SortItem.class, "its channel t")
                        .output("a", SortItem.class, "its channel a").output("b", SortItem.class, "its channel b")
                        .output("t", SortItem.class, "its channel t").output("out", String.class, "the sorted words"))
                .register("insertion-sort", p -> new InsertionSort(), ActorTypeInfo.of("insertion-sort",
                        "Sorts by insertion, keeping the sorted list on a channel to itself (connect loop to loopIn).")
                        .input("in", String.class, "the words").input("loopIn", String.class, "its loop")
                        .output("loop", String.class, "its loop").output("out", String.class, "the sorted words"))
                .register("line-sink", p -> new LineSink(p.string(LineSink.FILE, LineSink.DEFAULT_FILE)), ActorTypeInfo.of("line-sink",
                        "Writes each token it takes as a line of a file in the run's work directory.")
                        .input("in", Object.class, "the tokens, each written as a line")
                        .optional(LineSink.FILE, "path", LineSink.DEFAULT_FILE, "the file, relative to the work directory"));
    }

    private static WordSource wordSource(Parameters p) {
        boolean file = p.has("file");
        boolean tokens = p.has("tokens");
        if (file == tokens) {
            throw new IllegalArgumentException("give exactly one of the parameters 'file' and 'tokens'");
        }
        if (file) {
            return WordSource.fromFile(p.path("file"));
        }
        return WordSource.generated(p.longValue("tokens"), p.longValue("seed", 1));
    }
}
