package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --help} and {@code --version} print to stdout and exit with 0. */
class HelpAndVersionTest {
    @TempDir
    Path dir;

    @Test
    void versionIsTheProjectVersion() {
        Sluice.Outcome outcome = Sluice.run(dir, "--version");
        assertThat(outcome.code()).isZero();
        assertThat(outcome.err()).isEmpty();
        assertThat(outcome.out().lines().findFirst()).hasValueSatisfying(
                line -> assertThat(line).matches("sluice \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"));
        assertThat(VersionProvider.version()).isEqualTo(outcome.out().lines().findFirst().orElseThrow().substring(7));
    }

    @Test
    void helpListsTheRunCommand() {
        Sluice.Outcome outcome = Sluice.run(dir, "--help");
        assertThat(outcome.code()).isZero();
        assertThat(outcome.out()).contains("Usage: sluice").contains("run").contains("Exit codes");
    }

    @Test
    void runHelpListsEveryOption() {
        Sluice.Outcome outcome = Sluice.run(dir, "run", "--help");
        assertThat(outcome.code()).isZero();
        assertThat(outcome.out()).contains("<workflow>", "--director", "data, demand", "--tokens", "--input", "--seed",
                "--busy", "--work", "--timeout", "sluice-work/<workflow name>", "5000 for");
        assertThat(dir.resolve("sluice-work")).doesNotExist();
    }
}
