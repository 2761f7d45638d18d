package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad arguments exit with 2 and say what is wrong, before any workflow runs. */
@Timeout(value = 60, unit = TimeUnit.SECONDS) // in case a bad argument is ever let through and a workflow runs
class UsageErrorTest {
    @TempDir
    Path dir;

    @BeforeEach
    void files() throws Exception {
        Files.writeString(dir.resolve("words.txt"), "b\na\n");
        Files.writeString(dir.resolve("flow.json"), """
                {"name": "f", "actors": [{"name": "s", "type": "word-source", "params": {"tokens": 3}},
                                         {"name": "k", "type": "line-sink"}],
                 "channels": [{"from": "s.out", "to": "k.in"}]}
                """);
        Files.createDirectory(dir.resolve("folder.json"));
    }

    @ParameterizedTest(name = "[{index}] sluice {0}")
    @CsvSource(delimiter = '|', value = {
        "run nope                                   | unknown workflow 'nope'",
        "run mergesort --tokens 5 --input words.txt | --tokens and --input are mutually exclusive",
        "run mergesort --tokens -5                  | --tokens must not be negative, was -5",
        "run mergesort --tokens lots                | '--tokens'",
        "run mergesort --director fast              | unknown director 'fast'; known: [data, demand, sdf]",
        "run mergesort --input missing.txt          | --input: no such file: missing.txt",
        "run mergesort --input .                    | --input: not a regular file: .",
        "run mergesort --seed 3 --input words.txt   | --seed applies to generated words",
        "run filter --busy 10                       | --busy applies to the passthrough workflow only",
        "run passthrough --busy -1                  | --busy must not be negative",
        "run flow.json --tokens 10                  | --tokens applies to the sample workflows only",
        "run flow.json --seed 1 --busy 2            | --seed, --busy apply to the sample workflows only",
        "run flow.json --input words.txt            | --input applies to the sample workflows only",
        "run missing.json                           | workflow file: no such file: missing.json",
        "run folder.json                            | workflow file: not a regular file: folder.json",
        "run missing.xml                            | workflow file: no such file: missing.xml",
        "run flow.yaml                              | or of a MoML model (.xml)",
        "convert flow.json --to yaml                | --to: unknown format 'yaml'; known: json",
        "convert flow.yaml --to json                | is neither a MoML model (.xml, .moml) nor a .json file",
        "convert missing.xml --to json              | workflow file: no such file: missing.xml",
        "run mergesort --timeout 0                  | the timeout must be positive",
        "run mergesort --timeout soon               | 'soon' is not a number of seconds",
        "run mergesort extra                        | extra",
        "run mergesort --tokenz 5                   | --tokenz",
        "run                                        | <workflow>",
        "''                                         | missing command",
        "walk                                       | walk",
    })
    void exitsWithTwo(String args, String message) {
        String[] argv = args.isEmpty() ? new String[0] : args.split(" ");
        Sluice.Outcome outcome = Sluice.run(dir, argv).isUsageError();
        assertThat(outcome.err()).contains(message);
        assertThat(dir.resolve("sluice-work")).doesNotExist();
    }

    @Test
    void mistypedOptionGetsASuggestion() {
        assertThat(Sluice.run(dir, "run", "mergesort", "--director=demand", "--tokenz", "5").isUsageError().err())
                .contains("--tokens");
    }
}
