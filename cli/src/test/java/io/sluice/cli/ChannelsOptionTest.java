package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.samples.WordSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code --channels}: every policy sorts alike, and persistent channels stay in the work directory. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ChannelsOptionTest {
    @TempDir
    Path dir;

    private static List<String> sorted(List<String> words) {
        List<String> copy = new ArrayList<>(words);
        Collections.sort(copy);
        return copy;
    }

    @ParameterizedTest
    @ValueSource(strings = {"memory", "direct", "cached", "fast-track"})
    void everyPolicySortsLikeTheJdk(String policy) {
        String summary = Sluice.run(dir, "run", "mergesort", "--tokens", "2000", "--channels", policy, "--work", "w").summary();
        assertThat(summary).contains("channels " + policy);
        assertThat(Sluice.lines(dir.resolve("w/result.txt"))).isEqualTo(sorted(WordSource.generatedWords(2000, 1)));
        boolean persistent = !policy.equals("memory");
        for (String channel : List.of("source.out", "split.out", "mergesort.a", "mergesort.b", "mergesort.t", "mergesort.out")) {
            assertThat(Files.isRegularFile(dir.resolve("w/channels/" + channel + "/channel.json"))).as(channel).isEqualTo(persistent);
        }
    }

    @Test
    void runningAgainReplacesTheChannelsAndProvenanceOfTheEarlierRun() {
        Sluice.run(dir, "run", "filter", "--tokens", "500", "--work", "w").summary();
        Sluice.Outcome again = Sluice.run(dir, "run", "filter", "--tokens", "600", "--work", "w");
        assertThat(again.code()).isEqualTo(Main.OK);
        assertThat(again.err().lines().toList()).containsExactly("sluice: replacing the 2 channels of an earlier run in w/channels",
                "sluice: replacing the provenance of an earlier run in w/provenance");
        assertThat(again.out()).contains("filter: 600 tokens");
        assertThat(Sluice.run(dir, "prov", "stats", "w").out()).as("the provenance is the new run's")
                .containsPattern("source +601 +0 +600 ");
    }

    @Test
    void somethingElseInTheChannelsDirectoryIsNeverRemoved() throws Exception {
        Files.createDirectories(dir.resolve("w/channels/notes"));
        Files.writeString(dir.resolve("w/channels/notes/todo.txt"), "keep me");
        Sluice.run(dir, "run", "filter", "--tokens", "5", "--work", "w").isUsageError();
        assertThat(Files.readString(dir.resolve("w/channels/notes/todo.txt"))).isEqualTo("keep me");
    }

    @Test
    void anUnknownPolicyIsAUsageError() {
        Sluice.Outcome o = Sluice.run(dir, "run", "filter", "--channels", "tape").isUsageError();
        assertThat(o.err()).contains("unknown channel policy 'tape'; known: [memory, direct, cached, fast-track]");
    }

    @Test
    void thePutCacheCanBeSmallerThanTheDefault() {
        Sluice.run(dir, "run", "mergesort", "--tokens", "3000", "--channels", "fast-track", "--put-cache", "16", "--work", "w").summary();
        assertThat(Sluice.lines(dir.resolve("w/result.txt"))).isEqualTo(sorted(WordSource.generatedWords(3000, 1)));
    }

    @Test
    void aPutCacheOfOneTokenIsAUsageError() {
        Sluice.Outcome o = Sluice.run(dir, "run", "filter", "--put-cache", "1").isUsageError();
        assertThat(o.err()).contains("--put-cache: put cache must hold at least 2 tokens, was 1");
    }
}
