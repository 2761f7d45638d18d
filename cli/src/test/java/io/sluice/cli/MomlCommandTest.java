package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice run FILE.xml} runs a Ptolemy II / Kepler model under the director it names, and
 * {@code sluice convert FILE.xml --to json} writes the JSON workflow that gives the same tokens.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MomlCommandTest {
    /** The example model, checked in at the repository's root. */
    static final Path EXAMPLE = Path.of("..", "examples", "ramp-scale-test.xml").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void aModelRunsUnderItsOwnDirectorAndItsTestPasses() throws Exception {
        String summary = Sluice.run(dir, "run", EXAMPLE.toString(), "--work", "w").summary();
        assertThat(summary).startsWith("ramp-scale-test: 5 tokens in ").contains("director sdf");
        assertThat(Files.readAllLines(dir.resolve("w/display-Display.txt"))).containsExactly("10", "37", "82", "145", "226");
        assertThat(Sluice.run(dir, "run", EXAMPLE.toString(), "--work", "d", "--director", "data").summary()).contains("director data");
    }

    @Test
    void aConvertedModelGivesTheSameTokens() throws Exception {
        Sluice.Outcome json = Sluice.run(dir, "convert", EXAMPLE.toString(), "--to", "json");
        assertThat(json.code()).as(json.err()).isZero();
        assertThat(json.out()).contains("\"type\" : \"ramp\"").contains("\"firingCountLimit\" : 5");
        Files.writeString(dir.resolve("converted.json"), json.out());
        Sluice.run(dir, "run", "converted.json", "--work", "c", "--director", "sdf").summary();
        assertThat(Files.readAllLines(dir.resolve("c/display-Display.txt"))).containsExactly("10", "37", "82", "145", "226");

        assertThat(Sluice.run(dir, "convert", EXAMPLE.toString(), "--to", "json", "-o", "out.json").code()).isZero();
        assertThat(Files.readString(dir.resolve("out.json"))).isEqualTo(json.out());
    }

    @Test
    void aModelSluiceDoesNotRunIsOneLineNamingFileAndLine() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.xml"), Files.readString(EXAMPLE).replace("ptolemy.actor.lib.Scale", "ptolemy.actor.lib.Gain"));
        Sluice.run(dir, "run", "bad.xml").isFailure("sluice: invalid workflow: bad.xml:22: entity 'Scale' is of class ptolemy.actor.lib.Gain");
        Sluice.run(dir, "convert", "bad.xml", "--to", "json").isFailure("sluice: invalid workflow: bad.xml:22:");
        Sluice.run(dir, "convert", "bad.xml", "--to", "yaml").isUsageError();
        assertThat(bad).exists();
    }
}
