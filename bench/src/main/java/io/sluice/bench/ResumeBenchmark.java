package io.sluice.bench;

import static io.sluice.bench.VariantSummary.median;

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
import java.util.stream.Collectors;
import java.util.stream.Stream;

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
 * summary line gives, their ratios, what happens outside the run (wall less run time: starting
 * the JVM, loading classes, and for a resume its checks), what the resume skipped, replayed and
 * ran anew (its first line), and the disk the killed run's work directory holds. By default at
 * two sizes: 10M words, whose full run takes a few seconds, so that the fixed costs of a new JVM
 * weigh in the ratios, and 100M words, a run of 15 to 20 seconds, where they weigh little. Run it
 * with {@code bench/run-benchmarks.sh --resume}; options: {@code --tokens N[,N...]} (default
 * 10000000,100000000), {@code --rounds R} (3 per size), {@code --kill-at F} (0.9),
 * {@code --scratch DIR} (java.io.tmpdir), {@code --output DIR} (writes
 * {@code benchmarks-resume.md} there). Disk: a round holds two work directories of the size,
 * about 100 MiB per 10M words each, deleted at the end of the round.
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

    /** The rounds run at one size. */
    record Size(long tokens, List<Round> rounds) {
        double medianWallRatio() {
            return median(rounds.stream().mapToDouble(Round::wallRatio).toArray());
        }

        double medianRunRatio() {
            return median(rounds.stream().mapToDouble(Round::runRatio).toArray());
        }

        /** Seconds outside the run (wall less run time), median, of the full runs or of the resumes. */
        double medianOutside(boolean resume) {
            return median(rounds.stream().map(r -> resume ? r.resumed() : r.full())
                    .mapToDouble(c -> c.wallNanos() / 1e9 - c.runSeconds()).toArray());
        }

        double medianFullWall() {
            return median(rounds.stream().mapToDouble(r -> r.full().wallNanos() / 1e9).toArray());
        }
    }

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--tokens N[,N...], --rounds R, --kill-at F, --scratch DIR, --output DIR");
        List<Long> sizes = options.get("--tokens", v -> Stream.of(v.split(",")).map(String::trim).map(Long::parseLong).toList(),
                List.of(10_000_000L, 100_000_000L));
        int rounds = options.getInt("--rounds", 3);
        double killAt = options.get("--kill-at", Double::parseDouble, 0.9);
        Path scratch = options.getPath("--scratch", Path.of(System.getProperty("java.io.tmpdir")));
        Path output = options.getPath("--output", null);
        if (!(killAt > 0 && killAt < 1)) {
            throw new IllegalArgumentException("--kill-at must be between 0 and 1, was " + killAt);
        }
        if (rounds < 1) {
            throw new IllegalArgumentException("--rounds must be at least 1, was " + rounds);
        }
        Path dir = Files.createTempDirectory(scratch, "sluice-resume-bench");
        try {
            List<Size> results = new ArrayList<>();
            for (long tokens : sizes) {
                ResumeBenchmark bench = new ResumeBenchmark(tokens, dir);
                List<Round> done = new ArrayList<>();
                for (int r = 0; r < rounds; r++) {
                    Round round = bench.round(killAt);
                    done.add(round);
                    System.out.println(String.format(Locale.ROOT, "%d words, round %d: killed at %.0f%%, resume/full %.2f (wall) "
                            + "%.2f (run); %s", tokens, r + 1, 100 * round.killedAt(), round.wallRatio(), round.runRatio(),
                            round.resumeLine()));
                }
                results.add(new Size(tokens, done));
            }
            String report = report(killAt, results);
            System.out.println(report);
            if (output != null) {
                Files.createDirectories(output);
                Files.writeString(output.resolve("benchmarks-resume.md"), report, StandardCharsets.UTF_8);
            }
        } finally {
            WorkflowBenchmark.deleteRecursively(dir);
        }
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

    static String report(double killAt, List<Size> sizes) {
        StringBuilder b = new StringBuilder();
        b.append("# Resume benchmark\n\n");
        String tokens = sizes.stream().map(z -> Long.toString(z.tokens())).collect(Collectors.joining(","));
        int rounds = sizes.get(0).rounds().size();
        b.append(String.format(Locale.ROOT, "`sluice run filter --tokens N` (fast-track channels, provenance on), killed with "
                + "SIGKILL once its result held %.0f%% of the full run's bytes, then `--resume`. Times are wall times of the "
                + "child JVM (start included) and the run times its summary line gives; *outside the run* is the wall time less "
                + "the run time (starting the JVM and loading classes; for a resume also its checks of the channels, checkpoints "
                + "and provenance). The target is a resume in at most 25%% of the full run's time. Regenerate with "
                + "`bench/run-benchmarks.sh --resume --tokens %s --rounds %d`.%n%n", 100 * killAt, tokens, rounds));
        b.append("| words | rounds | full run (wall, median) | resume / full (wall, median) | resume / full (run, median) "
                + "| outside the run: full / resume (median) |\n");
        b.append("| ---: | ---: | ---: | ---: | ---: | --- |\n");
        for (Size z : sizes) {
            b.append(String.format(Locale.ROOT, "| %,d | %d | %.2f s | %.2f | %.2f | %.2f s / %.2f s |%n", z.tokens(),
                    z.rounds().size(), z.medianFullWall(), z.medianWallRatio(), z.medianRunRatio(), z.medianOutside(false),
                    z.medianOutside(true)));
        }
        for (Size z : sizes) {
            b.append(String.format(Locale.ROOT, "%n## %,d words%n%n", z.tokens()));
            b.append("| round | full (wall / run) | killed at | resume (wall / run) | resume / full (wall) | resume / full (run) "
                    + "| disk |\n");
            b.append("| --- | --- | --- | --- | --- | --- | --- |\n");
            List<Round> rs = z.rounds();
            for (int r = 0; r < rs.size(); r++) {
                Round x = rs.get(r);
                b.append(String.format(Locale.ROOT, "| %d | %.2f s / %.2f s | %.0f%% | %.2f s / %.2f s | %.2f | %.2f | %.0f MiB |%n",
                        r + 1, x.full().wallNanos() / 1e9, x.full().runSeconds(), 100 * x.killedAt(), x.resumed().wallNanos() / 1e9,
                        x.resumed().runSeconds(), x.wallRatio(), x.runRatio(), x.diskBytes() / 1048576.0));
            }
            b.append("\nWhat each resume did (its first line):\n\n");
            for (int r = 0; r < rs.size(); r++) {
                b.append(r + 1).append(". ").append(rs.get(r).resumeLine()).append('\n');
            }
        }
        b.append("\nMachine: ").append(Runtime.getRuntime().availableProcessors()).append(" processors, ")
                .append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.version")).append(".\n");
        return b.toString();
    }
}
