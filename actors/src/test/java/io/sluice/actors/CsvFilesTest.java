package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.local.PersistentChannels;
import io.sluice.director.Directors;
import io.sluice.run.ActorFailedException;
import io.sluice.run.Director;
import io.sluice.run.OutsideWorkDirectoryException;
import io.sluice.run.RunConfig;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.workflow.Workflow;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** CsvReader puts a CSV file's rows as lists of typed fields and CsvWriter writes them back, under both directors. */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class CsvFilesTest {
    private static final List<String> COLUMNS = List.of("name", "count", "ratio", "active", "note");
    /**
     * Quoted fields, separators, quotes and a line break inside quotes, ints, a long, doubles,
     * booleans, strings and an empty string, written as CsvWriter writes them.
     */
    private static final String CSV = """
            name,count,ratio,active,note
            "Smith, John",42,2.5,true,plain
            "say ""hi""\",-7,-0.125,false,"two
            lines"
            big,10000000000,1.0E10,true,"a,b,c"
            "",0,0.0,false,TRUE
            ünïcode ✓,2147483648,1.0E-5,false,007
            """;

    @TempDir
    Path tmp;

    private Path input(String name, String text) throws Exception {
        Path file = tmp.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static Workflow copy(CsvReader reader, CsvWriter writer) {
        return Workflow.builder("copy").actor("reader", reader).actor("writer", writer)
                .connect("reader.output", "writer.input").build();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void eachRowIsAListOfFieldsConvertedByTheirText(Director director) throws Exception {
        List<Object> rows = Runs.collect(director, new CsvReader(input("in.csv", CSV)), "output");
        assertThat(rows).containsExactly(
                List.of("Smith, John", 42, 2.5, true, "plain"),
                List.of("say \"hi\"", -7, -0.125, false, "two\nlines"),
                List.of("big", 10_000_000_000L, 1.0e10, true, "a,b,c"),
                List.of("", 0, 0.0, false, "TRUE"),
                List.of("ünïcode ✓", 2_147_483_648L, 1.0e-5, false, "007"));
        // Each field of its own class: 42 is an Integer, not a Long or a Double.
        assertThat((List<?>) rows.get(0)).extracting(Object::getClass)
                .containsExactly(String.class, Integer.class, Double.class, Boolean.class, String.class);
        assertThat((List<?>) rows.get(2)).extracting(Object::getClass)
                .containsExactly(String.class, Long.class, Double.class, Boolean.class, String.class);
        assertThatThrownBy(() -> ((List<?>) rows.get(0)).clear()).isInstanceOf(UnsupportedOperationException.class);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aCsvReaderIntoACsvWriterGivesTheInputFileBack(Director director) throws Exception {
        Path input = input("in.csv", CSV);
        Path work = tmp.resolve("work");
        Runs.run(director, copy(new CsvReader(input), new CsvWriter("out.csv", ",", COLUMNS)), work);
        assertThat(Files.readString(work.resolve("out.csv"), StandardCharsets.UTF_8)).isEqualTo(CSV);
        OpenFiles.assertNoneOpen(input);
        OpenFiles.assertNoneOpen(work.resolve("out.csv"));
    }

    @Test
    void rowsTravelOverPersistentChannelsUnchanged() throws Exception {
        // The rows are lists on a port typed Object, which TokenCodec stores in a persistent channel.
        Path input = input("in.csv", CSV);
        Path work = tmp.resolve("work");
        Directors.dataDriven().run(copy(new CsvReader(input), new CsvWriter("out.csv", ",", COLUMNS)),
                RunConfig.builder().timeout(Runs.TIMEOUT).workDirectory(work)
                        .channels(PersistentChannels.builder(work.resolve("channels")).build()).build());
        assertThat(Files.readString(work.resolve("out.csv"), StandardCharsets.UTF_8)).isEqualTo(CSV);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void anotherSeparatorAndNoHeaderRoundTrip(Director director) throws Exception {
        String csv = "1;\"a;b\";x\n2;c,d;\n";
        Path work = tmp.resolve("work");
        CsvReader reader = new CsvReader(input("in.csv", csv), ";", false, 0);
        assertThat(Runs.collect(director, reader, "output")).containsExactly(List.of(1, "a;b", "x"), List.of(2, "c,d", ""));
        Runs.run(director, copy(new CsvReader(tmp.resolve("in.csv"), ";", false, 0), new CsvWriter("out.csv", ";", List.of())), work);
        assertThat(Files.readString(work.resolve("out.csv"))).isEqualTo(csv);
        String tabbed = "a\tb\n\"x\ty\"\t3\n";
        assertThat(Runs.collect(director, new CsvReader(input("tabbed.tsv", tabbed), "\t", true, 0), "output"))
                .containsExactly(List.of("x\ty", 3));
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void emptyLinesAByteOrderMarkAndCrlfAreTolerated(Director director) throws Exception {
        String csv = "\uFEFFid,v\r\n\r\n1,a\r\n\r\n2,\r\n";
        assertThat(Runs.collect(director, new CsvReader(input("in.csv", csv)), "output"))
                .containsExactly(List.of(1, "a"), List.of(2, ""));
        // The byte order mark is not part of the first column's name, nor of a first field.
        assertThat(Runs.collect(director, new CsvReader(input("nohead.csv", "\uFEFF5,a\n"), ",", false, 0), "output"))
                .containsExactly(List.of(5, "a"));
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void theLimitCountsRowsNotTheHeader(Director director) throws Exception {
        Path input = input("in.csv", CSV);
        assertThat(Runs.collect(director, new CsvReader(input, ",", true, 2), "output")).hasSize(2);
        assertThat(Runs.collect(director, new CsvReader(input, ",", false, 1), "output")).containsExactly(COLUMNS);
        assertThat(Runs.collect(director, new CsvReader(input("header-only.csv", "a,b\n")), "output")).isEmpty();
        assertThat(Runs.collect(director, new CsvReader(input("empty.csv", "")), "output")).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aRowOfAnotherWidthThanTheHeaderFailsNamingItsLine(Director director) throws Exception {
        Path input = input("bad.csv", "a,b,c\n1,2,3\n\n\"x\ny\",5,6\n7,8\n9,10,11\n");
        assertThatThrownBy(() -> Runs.collect(director, new CsvReader(input), "output"))
                .isInstanceOfSatisfying(ActorFailedException.class,
                        e -> assertThat(e.phase()).isEqualTo(ActorFailedException.Phase.FIRE))
                .hasMessageContaining("file " + input + ", line 6: the row has 2 fields, but the header (line 1) has 3");
        OpenFiles.assertNoneOpen(input);
        Path noHeader = input("bad2.csv", "1,2\n3\n");
        assertThatThrownBy(() -> Runs.collect(director, new CsvReader(noHeader, ",", false, 0), "output"))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("line 2: the row has 1 field, but the first row (line 1) has 2");
        // A bad row beyond the limit is never read.
        assertThat(Runs.collect(director, new CsvReader(input, ",", true, 2), "output")).hasSize(2);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aParseErrorNamesTheLineItsRowStartsOn(Director director) throws Exception {
        Path unclosed = input("unclosed.csv", "a,b\n1,2\n\"open,3\n4,5\n");
        assertThatThrownBy(() -> Runs.collect(director, new CsvReader(unclosed), "output"))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("file " + unclosed + ", line 3: not valid CSV: ")
                .hasMessageContaining("EOF reached before encapsulated token finished");
        Path trailing = input("trailing.csv", "a,b\n\"x\"y,2\n");
        assertThatThrownBy(() -> Runs.collect(director, new CsvReader(trailing), "output"))
                .isInstanceOfSatisfying(ActorFailedException.class,
                        e -> assertThat(e.phase()).isEqualTo(ActorFailedException.Phase.INITIALIZE))
                .hasMessageContaining("file " + trailing + ", line 2: not valid CSV: ");
        OpenFiles.assertNoneOpen(trailing);
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aMissingFileOrBytesThatAreNotUtf8FailNamingTheFile(Director director) throws Exception {
        Path absent = tmp.resolve("absent.csv");
        assertThatThrownBy(() -> Runs.collect(director, new CsvReader(absent), "output"))
                .isInstanceOfSatisfying(ActorFailedException.class,
                        e -> assertThat(e.phase()).isEqualTo(ActorFailedException.Phase.INITIALIZE))
                .hasMessageContaining("cannot read file " + absent + " (parameter 'file'): it does not exist");
        Path latin1 = tmp.resolve("latin1.csv");
        Files.write(latin1, "a,b\n1,2\n3,caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> Runs.collect(director, new CsvReader(latin1), "output"))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("file " + latin1 + ", line 3: it is not UTF-8 text");
        OpenFiles.assertNoneOpen(latin1);
    }

    private static Workflow written(List<?> tokens, CsvWriter writer) {
        return Workflow.builder("written").actor("source", new Sequence(tokens, false, 0)).actor("writer", writer)
                .connect("source.output", "writer.input").build();
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aCsvWriterWritesListsAsRowsAndOtherTokensAsOneFieldRows(Director director) throws Exception {
        Path work = tmp.resolve("work");
        Runs.run(director, written(List.of(1, "a,b", 2.5, " padded", "#tag", List.of("nested", 1).toString()),
                new CsvWriter("one.csv", ",", List.of("value"))), work);
        assertThat(Files.readString(work.resolve("one.csv")))
                .isEqualTo("value\n1\n\"a,b\"\n2.5\n\" padded\"\n\"#tag\"\n\"[nested, 1]\"\n");
        Runs.run(director, written(List.of(List.of(1L, List.of(2, "x")), List.of("", "")), new CsvWriter("rows.csv")), work);
        assertThat(Files.readString(work.resolve("rows.csv"))).isEqualTo("1,\"[2, x]\"\n\"\",\n");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aRowOfTheWrongWidthOrNoFieldsFailsTheWriter(Director director) throws Exception {
        Path work = tmp.resolve("work");
        assertThatThrownBy(() -> Runs.run(director, written(List.of(List.of(1, 2), List.of(3)),
                new CsvWriter("w.csv", ",", List.of("a", "b"))), work))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("actor 'writer' failed in firing 1")
                .hasMessageContaining("token 1 has 1 field, but parameter 'columns' names 2: [3]");
        assertThat(Files.readString(work.resolve("w.csv"))).isEqualTo("a,b\n1,2\n");
        OpenFiles.assertNoneOpen(work.resolve("w.csv"));
        assertThatThrownBy(() -> Runs.run(director, written(List.of(List.of(1, 2), 3), new CsvWriter("w.csv")), work))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("token 1 has 1 field, but the first row (token 0) has 2: 3");
        assertThatThrownBy(() -> Runs.run(director, written(List.of(List.of()), new CsvWriter("w.csv")), work))
                .isInstanceOf(ActorFailedException.class)
                .hasMessageContaining("token 0 is an empty list: a CSV row needs one field or more");
    }

    @ParameterizedTest
    @MethodSource("io.sluice.actors.Runs#directors")
    void aCsvWriterFileOutsideTheWorkDirectoryIsRefusedBeforeTheRunWrites(Director director) {
        Path work = tmp.resolve("work");
        assertThatThrownBy(() -> Runs.run(director, written(List.of(1), new CsvWriter("../outside.csv")), work))
                .isInstanceOf(OutsideWorkDirectoryException.class).hasMessageContaining("parameter 'file'");
        assertThat(Files.exists(tmp.resolve("outside.csv"))).isFalse();
    }

    @Test
    void fieldsAreConvertedAsDocumented() {
        assertThat(List.of("0", "-1", "2147483647", "-2147483648").stream().map(Csv::token))
                .containsExactly(0, -1, Integer.MAX_VALUE, Integer.MIN_VALUE);
        assertThat(List.of("2147483648", "9223372036854775807", "-9223372036854775808").stream().map(Csv::token))
                .containsExactly(2147483648L, Long.MAX_VALUE, Long.MIN_VALUE);
        assertThat(List.of("0.5", "-1e3", "1E+2", "1.5e-3", "0.0").stream().map(Csv::token))
                .containsExactly(0.5, -1000.0, 100.0, 0.0015, 0.0);
        // Not numbers as JSON writes them, beyond the long range, or overflowing: strings.
        for (String text : List.of("+1", "007", "-0", "1.", ".5", "1e", "0x10", "1_000", "9223372036854775808", "1e999",
                "NaN", "Infinity", "1d", " 1", "1 ", "", "-", "True", "FALSE", "yes")) {
            assertThat(Csv.token(text)).as(text).isEqualTo(text);
        }
        assertThat(Csv.token("true")).isEqualTo(true);
        assertThat(Csv.token("false")).isEqualTo(false);
    }

    @Test
    void invalidParametersAreNamed() {
        assertThatThrownBy(() -> new CsvReader(null)).isInstanceOf(NullPointerException.class).hasMessage("file");
        assertThatThrownBy(() -> new CsvReader(Path.of("x"), "", true, 0))
                .hasMessage("parameter 'separator' must be one or more characters, got \"\"");
        assertThatThrownBy(() -> new CsvReader(Path.of("x"), "\"", true, 0))
                .hasMessage("parameter 'separator' must not hold a double quote or a line break, got \"\"\"");
        assertThatThrownBy(() -> new CsvWriter("x", "\n", List.of()))
                .hasMessageStartingWith("parameter 'separator' must not hold a double quote or a line break");
        assertThatThrownBy(() -> new CsvReader(Path.of("x"), ",", true, -1))
                .hasMessage("parameter 'firingCountLimit' must be 0 or more, got -1");
        assertThatThrownBy(() -> new CsvWriter("x", ",", Arrays.asList("a", null)))
                .hasMessage("parameter 'columns': columns[1] is null");
        assertThatThrownBy(() -> new CsvWriter(null)).isInstanceOf(NullPointerException.class).hasMessage("file");
    }

    @Test
    void theWriterDeclaresItsFile() {
        assertThat(new CsvWriter("a/b.csv").outputFiles()).isEqualTo(Map.of("file", "a/b.csv"));
        assertThat(new CsvWriter("b.csv", ";", List.of("x"))).hasToString("CsvWriter[b.csv, separator \";\", columns [x]]");
        assertThat(new CsvReader(Path.of("in.csv"), "\t", false, 3))
                .hasToString("CsvReader[in.csv, separator \"\t\", no header, limit 3]");
    }
}
