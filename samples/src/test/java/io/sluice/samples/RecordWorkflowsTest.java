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

    /** Collects what it reads on a port of the newer version. */
    static final class NewerSink implements io.sluice.actor.Actor {
        static final io.sluice.actor.InputPort<WordCountV2> IN = io.sluice.actor.Port.input("in", WordCountV2.class);
        final List<WordCountV2> read = java.util.Collections.synchronizedList(new ArrayList<>());

        @Override
        public List<io.sluice.actor.Port<?>> ports() {
            return List.of(IN);
        }

        @Override
        public void fire(io.sluice.actor.FiringContext context) {
            read.add(context.take(IN));
        }
    }

    @ParameterizedTest(name = "on {0} channels")
    @org.junit.jupiter.params.provider.EnumSource(value = ChannelPolicy.class, names = {"MEMORY", "FAST_TRACK"})
    void readerPortsOfAnotherVersionGetTheirOwnVersionWithinARun(ChannelPolicy policy) throws Exception {
        Path work = tmp.resolve("work");
        NewerSink newer = new NewerSink();
        // WordCount records → a generic filter (RecordValue port) → a sink of the newer version (WordCountV2 port).
        io.sluice.workflow.Workflow workflow = io.sluice.workflow.Workflow.builder("versions")
                .actor("source", WordCountSource.records(2_000, 3))
                .actor("filter", new RecordFieldFilter<>(io.sluice.records.RecordValue.class, v -> v.getString("word"), "c"))
                .actor("newer", newer)
                .connect("source.out", "filter.in")
                .connect("filter.out", "newer.in")
                .build();
        Directors.dataDriven().run(workflow,
                RunConfig.builder().channels(PersistentSampleWorkflowsTest.channels(policy, work)).workDirectory(work).build());

        List<String> words = WordSource.generatedWords(2_000, 3);
        List<WordCountV2> expected = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            if (words.get(i).startsWith("c")) {
                expected.add(new WordCountV2(words.get(i), i, "en"));
            }
        }
        assertThat(newer.read).isNotEmpty().isEqualTo(expected);
    }

    @Test
    void aConnectionBetweenPortsThatNoConverterReadsIsRefusedWhenTheWorkflowIsBuilt() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> io.sluice.workflow.Workflow.builder("w")
                        .actor("source", WordSource.generated(1, 1))
                        .actor("newer", new NewerSink())
                        .connect("source.out", "newer.in")
                        .build())
                .isInstanceOf(io.sluice.workflow.WorkflowDefinitionException.class)
                .hasMessageContaining("produces java.lang.String but 'newer.in' accepts " + WordCountV2.class.getName());
    }

    /** A version that cannot read {@link WordCount}s: it needs a field they lack, with no default. */
    @FormatName("io.sluice.samples.WordCount")
    record Unreadable(String word, int count) {}

    /** Reads {@link Unreadable}s. */
    static final class UnreadableSink implements io.sluice.actor.Actor {
        static final io.sluice.actor.InputPort<Unreadable> IN = io.sluice.actor.Port.input("in", Unreadable.class);

        @Override
        public List<io.sluice.actor.Port<?>> ports() {
            return List.of(IN);
        }

        @Override
        public void fire(io.sluice.actor.FiringContext context) {
            context.take(IN);
        }
    }

    @Test
    void aReaderPortOfAVersionThatCannotReadTheWritersIsRefusedWhenTheWorkflowIsBuilt() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> io.sluice.workflow.Workflow.builder("w")
                        .actor("source", WordCountSource.records(1, 1))
                        .actor("old", new UnreadableSink())
                        .connect("source.out", "old.in")
                        .build())
                .isInstanceOf(io.sluice.workflow.WorkflowDefinitionException.class)
                .hasMessageContaining("'source.out' produces " + WordCount.class.getName())
                .hasMessageContaining("field 'count'");
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
