package io.sluice.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A Java program from the test class path running in a child JVM, driven through its standard
 * streams: the tests send it lines and wait for the lines it prints. {@link #close()} kills it if
 * it still runs, so a failing test leaves no process behind.
 *
 * <p>Children get the Chronicle JVM options from the system property
 * {@code sluice.chronicle.jvm.options}, which the build passes to surefire from the parent pom's
 * {@code chronicle.jvm.options}; run from elsewhere (an IDE), they get the {@code --add-exports},
 * {@code --add-opens} and {@code -Dchronicle.*} options of the JVM running the test.
 */
public final class ChildJvm implements AutoCloseable {
    private static final String END_OF_OUTPUT = "\u0000end of output";

    private final Process process;
    private final String description;
    private final PrintWriter in;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();
    private final StringBuffer errors = new StringBuffer();
    private final Thread outPump;
    private final Thread errPump;

    private ChildJvm(Process process, String description) {
        this.process = process;
        this.description = description;
        this.in = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        this.outPump = pump(process.getInputStream(), line -> lines.add(line), "out");
        this.errPump = pump(process.getErrorStream(), line -> errors.append(line).append('\n'), "err");
    }

    /** The Chronicle JVM options, {@code -Dchronicle.analytics.disable=true} included. */
    public static List<String> chronicleOptions() {
        String passed = System.getProperty("sluice.chronicle.jvm.options");
        List<String> options = new ArrayList<>();
        if (passed != null && !passed.isBlank()) {
            options.addAll(Arrays.asList(passed.trim().split("\\s+")));
        } else {
            for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
                if (arg.startsWith("--add-exports") || arg.startsWith("--add-opens") || arg.startsWith("-Dchronicle.")) {
                    options.add(arg);
                }
            }
        }
        if (!options.contains("-Dchronicle.analytics.disable=true")) {
            options.add("-Dchronicle.analytics.disable=true");
        }
        return options;
    }

    /** Starts {@code main} with the Chronicle options and the test class path. */
    public static ChildJvm start(Class<?> main, String... args) throws IOException {
        return start(chronicleOptions(), main, args);
    }

    /** Starts {@code main} with exactly these JVM options and the test class path. */
    public static ChildJvm start(List<String> jvmOptions, Class<?> main, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-Xmx256m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(main.getName());
        command.addAll(Arrays.asList(args));
        Process process = new ProcessBuilder(command).start();
        return new ChildJvm(process, main.getSimpleName() + " " + String.join(" ", args));
    }

    private Thread pump(InputStream stream, java.util.function.Consumer<String> sink, String which) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null; ) {
                    sink.accept(line);
                }
            } catch (IOException e) {
                // The child died; what it printed is kept.
            } finally {
                if (which.equals("out")) {
                    lines.add(END_OF_OUTPUT);
                }
            }
        }, "child-jvm-" + which + "-" + process.pid());
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Sends a line to the child's standard input. */
    public void send(String line) {
        in.println(line);
    }

    /**
     * Waits for the first line the child prints, from here on, that matches.
     *
     * @throws AssertionError if the child ends or the time runs out first; the message holds
     *     what the child printed on both streams
     */
    public String await(Predicate<String> match, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            String line = left <= 0 ? null : lines.poll(left, TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError("child '" + description + "' printed no expected line within " + timeout + report());
            }
            if (line.equals(END_OF_OUTPUT)) {
                lines.add(line);
                throw new AssertionError("child '" + description + "' ended without printing the expected line" + report());
            }
            seen.add(line);
            if (match.test(line)) {
                return line;
            }
        }
    }

    /** Waits for a line that starts with {@code prefix}. */
    public String await(String prefix, Duration timeout) throws InterruptedException {
        return await(line -> line.startsWith(prefix), timeout);
    }

    /** Waits for the child to exit and returns its exit code; kills it if it does not exit in time. */
    public int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly().waitFor();
            throw new AssertionError("child '" + description + "' did not exit within " + timeout + report());
        }
        awaitPumps();
        return process.exitValue();
    }

    /**
     * Waits until the threads that pass the child's output on have read it to its end: at once
     * once it exited, unless a loaded machine holds them up, hence the generous bound.
     */
    private void awaitPumps() throws InterruptedException {
        outPump.join(30_000);
        errPump.join(30_000);
    }

    /** Whether the child is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Kills the child with SIGKILL on Linux ({@code kill -9}) and waits until it is gone. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
        awaitPumps();
    }

    /** Every line printed so far that was not yet returned by {@link #await}, then taken. */
    public List<String> drain() {
        List<String> rest = new ArrayList<>();
        lines.drainTo(rest);
        rest.remove(END_OF_OUTPUT);
        seen.addAll(rest);
        return rest;
    }

    /** What the child printed on its standard error. */
    public String errors() {
        return errors.toString();
    }

    public long pid() {
        return process.pid();
    }

    private String report() {
        drain();
        return "\n--- its output:\n" + String.join("\n", seen) + "\n--- its errors:\n" + errors;
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroyForcibly();
            try {
                process.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        in.close();
    }
}
