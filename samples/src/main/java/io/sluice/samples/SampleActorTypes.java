package io.sluice.samples;

import io.sluice.workflow.ActorRegistry;
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
        registry.register("word-source", SampleActorTypes::wordSource)
                .register("passthrough", p -> new PassThrough(p.longValue("work", 0)))
                .register("prefix-filter", p -> new PrefixFilter(p.string("prefix", "c")))
                .register("split", p -> new Split())
                .register("mergesort", p -> new MergeSort())
                .register("insertion-sort", p -> new InsertionSort())
                .register("line-sink", p -> new LineSink(p.string(LineSink.FILE, LineSink.DEFAULT_FILE)));
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
