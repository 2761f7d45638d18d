package io.sluice.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The resume benchmark: how long {@code sluice run filter --resume} takes after the run was killed
 * with SIGKILL at about 90% of its work, against the same run uninterrupted. Each round, in child
 * JVMs started as the {@code sluice} launcher starts them (this JVM's options and class path):
 *
 * <ol>
 *   <li>the full run, timed from start to exit;
 *   <li>the same run again, killed once its {@code result.txt} holds the given share of the full
 *       run's bytes (the sink is the last actor, so its file is the run's progress);
 *   <li>{@code --resume} of the killed run, timed, its result compared with the full run's.
 * </ol>
 *
 * <p>Reports wall times (JVM start included, as a user waits for them) and the run times the
 * summary line gives, their ratios, what the resume skipped, replayed and ran anew (its first line), and
 * the disk the killed run's work directory holds. Run it with {@code bench/run-benchmarks.sh
 * --resume}; options: {@code --tokens N} (default 10000000), {@code --rounds R} (3),
 * {@code --kill-at F} (0.9), {@code --scratch DIR} (java.io.tmpdir), {@code --output DIR} (writes
 * {@code benchmarks-resume.md} there).
 */
public final class ResumeBenchmark {
    private static final Pattern RUN_SECONDS = Pattern.compile(" tokens in ([0-9.]+) s ");

    private final long tokens;
    private final Path scratch;

    private ResumeBenchmark(long tokens, Path scratch) {
        this.tokens = tokens;
        this.scratch = scratch;
    }

    /** One child run: its exit code, how long it lived, what it printed. */
    record Child(int exitCode, long wallNanos, List<String> out, String err) {
        /** The run time of the summary line, in seconds, or NaN. */
        double runSeconds() {
            for (String line : out) {
                Matcher m = RUN_SECONDS.matcher(line);
                if (m.find()) {
                    return Double.parseDouble(m.group(1));
                }
            }
            return Double.NaN;
        }
    }

    /**
     * One round.
     *
     * @param full the uninterrupted run
     * @param killedAt the share of the full run's result the killed run had written when it was killed
     * @param resumed the resumed run
     * @param diskBytes what the killed and resumed run's work directory holds on disk
     */
    record Round(Child full, double killedAt, Child resumed, long diskBytes) {
        double wallRatio() {
            return (double) resumed.wallNanos() / full.wallNanos();
        }

        double runRatio() {
            return resumed.runSeconds() / full.runSeconds();
        }

        String resumeLine() {
            return resumed.out().stream().filter(l -> l.startsWith("resumed: ")).findFirst().orElse("(no resume line)");
        }
    }

