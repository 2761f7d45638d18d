package io.sluice.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.testing.NoLeakedThreads;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The paper's workflows on persistent channels: the same results as in memory, and the channels stay on disk. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PersistentSampleWorkflowsTest {
    @TempDir
    Path tmp;

    static ChannelFactory channels(ChannelPolicy policy, Path work) {
        return policy == ChannelPolicy.MEMORY ? MemoryChannels.factory()
                : PersistentChannels.builder(work.resolve("channels")).policy(policy).tokensPerFile(4096).build();
    }

    static RunResult run(String sample, String director, ChannelPolicy policy, WordSource source, Path work) throws Exception {
        return Directors.named(director).run(SampleWorkflows.named(sample, source, 10),
                RunConfig.builder().channels(channels(policy, work)).workDirectory(work).build());
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (ChannelPolicy policy : List.of(ChannelPolicy.DIRECT, ChannelPolicy.CACHED, ChannelPolicy.FAST_TRACK)) {
            for (String director : SampleWorkflowsTest.DIRECTORS) {
                for (String sample : SampleWorkflows.NAMES) {
                    cases.add(Arguments.of(sample, director, policy, sample.equals("insertion-sort") ? 300 : 5000));
                }
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} of {3} words under {1} on {2} channels")
    @MethodSource("cases")
    void resultEqualsTheJdks(String sample, String director, ChannelPolicy policy, int n) throws Exception {
        Path work = tmp.resolve("work");
        run(sample, director, policy, WordSource.generated(n, 11), work);
        assertThat(Files.readAllLines(work.resolve("result.txt")))
                .isEqualTo(SampleWorkflowsTest.expected(sample, WordSource.generatedWords(n, 11)));
    }

    @Test
    void theChannelsStayOnDiskAndCanBeReadAfterTheRun() throws Exception {
        Path work = tmp.resolve("work");
        RunResult result = run("mergesort", "data", ChannelPolicy.FAST_TRACK, WordSource.generated(3000, 5), work);
        try (SeekableChannelReader<String> words = PersistentChannels.openReader(work.resolve("channels/source.out"), String.class)) {
            List<String> read = new ArrayList<>();
            for (String w = words.take(); w != null; w = words.take()) {
                read.add(w);
            }
            assertThat(read).isEqualTo(WordSource.generatedWords(3000, 5));
            words.seek(2990);
            assertThat(words.take()).isEqualTo(WordSource.generatedWords(3000, 5).get(2990));
            assertThat(words.tell()).isEqualTo(2991);
        }
        long onA = result.channel("mergesort.a").orElseThrow().tokensWritten();
        try (SeekableChannelReader<SortItem> a = PersistentChannels.openReader(work.resolve("channels/mergesort.a"), SortItem.class)) {
            long count = 0;
            while (a.take() != null) {
                count++;
            }
            assertThat(count).as("every token the mergesort actor put on its channel A").isEqualTo(onA);
        }
    }

    @Test
    void everyPolicyGivesByteIdenticalResults() throws Exception {
        byte[] reference = null;
        for (ChannelPolicy policy : ChannelPolicy.values()) {
            Path work = tmp.resolve(policy.id());
            run("mergesort", "data", policy, WordSource.generated(20_000, 3), work);
            byte[] result = Files.readAllBytes(work.resolve("result.txt"));
            if (reference == null) {
                reference = result;
            } else {
                assertThat(result).as(policy.id()).isEqualTo(reference);
            }
        }
    }
}
