package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceServer;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice transfer SPEC.json [--plan]} between space servers in this JVM on loopback. The servers
 * run one event-loop thread each, started before the command, so that the check for threads the command
 * left running does not count theirs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TransferCommandTest {
    @TempDir
    Path dir;

    private static void fill(URI space, String channel, int from, int to) throws Exception {
        try (RemoteSpace s = RemoteChannels.connect(space); Channel<String> c = s.open(ChannelSpec.unbounded(channel, String.class))) {
            ChannelWriter<String> w = c.writer();
            for (int i = from; i < to; i++) {
                w.put("token " + i);
            }
            w.close();
        }
    }

    /** Up to {@code max} tokens of the channel, fewer if its stream ends first. */
    private static List<String> read(URI space, String channel, int max) throws Exception {
        List<String> out = new ArrayList<>();
        try (RemoteSpace s = RemoteChannels.connect(space); Channel<String> c = s.open(ChannelSpec.unbounded(channel, String.class));
                ChannelReader<String> r = c.openReader("check")) {
            for (String t; out.size() < max && (t = r.take()) != null; ) {
                out.add(t);
            }
        }
        return out;
    }

    private Path spec(URI a, URI b, URI x) throws Exception {
        return Files.writeString(dir.resolve("spec.json"), """
                {"channel": "words",
                 "senders": [
                   {"name": "a", "space": "%s", "holds": ["0-2999"]},
                   {"name": "b", "space": "%s", "holds": ["1000-3999"]}
                 ],
                 "receivers": [
                   {"name": "x", "space": "%s", "channel": "copy", "wants": ["0-3999"]}
                 ]}
                """.formatted(a, b, x));
    }

    @Test
    void movesTheDataAndPrintsASummaryLine() throws Exception {
        try (SpaceServer a = SpaceServer.builder(dir.resolve("a")).threads(1).start(); SpaceServer b = SpaceServer.builder(dir.resolve("b")).threads(1).start();
                SpaceServer x = SpaceServer.builder(dir.resolve("x")).threads(1).start()) {
            fill(a.uri(), "words", 0, 3000);
            fill(b.uri(), "words", 0, 4000);
            spec(a.uri(), b.uri(), x.uri());
            String summary = Sluice.run(dir, "transfer", "spec.json").summary();
            assertThat(summary).startsWith("transferred 4,000 tokens").contains("of words in").contains("senders a ").contains(", b ");
            List<String> got = read(x.uri(), "copy", Integer.MAX_VALUE); // to the end of its stream
            assertThat(got).hasSize(4000);
            for (int i = 0; i < 4000; i++) {
                assertThat(got.get(i)).isEqualTo("token " + i);
            }
        }
    }

    @Test
    void planPrintsTheScheduleAndMovesNothing() throws Exception {
        try (SpaceServer a = SpaceServer.builder(dir.resolve("a")).threads(1).start(); SpaceServer b = SpaceServer.builder(dir.resolve("b")).threads(1).start();
                SpaceServer x = SpaceServer.builder(dir.resolve("x")).threads(1).start()) {
            fill(a.uri(), "words", 0, 3000);
            fill(b.uri(), "words", 0, 4000);
            spec(a.uri(), b.uri(), x.uri());
            Sluice.Outcome o = Sluice.run(dir, "transfer", "spec.json", "--plan", "--scheduler", "lp");
            assertThat(o.code()).as(o.err()).isZero();
            assertThat(o.out()).contains("plan of words (lp schedule): 4,000 tokens to 1 receivers from 2 senders")
                    .contains("a -> x: 0-").contains("b -> x: ").contains("-3999").contains("predicted time:");
            try (RemoteSpace s = RemoteChannels.connect(x.uri())) {
                assertThat(s.names(".*")).isEmpty();
            }
        }
    }

    @Test
    void rangesThatCannotBeMovedAreNamedWithTheNode() throws Exception {
        try (SpaceServer a = SpaceServer.builder(dir.resolve("a")).threads(1).start(); SpaceServer x = SpaceServer.builder(dir.resolve("x")).threads(1).start()) {
            fill(a.uri(), "words", 0, 3000);
            URI gone;
            try (SpaceServer b = SpaceServer.builder(dir.resolve("b")).threads(1).start()) {
                gone = b.uri();
            }
            spec(a.uri(), gone, x.uri());
            Sluice.run(dir, "transfer", "spec.json").isFailure("sluice: transfer of 'words' incomplete: receiver 'x' lacks 3000-3999"
                    + " (no surviving sender holds 3000-3999; b failed: ");
            List<String> got = read(x.uri(), "copy", 3000); // what could be moved is there; the stream stays open
            for (int i = 0; i < 3000; i++) {
                assertThat(got.get(i)).isEqualTo("token " + i);
            }
        }
    }

    @Test
    void anInvalidSpecNamesItsLine() throws Exception {
        Files.writeString(dir.resolve("bad.json"), "{\"channel\": \"c\",\n \"senders\": [{\"space\": \"sluice://h:1\", \"holds\": [\"0-9\"]}],\n"
                + " \"receivers\": [{\"space\": \"sluice://h:2\", \"wants\": [\"0-10\"]}]}\n");
        Sluice.run(dir, "transfer", "bad.json").isFailure("sluice: invalid transfer spec: " + dir.resolve("bad.json") + ": no sender holds 10-10 (wanted by r1)");
        Sluice.run(dir, "transfer", "missing.json").isUsageError();
        Sluice.run(dir, "transfer", "bad.json", "--scheduler", "fast").isUsageError();
    }
}
