package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

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
        try {
            assertNoThreadLeftSince(before, false);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", ex);
        }
        return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The thread group of the commands {@link #start} runs, whose servers start threads of their own at any time. */
    private static final String RUNNING = "sluice running";

    /**
     * Fails if a thread started since {@code before} is still alive, once they had 20 seconds in all
     * to end (an event-loop thread ends a moment after its group reports it terminated, and on a
     * loaded machine that moment can last seconds; a thread that never ends fails the same). Threads of
     * a command that {@link #start} runs in this JVM are not the returned command's, unless
     * {@code inGroup} is true.
     */
    private static void assertNoThreadLeftSince(Set<Thread> before, boolean inGroup) throws InterruptedException {
        List<Thread> candidates = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !before.contains(t))
                // The JDK's thread for child processes: Chronicle's first use in a JVM runs one
                // (JNA asks ldconfig for libc); it is the JDK's, not the run's, and ends by itself.
                .filter(t -> !t.getName().equals("process reaper"))
                // Netty's one shared thread, which tells listeners that an event-loop group ended;
                // it is the JVM's, not the command's, and ends by itself after a second of quiet.
                .filter(t -> !t.getName().startsWith("globalEventExecutor-"))
                .filter(t -> {
                    ThreadGroup g = t.getThreadGroup();
                    return inGroup || g == null || !g.getName().equals(RUNNING);
                })
                .toList();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        for (Thread t : candidates) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left > 0) {
                t.join(left);
            }
        }
        List<String> leaked = candidates.stream().filter(Thread::isAlive).map(Thread::getName).toList();
        assertThat(leaked).as("threads still alive after sluice returned").isEmpty();
    }

    /**
     * Starts {@code sluice args...} on a thread of its own, for a command that runs until it is
     * stopped ({@code serve}, {@code prov lineage --monitor}): {@link Running#stop()} interrupts it,
     * as SIGTERM would stop the command's process.
     */
    static Running start(Path currentDirectory, String... args) {
        return new Running(currentDirectory, args);
    }

    /** A command running on a thread of its own; {@link #close()} stops it if it still runs. */
    static final class Running implements AutoCloseable {
        private final Set<Thread> before = Thread.getAllStackTraces().keySet();
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();
        private final ByteArrayOutputStream err = new ByteArrayOutputStream();
        private final Thread thread;
        private volatile int code = -1;

        private Running(Path currentDirectory, String[] args) {
            thread = new Thread(new ThreadGroup(RUNNING), () -> {
                try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
                        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
                    code = Main.run(args, o, e, currentDirectory);
                }
            }, "sluice " + String.join(" ", args));
            thread.start();
        }

        /**
         * Waits for the first line the command prints on stdout.
         *
         * @throws AssertionError if the command ends first, or prints none within {@code timeout}
         */
        String firstLine(Duration timeout) throws InterruptedException {
            return firstLine(out, timeout);
        }

        /**
         * Waits for the first line the command prints on stderr.
         *
         * @throws AssertionError if the command ends first, or prints none within {@code timeout}
         */
        String firstErrLine(Duration timeout) throws InterruptedException {
            return firstLine(err, timeout);
        }

        private String firstLine(ByteArrayOutputStream stream, Duration timeout) throws InterruptedException {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (System.nanoTime() < deadline) {
                String printed = stream.toString(StandardCharsets.UTF_8);
                int end = printed.indexOf('\n');
                if (end >= 0) {
                    return printed.substring(0, end).stripTrailing();
                }
                if (!thread.isAlive()) {
                    throw new AssertionError("sluice ended with " + code + " before it printed a line; stderr: "
                            + err.toString(StandardCharsets.UTF_8));
                }
                Thread.sleep(10);
            }
            throw new AssertionError("sluice printed no line within " + timeout + "; stderr: " + err.toString(StandardCharsets.UTF_8));
        }

        /** Interrupts the command, waits for it to return, checks it left no thread behind and returns what it did. */
        Outcome stop() throws InterruptedException {
            thread.interrupt();
            thread.join(TimeUnit.SECONDS.toMillis(30));
            assertThat(thread.isAlive()).as("sluice still runs 30 s after it was interrupted").isFalse();
            assertNoThreadLeftSince(before, true);
            return new Outcome(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }

        @Override
        public void close() throws InterruptedException {
            if (thread.isAlive()) {
                thread.interrupt();
                thread.join(TimeUnit.SECONDS.toMillis(30));
            }
        }
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
