package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.ChildJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Crash tests: {@code sluice run} in a child JVM is killed with SIGKILL ({@code kill -9}) at a
 * seeded random moment of its life, {@code sluice run --resume} continues it, and the result,
 * every channel and the provenance must equal those of a run that was never killed.
 *
 * <p>A kill may land anywhere: while the JVM starts, while a channel is created, in the middle
 * of an append (leaving Chronicle's write lock taken and an excerpt half-written), or after the
 * run ended. The moment is a fraction, drawn from the seed, of how long the same command took
 * when it ran uninterrupted in a child JVM.
 *
 * <p>System properties: {@code sluice.crash.kills}, the kills per workflow (2 by default; the
 * {@code crash-tests} Maven profile runs 50), and {@code sluice.crash.seed}, the first seed (each
 * kill adds its number to it; the test names show each kill's seed and moment).
 */
class KilledRunResumeTest {
    private static final int KILLS = Integer.getInteger("sluice.crash.kills", 2);
    private static final long SEED = Long.getLong("sluice.crash.seed", 20261122L);

    /** The workflows, their sizes: each runs for about a second once its JVM has started. */
    private static final Map<String, Integer> TOKENS = Map.of("filter", 400_000, "mergesort", 100_000, "insertion-sort", 1_500);

    @TempDir
    static Path dir;

    /** Per workflow, how long the uninterrupted run in a child JVM took, from start to exit. */
    private static final Map<String, Duration> REFERENCE_TIMES = new ConcurrentHashMap<>();

    static Stream<Arguments> kills() {
        return Stream.of("filter", "mergesort", "insertion-sort")
                .flatMap(workflow -> IntStream.range(0, KILLS).mapToObj(k -> {
                    long seed = SEED + k;
                    return Arguments.of(workflow, seed, new SplittableRandom(seed).nextDouble());
                }));
    }

    @ParameterizedTest(name = "{0} killed at {2} of its run (seed {1})")
    @MethodSource("kills")
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aKilledRunResumesToTheResultOfAnUninterruptedOne(String workflow, long seed, double moment) throws Exception {
        String reference = workflow + "-reference";
        Duration full = REFERENCE_TIMES.computeIfAbsent(workflow, w -> runToTheEnd(w, reference));
        String work = workflow + "-killed-" + seed;

        boolean killedWhileRunning;
        try (ChildJvm child = start(workflow, work)) {
            Thread.sleep((long) (moment * full.toMillis()));
            killedWhileRunning = child.isAlive();
            child.kill();
        }

        Sluice.Outcome resumed = Sluice.run(dir, "run", workflow, "--tokens", tokens(workflow), "--work", work, "--resume");
        assertThat(resumed.code()).as("exit code of the resume; stderr: %s", resumed.err()).isEqualTo(Main.OK);
        List<String> out = resumed.out().lines().toList();
        if (out.size() == 1) {
            // Killed before it wrote anything: the resume says so and runs the workflow anew.
            assertThat(resumed.err()).contains("holds no earlier run to resume; starting a new run");
        } else {
            assertThat(out).hasSize(2);
            assertThat(out.get(0)).startsWith("resumed: ");
        }
        // For the test report: where the kill landed, as the resume saw it.
        System.out.printf("%s killed at %.3f of %s (%s): %s%n", workflow, moment, full,
                killedWhileRunning ? "while running" : "after it ended", out.size() == 1 ? "nothing written" : out.get(0));
        assertThat(out.get(out.size() - 1)).startsWith(workflow + ": " + tokens(workflow) + " tokens");
        int lines = Files.readAllLines(dir.resolve(reference).resolve("result.txt")).size();
        RunDirectories.assertSameAs(dir, reference, work, lines / 2 + 1);
        deleteRecursively(dir.resolve(work));
    }

    /** Runs the workflow to its end in a child JVM, and returns how long the child lived. */
    private static Duration runToTheEnd(String workflow, String work) {
        long start = System.nanoTime();
        try (ChildJvm child = start(workflow, work)) {
            int code = child.awaitExit(Duration.ofSeconds(120));
            assertThat(code).as("exit code of the uninterrupted %s run; stderr: %s", workflow, child.errors()).isZero();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    private static ChildJvm start(String workflow, String work) throws IOException {
        return ChildJvm.start(Main.class, "run", workflow, "--tokens", tokens(workflow), "--work", dir.resolve(work).toString());
    }

    private static String tokens(String workflow) {
        return Integer.toString(TOKENS.get(workflow));
    }

    /** Each killed run's directory goes once it has been checked, so the runs do not pile up on disk. */
    private static void deleteRecursively(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