    public static void main(String[] args) throws Exception {
        long tokens = 10_000_000;
        int rounds = 3;
        double killAt = 0.9;
        Path scratch = Path.of(System.getProperty("java.io.tmpdir"));
        Path output = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--tokens" -> tokens = Long.parseLong(required(args[i], value));
                case "--rounds" -> rounds = Integer.parseInt(required(args[i], value));
                case "--kill-at" -> killAt = Double.parseDouble(required(args[i], value));
                case "--scratch" -> scratch = Path.of(required(args[i], value));
                case "--output" -> output = Path.of(required(args[i], value));
                default -> throw new IllegalArgumentException("unknown option " + args[i]
                        + "; known: --tokens N, --rounds R, --kill-at F, --scratch DIR, --output DIR");
            }
            i++;
        }
        if (!(killAt > 0 && killAt < 1)) {
            throw new IllegalArgumentException("--kill-at must be between 0 and 1, was " + killAt);
        }
        Path dir = Files.createTempDirectory(scratch, "sluice-resume-bench");
        try {
            ResumeBenchmark bench = new ResumeBenchmark(tokens, dir);
            List<Round> results = new ArrayList<>();
            for (int r = 0; r < rounds; r++) {
                Round round = bench.round(killAt);
                results.add(round);
                System.out.println(String.format(Locale.ROOT, "round %d: killed at %.0f%%, resume/full %.2f (wall) %.2f (run); %s",
                        r + 1, 100 * round.killedAt(), round.wallRatio(), round.runRatio(), round.resumeLine()));
            }
            String report = report(tokens, killAt, results);
            System.out.println(report);
            if (output != null) {
                Files.createDirectories(output);
                Files.writeString(output.resolve("benchmarks-resume.md"), report, StandardCharsets.UTF_8);
            }
        } finally {
            WorkflowBenchmark.deleteRecursively(dir);
        }
    }

    private static String required(String option, String value) {
        if (value == null) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return value;
    }

    private Round round(double killAt) throws IOException, InterruptedException {
        Path full = scratch.resolve("full");
        Path killed = scratch.resolve("killed");
        WorkflowBenchmark.deleteRecursively(full);
        WorkflowBenchmark.deleteRecursively(killed);
        Child fullRun = run(full, false);
        long fullBytes = Files.size(full.resolve("result.txt"));

        Process p = start(killed, false, killed.resolve("killed.out"), killed.resolve("killed.err"));
        Path result = killed.resolve("result.txt");
        double reached = 0;
        while (p.isAlive()) {
            reached = Files.exists(result) ? (double) Files.size(result) / fullBytes : 0;
            if (reached >= killAt) {
                p.destroyForcibly();
                break;
            }
            Thread.sleep(2);
        }
        p.waitFor();
        if (reached < killAt) {
            throw new IllegalStateException("the run to kill ended before it reached " + killAt + " of its work; use more --tokens");
        }
        Child resumed = run(killed, true);
        if (resumed.exitCode() != 0) {
            throw new IllegalStateException("the resume failed: " + resumed.err());
        }
        if (Files.mismatch(full.resolve("result.txt"), result) != -1) {
            throw new IllegalStateException("the resumed run's result.txt differs from the full run's");
        }
        long disk = DiskUsage.allocated(killed);
        WorkflowBenchmark.deleteRecursively(full);
        WorkflowBenchmark.deleteRecursively(killed);
        return new Round(fullRun, reached, resumed, disk);
    }

    private Child run(Path work, boolean resume) throws IOException, InterruptedException {
        Files.createDirectories(work);
        Path out = Files.createTempFile(scratch, "out", ".txt");
        Path err = Files.createTempFile(scratch, "err", ".txt");
        long start = System.nanoTime();
        Process p = start(work, resume, out, err);
        if (!p.waitFor(2, TimeUnit.HOURS)) {
            p.destroyForcibly();
            throw new IllegalStateException("sluice run did not end within two hours");
        }
        long wall = System.nanoTime() - start;
        Child child = new Child(p.exitValue(), wall, Files.readAllLines(out), Files.readString(err));
        Files.delete(out);
        Files.delete(err);
        if (child.exitCode() != 0) {
            throw new IllegalStateException("sluice run " + (resume ? "--resume " : "") + "failed: " + child.err());
        }
        return child;
    }

    private Process start(Path work, boolean resume, Path out, Path err) throws IOException {
        Files.createDirectories(work);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!arg.startsWith("-agentlib:jdwp")) {
                command.add(arg);
            }
        }
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.sluice.cli.Main",
                "run", "filter", "--tokens", Long.toString(tokens), "--work", work.toString()));
        if (resume) {
            command.add("--resume");
        }
        return new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    }

    static String report(long tokens, double killAt, List<Round> rounds) {
        StringBuilder b = new StringBuilder();
        b.append("# Resume benchmark\n\n");
        b.append(String.format(Locale.ROOT, "`sluice run filter --tokens %d` (fast-track channels, provenance on), killed with "
                + "SIGKILL once its result held %.0f%% of the full run's bytes, then `--resume`. Times are wall times of the "
                + "child JVM (start included) and the run times its summary line gives; the target is a resume in at most "
                + "25%% of the full run's time. Regenerate with `bench/run-benchmarks.sh --resume --tokens %d --rounds %d`.%n%n",
                tokens, 100 * killAt, tokens, rounds.size()));
        b.append("| round | full (wall / run) | killed at | resume (wall / run) | resume / full (wall) | resume / full (run) "
                + "| disk |\n");
        b.append("| --- | --- | --- | --- | --- | --- | --- |\n");
        for (int r = 0; r < rounds.size(); r++) {
            Round x = rounds.get(r);
            b.append(String.format(Locale.ROOT, "| %d | %.2f s / %.2f s | %.0f%% | %.2f s / %.2f s | %.2f | %.2f | %.0f MiB |%n",
                    r + 1, x.full().wallNanos() / 1e9, x.full().runSeconds(), 100 * x.killedAt(), x.resumed().wallNanos() / 1e9,
                    x.resumed().runSeconds(), x.wallRatio(), x.runRatio(), x.diskBytes() / 1048576.0));
        }
        double[] wall = rounds.stream().mapToDouble(Round::wallRatio).sorted().toArray();
        double[] run = rounds.stream().mapToDouble(Round::runRatio).sorted().toArray();
        b.append(String.format(Locale.ROOT, "%nMedian resume / full: %.2f (wall), %.2f (run).%n%n", wall[wall.length / 2],
                run[run.length / 2]));
        b.append("What each resume did (its first line):\n\n");
        for (int r = 0; r < rounds.size(); r++) {
            b.append(r + 1).append(". ").append(rounds.get(r).resumeLine()).append('\n');
        }
        b.append("\nMachine: ").append(Runtime.getRuntime().availableProcessors()).append(" processors, ")
                .append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.version")).append(".\n");
        return b.toString();
    }
}
