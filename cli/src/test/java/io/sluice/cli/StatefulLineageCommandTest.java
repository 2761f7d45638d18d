package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.ChannelPolicy;
import io.sluice.director.Directors;
import io.sluice.durable.DurableRun;
import io.sluice.durable.WorkDirectory;
import io.sluice.testing.KeyCount;
import io.sluice.testing.TestActors;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice prov lineage} through an actor that keeps state: the widened dependency is said, as ranges. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class StatefulLineageCommandTest {
    @TempDir
    Path dir;

    /**
     * Runs source → count (a {@link KeyCount}, which keeps state) → sink over {@code words} words
     * of three keys, recording provenance in {@code work}.
     */
    static void recordKeyCounts(Path work, int words) throws Exception {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < words; i++) {
            keys.add("k" + i % 3);
        }
        Workflow workflow = Workflow.builder("counts")
                .actor("source", TestActors.emit(String.class, keys))
                .actor("count", new KeyCount(null))
                .actor("sink", TestActors.collect(String.class))
                .connect("source.out", "count.in")
                .connect("count.out", "sink.in")
                .build();
        try (WorkDirectory w = WorkDirectory.take(work);
                DurableRun run = DurableRun.in(w).policy(ChannelPolicy.FAST_TRACK).start(workflow)) {
            Directors.dataDriven().run(workflow, run.config().build());
        }
    }

    @Test
    void aWidenedDependencyIsSaidAndFollowedAsRanges() throws Exception {
        recordKeyCounts(dir.resolve("w"), 200_000);

        Sluice.Outcome back = Sluice.run(dir, "prov", "lineage", "w", "count.out#2");
        assertThat(back.code()).as(back.err()).isEqualTo(Main.OK);
        assertThat(back.out()).as(back.out()).isEqualTo(String.join(System.lineSeparator(),
                "count.out#2 \"k2=66666\": derived from (depth 3)",
                "  1. count#200000 (via count.out#2)",
                "     took nothing",
                "     widened: count keeps state across firings, so what firing 200000 put derives from all it took in firings 0 to"
                        + " 200000 (since it started):",
                "       took source.out#0..199999 (200,000 tokens)",
                "    2. source#0..199999 (200,000 firings, via source.out#0..199999)",
                "       took nothing",
                ""));

        Sluice.Outcome forward = Sluice.run(dir, "prov", "lineage", "w", "source.out#5", "--forward");
        assertThat(forward.out()).as(forward.out()).isEqualTo(String.join(System.lineSeparator(),
                "source.out#5 \"k2\": used by (depth 3)",
                "  1. count#5 (via source.out#5)",
                "     put nothing",
                "     widened: count keeps state across firings, so what it put in firings 5 to 200000 (its last recorded) derives"
                        + " from what firing 5 took:",
                "       put count.out#0..2 (3 tokens)",
                "    2. sink#0..2 (3 firings, via count.out#0..2)",
                "       put nothing",
                ""));
    }
}
