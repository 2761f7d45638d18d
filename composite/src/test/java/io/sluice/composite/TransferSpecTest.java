package io.sluice.composite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading, building and validating transfer specs: the paper's Figure 2 as JSON, and every error named where it is. */
class TransferSpecTest {
    /** Figure 2 of the paper: four senders with disjoint quarters (two files), three receivers. */
    static final String FIGURE_2 = """
            {
              "channel": "my-data",
              "senders": [
                {"name": "node1", "space": "sluice://node1:55553", "channel": "half1", "holds": ["0-1023"]},
                {"name": "node2", "space": "sluice://node2:55554", "channel": "half1", "holds": ["1024-2047"]},
                {"name": "node3", "space": "sluice://192.168.3.4:55555", "channel": "half2", "holds": [{"range": "2048-3071", "at": 0}]},
                {"name": "node4", "space": "sluice://192.168.3.5:55555", "channel": "half2", "holds": [{"range": "3072-4095", "at": 1024}]}
              ],
              "receivers": [
                {"name": "node5", "space": "sluice://node5:55557", "channel": "copy1", "wants": ["0-2047"]},
                {"name": "node7", "space": "sluice://node7:55559", "channel": "copy1", "wants": ["2048-4095"]},
                {"name": "node6", "space": "sluice://node6:55558", "channel": "copy2", "wants": ["0-4095"]}
              ]
            }
            """;

    @Test
    void readsFigureTwo(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("spec.json");
        Files.writeString(file, FIGURE_2);
        TransferSpec spec = TransferSpec.read(file);
        assertThat(spec.channel()).isEqualTo("my-data");
        assertThat(spec.tokenType()).isEqualTo("java.lang.String");
        assertThat(spec.senders()).extracting(TransferSpec.Sender::name).containsExactly("node1", "node2", "node3", "node4");
        TransferSpec.Sender node3 = spec.sender("node3");
        assertThat(node3.space()).isEqualTo(URI.create("sluice://192.168.3.4:55555"));
        assertThat(node3.channel()).isEqualTo("half2");
        assertThat(node3.holding(2048).local(2048)).isZero();
        assertThat(spec.sender("node4").holding(4095).local(4095)).isEqualTo(2047);
        assertThat(spec.sender("node2").holding(1024).local(1024)).isEqualTo(1024);
        assertThat(spec.receiver("node6").wants()).containsExactly(new SeqRange(0, 4096));
        assertThat(spec.wantedTokens()).isEqualTo(2048 + 2048 + 4096);
    }

    @Test
    void defaultsNamesAndChannels() {
        TransferSpec spec = TransferSpec.read(new StringReader("""
                {"channel": "c", "type": "java.lang.Long",
                 "senders": [{"space": "sluice://h:1", "holds": ["0-9", 20]}],
                 "receivers": [{"space": "sluice://h:2", "wants": ["20", "0-4"]}]}
                """), "inline");
        assertThat(spec.senders().get(0).name()).isEqualTo("s1");
        assertThat(spec.senders().get(0).channel()).isEqualTo("c");
        assertThat(spec.receivers().get(0).name()).isEqualTo("r1");
        assertThat(spec.receivers().get(0).wants()).containsExactly(new SeqRange(20, 21), new SeqRange(0, 5));
        assertThat(spec.tokenType()).isEqualTo("java.lang.Long");
    }

    @Test
    void refusesAWantedRangeNoSenderHoldsNamingRangesAndReceivers() {
        assertThatThrownBy(() -> TransferSpec.builder("c")
                .sender("a", URI.create("sluice://h:1"), new SeqRange(0, 100), new SeqRange(200, 300))
                .receiver("x", URI.create("sluice://h:2"), "c", new SeqRange(50, 250))
                .receiver("y", URI.create("sluice://h:3"), "c", new SeqRange(100, 200), new SeqRange(300, 310))
                .build())
                .isInstanceOf(TransferSpecException.class)
                .hasMessage("no sender holds 100-199 (wanted by x, y); 300-309 (wanted by y)");
    }

