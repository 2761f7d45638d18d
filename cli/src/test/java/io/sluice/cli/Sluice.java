package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/** Runs the command in this JVM, as {@code Main.main} would, and captures what it prints. */
final class Sluice {
    private Sluice() {}

    /**
     * What one invocation did.
     *
     * @param code the exit code
     * @param out what it printed to stdout
     * @param err what it printed to stderr
     */
    record Outcome(int code, String out, String err) {
        /** Asserts a usage error: exit code 2, a message on stderr, nothing on stdout, no stack trace. */
        Outcome isUsageError() {
            assertThat(code).as("exit code; stderr: %s", err).isEqualTo(Main.USAGE);
            assertThat(out).isEmpty();
            assertThat(err).startsWith("sluice: ").contains("--help");
            assertNoStackTrace();
            return this;
        }

        /** Asserts exit code 1 with one line on stderr that starts with {@code prefix}, and no stack trace. */
        Outcome isFailure(String prefix) {
            assertThat(code).as("exit code; stderr: %s", err).isEqualTo(Main.FAILED);
            assertThat(out).isEmpty();
            assertThat(err).startsWith(prefix);
            assertThat(err.lines()).hasSize(1);
            assertNoStackTrace();
            return this;
        }

        /** Asserts success and returns the one summary line. */
        String summary() {
            assertThat(code).as("exit code; stderr: %s", err).isEqualTo(Main.OK);
            assertThat(err).isEmpty();
            assertThat(out).endsWith(System.lineSeparator());
            assertThat(out.lines()).hasSize(1);
            return out.strip();
        }

        private void assertNoStackTrace() {
            assertThat(err).doesNotContain("\tat ").doesNotContain("Caused by").doesNotContain("unexpected error");
        }
    }

    /**
     * Runs {@code sluice args...} with relative paths resolved against {@code currentDirectory},
     * and checks that every thread the command started has ended when it returns.
     */
    static Outcome run(Path currentDirectory, String... args) {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            code = Main.run(args, o, e, currentDirectory);
        }
        List<String> leaked = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !before.contains(t))
                // The JDK's thread for child processes: Chronicle's first use in a JVM runs one
                // (JNA asks ldconfig for libc); it is the JDK's, not the run's, and ends by itself.
                .filter(t -> !t.getName().equals("process reaper"))
                .map(Thread::getName)
                .toList();
        assertThat(leaked).as("threads still alive after sluice returned").isEmpty();
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The lines of a UTF-8 file. */
    static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
