package io.sluice.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.director.Directors;
import io.sluice.records.FieldDefault;
import io.sluice.records.FormatName;
import io.sluice.records.RecordChannels;
import io.sluice.records.RecordCodecs;
import io.sluice.records.RecordFormat;
import io.sluice.run.RunConfig;
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

/**
 * The filter workflow over records: records of a word and a number, filtered on the field
 * {@code word}, on memory and fast-track channels, as record classes, generic records and plain
 * Java objects; the channels of records store their format once, and a program with a newer
 * version of the record reads them.
 */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RecordWorkflowsTest {
    private static final int WORDS = 20_000;

    /** A newer version of {@link WordCount}, as another program has it. */
    @FormatName("io.sluice.samples.WordCount")
    record WordCountV2(String word, double number, @FieldDefault("\"en\"") String language) {}

    @TempDir
    Path tmp;

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (ChannelPolicy policy : List.of(ChannelPolicy.MEMORY, ChannelPolicy.FAST_TRACK)) {
            for (RecordWorkflows.Kind kind : RecordWorkflows.Kind.values()) {
                cases.add(Arguments.of(kind, policy));
            }
        }
        return cases.stream();
    }

    private void run(RecordWorkflows.Kind kind, ChannelPolicy policy, Path work) throws Exception {
        Directors.dataDriven().run(RecordWorkflows.filter(kind, WORDS, 7),
                RunConfig.builder().channels(PersistentSampleWorkflowsTest.channels(policy, work)).workDirectory(work).build());
    }

    @ParameterizedTest(name = "{0} on {1} channels")
    @MethodSource("cases")
    void theFilterKeepsTheRecordsWhoseWordStartsWithC(RecordWorkflows.Kind kind, ChannelPolicy policy) throws Exception {
        Path work = tmp.resolve("work");
        run(kind, policy, work);

        List<String> words = WordSource.generatedWords(WORDS, 7);
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).startsWith("c")) {
                expected.add(switch (kind) {
                    case RECORDS -> new WordCount(words.get(i), i).toString();
                    case PLAIN -> new PlainWordCount(words.get(i), i).toString();
                    case GENERIC -> "{\"word\":\"" + words.get(i) + "\",\"number\":" + i + "}";
                });
            }
        }
        assertThat(expected).hasSize(RecordWorkflows.expectedWords(WORDS, 7).size()).isNotEmpty();
        assertThat(Files.readAllLines(work.resolve("result.txt"))).isEqualTo(expected);
        if (policy.persistent()) {
            Path filtered = work.resolve("channels").resolve(RecordWorkflows.FILTERED);
            assertThat(PersistentChannels.describe(filtered).codec()).isEqualTo(kind == RecordWorkflows.Kind.PLAIN ? "smile" : RecordCodecs.ID);
        }
    }

    @Test
    void aProgramWithANewerVersionOfTheRecordReadsTheChannelsOfARun() throws Exception {
        Path work = tmp.resolve("work");
        run(RecordWorkflows.Kind.RECORDS, ChannelPolicy.FAST_TRACK, work);
        Path filtered = work.resolve("channels").resolve(RecordWorkflows.FILTERED);
        assertThat(RecordChannels.formats(filtered)).containsExactly(RecordFormat.of(WordCount.class));

        List<String> expected = RecordWorkflows.expectedWords(WORDS, 7);
        try (SeekableChannelReader<WordCountV2> reader = RecordChannels.openReader(filtered, WordCountV2.class)) {
            List<WordCountV2> read = new ArrayList<>();
            for (WordCountV2 r = reader.take(); r != null; r = reader.take()) {
                read.add(r);
            }
            assertThat(read).extracting(WordCountV2::word).isEqualTo(expected);
            assertThat(read).allSatisfy(r -> assertThat(r.language()).isEqualTo("en"));
            assertThat(read.get(0).number()).isEqualTo((double) WordSource.generatedWords(WORDS, 7).indexOf(expected.get(0)));
        }
    }
}
