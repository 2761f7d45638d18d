package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.TestFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corruption suite: a finished run's work directory is copied, one of its files damaged at a
 * seeded random place ({@link Damage}: a bit flipped, a word overwritten, a page zeroed, the file
 * cut short, garbage after its data or at its end), and every reading command is run on it:
 * {@code channel info} and {@code channel read} of each channel, {@code prov runs, stats,
 * firings, lineage, export}, and {@code run --resume}. Each must either give exactly the answer
 * it gives on the undamaged directory, or exit with code 1 and one line on stderr that names the
 * damaged file or its directory, with no stack trace, having printed only a prefix of the
 * undamaged answer. A resume that fails must leave every file as it found it; one that succeeds
 * must leave a run whose result and channels are those of the undamaged run.
 *
 * <p>System properties: {@code sluice.damage.cases}, the cases per work directory (the
 * {@code damage-tests} Maven profile runs more), {@code sluice.damage.seed}, the first seed, and
 * {@code sluice.damage.report}, a file to write the tally to (as {@code docs/damage.md} shows it).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DamagedWorkDirectoryTest {
    private static final int CASES = Integer.getInteger("sluice.damage.cases", 50);
    private static final long SEED = Long.getLong("sluice.damage.seed", 20261126L);
    private static final String REPORT = System.getProperty("sluice.damage.report", "");

    /** The undamaged runs, by name: the workflow and options of {@code sluice run}. */
    private static final Map<String, List<String>> RUNS = new LinkedHashMap<>();

    static {
        RUNS.put("filter-fast-track", List.of("filter", "--tokens", "4000", "--channels", "fast-track"));
        RUNS.put("filter-direct", List.of("filter", "--tokens", "4000", "--channels", "direct"));
        RUNS.put("filter-cached", List.of("filter", "--tokens", "4000", "--channels", "cached"));
        RUNS.put("mergesort-fast-track", List.of("mergesort", "--tokens", "1000", "--channels", "fast-track"));
    }

    @TempDir
    static Path dir;

    /** Per undamaged run, its commands and what each printed. */
    private static final Map<String, Baseline> BASELINES = new LinkedHashMap<>();
    private static final DamageTally TALLY = new DamageTally();

    @BeforeAll
    static void runTheUndamagedWorkflows() throws IOException {
        for (var run : RUNS.entrySet()) {
            List<String> args = new ArrayList<>(List.of("run"));
            args.addAll(run.getValue());
            args.addAll(List.of("--work", run.getKey()));
            Sluice.Outcome ran = Sluice.run(dir, args.toArray(String[]::new));
            assertThat(ran.code()).as("the undamaged %s run; stderr: %s", run.getKey(), ran.err()).isZero();
            BASELINES.put(run.getKey(), Baseline.of(dir, run.getKey(), run.getValue()));
        }
    }

    @AfterAll
    static void report() throws IOException {
        System.out.println(TALLY.summary());
        if (!REPORT.isEmpty()) {
            Files.writeString(Path.of(REPORT), TALLY.markdown(RUNS.size(), CASES, SEED));
        }
    }

    static Stream<Arguments> cases() {
        return RUNS.keySet().stream().flatMap(run -> IntStream.range(0, CASES).mapToObj(k -> Arguments.of(run, SEED + k)));
    }

    @ParameterizedTest(name = "{0}, seed {1}")
    @MethodSource("cases")
    void everyCommandGivesTheUndamagedAnswerOrNamesTheDamagedFile(String run, long seed) throws IOException {
        Baseline baseline = BASELINES.get(run);
        SplittableRandom random = new SplittableRandom(seed);
        Path file = baseline.files().get(random.nextInt(baseline.files().size()));
        Damage damage = Damage.draw(random, dir.resolve(run), file);
        String name = run + "-" + seed;
        try {
            Workspace.copy(dir.resolve(run), dir.resolve(name));
            damage.apply(dir.resolve(name));
            List<String> problems = new ArrayList<>();
            for (Baseline.Command command : baseline.commands()) {
                Verdict v = Verdict.judge(command, dir, name, run, damage);
                TALLY.add(command.kind(), v);
                if (v.problem() != null) {
                    problems.add(v.problem());
                }
            }
            Workspace.copy(dir.resolve(run), dir.resolve(name + "-resumed"));
            damage.apply(dir.resolve(name + "-resumed"));
            Verdict resumed = baseline.resume(dir, name + "-resumed", damage);
            TALLY.add("run --resume", resumed);
            if (resumed.problem() != null) {
                problems.add(resumed.problem());
            }
            assertThat(problems).as("with %s", damage).isEmpty();
        } finally {
            TestFiles.deleteRecursively(dir.resolve(name));
            TestFiles.deleteRecursively(dir.resolve(name + "-resumed"));
        }
    }
}