    @Test
    void namesTheFileAndLineOfAMalformedField() {
        String json = """
                {"channel": "c",
                 "senders": [
                   {"space": "sluice://h:1", "holds": ["0-9"]},
                   {"space": "http://h:1", "holds": ["0-9"]}
                 ],
                 "receivers": [{"space": "sluice://h:2", "wants": ["0-9"]}]}
                """;
        assertThatThrownBy(() -> TransferSpec.read(new StringReader(json), "spec.json"))
                .hasMessage("spec.json:4: sender 's2''s \"space\" must be a space's address sluice://host:port, got 'http://h:1'");
    }

    @Test
    void namesEachKindOfMistake() {
        assertThat(problem("{\"channel\": \"c\", \"senders\": [{\"space\": \"sluice://h:1\", \"holds\": [\"9-3\"]}],"
                + " \"receivers\": [{\"space\": \"sluice://h:2\", \"wants\": [\"0\"]}]}"))
                .startsWith("s:1: sender 's1''s \"holds\": '9-3' is not a seq range");
        assertThat(problem("{\"channel\": \"c\",\n \"senders\": [{\"space\": \"sluice://h:1\", \"holds\": [\"0-9\"], \"speed\": 3}],"
                + " \"receivers\": [{\"space\": \"sluice://h:2\", \"wants\": [\"0\"]}]}"))
                .isEqualTo("s:2: unknown field 'speed' in a sender; expected one of [channel, holds, name, space]");
        assertThat(problem("{\"channel\": \"c\", \"senders\": [{\"space\": \"sluice://h:1\", \"holds\": [\"0-9\"]}],\n\n"
                + " \"receivers\": [{\"name\": \"r\", \"space\": \"sluice://h:2\", \"wants\": [\"0-5\", \"5-7\"]}]}"))
                .isEqualTo("s:3: receiver 'r' wants seqs twice: 0-5 and 5-7 overlap");
        assertThat(problem("{\"channel\": \"c\", \"senders\": []}")).isEqualTo("s:1: the transfer has no \"senders\"");
        assertThat(problem("{\"channel\": \"c\",\n \"senders\": [{\"space\": \"sluice://h:1\", \"holds\": [\"0-9\"]}],"
                + " \"receivers\": [{\"space\": \"sluice://h:2\", \"wants\": [\"0-10\"]}]}"))
                .isEqualTo("s: no sender holds 10-10 (wanted by r1)");
        assertThat(problem("{\"channel\": \"c\",\n \"senders\": [")).startsWith("s:2: malformed JSON");
        assertThat(problem("{\"channel\": \"c\", \"senders\": [{\"name\": \"a\", \"space\": \"sluice://h:1\", \"holds\": [\"0-9\"]}],"
                + " \"receivers\": [{\"name\": \"a\", \"space\": \"sluice://h:2\", \"wants\": [\"0\"]}]}"))
                .isEqualTo("s: two nodes are named 'a'");
    }

    private static String problem(String json) {
        try {
            TransferSpec.read(new StringReader(json), "s");
            throw new AssertionError("accepted " + json);
        } catch (TransferSpecException e) {
            return e.getMessage();
        }
    }

    @Test
    void seqRangesReadAndPrintAsFigureTwo() {
        assertThat(SeqRange.parse("0-1023")).isEqualTo(new SeqRange(0, 1024));
        assertThat(SeqRange.parse("7").size()).isEqualTo(1);
        assertThat(new SeqRange(2048, 4096)).hasToString("2048-4095");
        assertThat(SeqRanges.minus(List.of(new SeqRange(0, 100)), List.of(new SeqRange(10, 20), new SeqRange(50, 60))))
                .containsExactly(new SeqRange(0, 10), new SeqRange(20, 50), new SeqRange(60, 100));
    }
}
