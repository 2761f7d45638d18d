package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.samples.WordSource;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code sluice channel info|read|retain}: a second program reads what a run left on disk, and trims it. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ChannelCommandTest {
    @TempDir
    Path dir;

    @Test
    void readsAChannelFromTheStartAndFromASeq() {
        Sluice.run(dir, "run", "mergesort", "--tokens", "500", "--work", "w").summary();
        List<String> words = WordSource.generatedWords(500, 1);

        Sluice.Outcome info = Sluice.run(dir, "channel", "info", "w/channels/source.out");
        assertThat(info.summary()).isEqualTo("source.out: 500 tokens of java.lang.String (codec string), ended");

        Sluice.Outcome all = Sluice.run(dir, "channel", "read", "w/channels/source.out");
        assertThat(all.code()).isEqualTo(Main.OK);
        assertThat(all.out().lines().toList()).isEqualTo(words);

        Sluice.Outcome some = Sluice.run(dir, "channel", "read", "w/channels/source.out", "--from", "490", "--count", "3");
        assertThat(some.out().lines().toList()).isEqualTo(words.subList(490, 493));

        Sluice.Outcome items = Sluice.run(dir, "channel", "read", "w/channels/split.out", "--count", "3");
        assertThat(items.out().lines().toList()).containsExactly("Word[text=" + words.get(0) + "]", "|", "Word[text=" + words.get(1) + "]");
    }

    @Test
    void badChannelsAndSeqsAreNamed() {
        Sluice.run(dir, "run", "filter", "--tokens", "20", "--work", "w").summary();
        Sluice.run(dir, "channel", "read", "w/channels/none").isUsageError();
        Sluice.run(dir, "channel", "read", "w/channels/source.out", "--from", "21").isUsageError();
        Sluice.run(dir, "channel", "info", "w").isFailure("sluice: channel 'w'");
    }

    @Test
    void retainRemovesTheFilesBeforeASeq() throws Exception {
        var factory = PersistentChannels.builder(dir).tokensPerFile(100).build();
        try (Channel<String> channel = factory.open(ChannelSpec.unbounded("c", String.class))) {
            for (int i = 0; i < 350; i++) {
                channel.writer().put("t" + i);
            }
            channel.writer().close();
        }

        Sluice.Outcome retain = Sluice.run(dir, "channel", "retain", "c", "--from", "250");
        assertThat(retain.code()).isEqualTo(Main.OK);
        assertThat(retain.out()).matches("c: removed 2 queue files \\([0-9,]+ bytes\\); it holds its tokens from 200 on\\R");

        assertThat(Sluice.run(dir, "channel", "info", "c").summary())
                .isEqualTo("c: 350 tokens of java.lang.String (codec string), ended; tokens before 200 removed by a retention step");
        assertThat(Sluice.run(dir, "channel", "read", "c", "--count", "2").out().lines().toList()).containsExactly("t200", "t201");
        Sluice.run(dir, "channel", "read", "c", "--from", "10").isUsageError();
        Sluice.run(dir, "channel", "retain", "c").isUsageError();
        Sluice.run(dir, "channel", "retain", "c", "--from", "-1").isUsageError();
    }
}
