package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.ChildJvm;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Crash tests over channels of self-describing records: a JSON workflow that makes records of
 * lines of JSON under an Avro schema file and filters them on a field runs in a child JVM, is
 * killed with SIGKILL at a seeded random moment once it has made its channels, and {@code sluice run --resume} continues it.
 * The kept lines, every channel's records, the provenance statistics and a record's lineage must
 * equal those of a run that was never killed.
 *
 * <p>System properties as {@link KilledRunResumeTest}'s: {@code sluice.crash.kills} (2 by
 * default) and {@code sluice.crash.seed}.
 */
class KilledRecordRunResumeTest {
    private static final int KILLS = Integer.getInteger("sluice.crash.kills", 2);
    private static final long SEED = Long.getLong("sluice.crash.seed", 20261127L);
    private static final int RECORDS = 150_000;

    @TempDir
    static Path dir;

    /** How long the uninterrupted run in a child JVM took, from making its channels to its exit. */
    private static Duration reference;

    @BeforeAll
    static void runOnceToTheEnd() throws Exception {
        Files.writeString(dir.resolve("reading.avsc"), RecordFilterWorkflowTest.FORMAT);
        SplittableRandom random = new SplittableRandom(SEED);
        Files.write(dir.resolve("readings.jsonl"), IntStream.range(0, RECORDS)
                .mapToObj(i -> "{\"site\": \"s" + i + "\", \"level\": " + random.nextInt(40) + ", \"unit\": \""
                        + (i % 3 == 0 ? "amps" : "volts") + "\"}")
                .toList());
        Files.writeString(dir.resolve("flow.json"), RecordFilterWorkflowTest.FLOW.formatted(dir.resolve("readings.jsonl"),
                dir.resolve("reading.avsc"), "level >= 10 && level <= 20"));
        try (ChildJvm child = start("reference")) {
            long started = awaitChannels("reference");
            int code = child.awaitExit(Duration.ofSeconds(120));
            assertThat(code).as("exit code of the uninterrupted run; stderr: %s", child.errors()).isZero();
            reference = Duration.ofNanos(System.nanoTime() - started);
        }
        assertThat(Files.readAllLines(dir.resolve("reference/kept.txt"))).isNotEmpty();
    }

    static LongStream kills() {
        return LongStream.range(0, KILLS).map(k -> SEED + k);
    }

    @ParameterizedTest(name = "killed with seed {0}")
    @MethodSource("kills")
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aKilledRunOfRecordsResumesToTheRecordsOfAnUninterruptedOne(long seed) throws Exception {
        double moment = new SplittableRandom(seed).nextDouble();
        String work = "killed-" + seed;
        try (ChildJvm child = start(work)) {
            awaitChannels(work);
            Thread.sleep((long) (moment * reference.toMillis()));
            child.kill();
        }

        Sluice.Outcome resumed = Sluice.run(dir, "run", dir.resolve("flow.json").toString(), "--work", work, "--resume");

        assertThat(resumed.code()).as("exit code of the resume; stderr: %s", resumed.err()).isEqualTo(Main.OK);
        System.out.printf("records killed at %.3f of %s: %s%n", moment, reference, resumed.out().lines().findFirst().orElse(""));
        assertThat(Files.readAllLines(dir.resolve(work).resolve("kept.txt"))).as("kept.txt of %s", work)
                .isEqualTo(Files.readAllLines(dir.resolve("reference/kept.txt")));
        RunDirectories.assertSameChannelsAndStats(dir, "reference", work);
        String token = "filter.output#7";
        assertThat(Sluice.run(dir, "prov", "lineage", work, token).out()).as("lineage of %s in %s", token, work)
                .contains("{\"site\":").isEqualTo(Sluice.run(dir, "prov", "lineage", "reference", token).out()
                        .replace("reference/", work + "/"));
        deleteRecursively(dir.resolve(work));
    }

    /**
     * Waits until the run in {@code work} has made its channels, and returns when: the kill lands
     * at a moment of the run itself, not of the JVM's start.
     */
    private static long awaitChannels(String work) throws InterruptedException {
        Path channel = dir.resolve(work).resolve(RunOptions.CHANNELS_DIRECTORY).resolve("filter.output");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.isDirectory(channel)) {
            assertThat(System.nanoTime()).as("%s made within 60 s", channel).isLessThan(deadline);
            Thread.sleep(5);
        }
        return System.nanoTime();
    }

    private static ChildJvm start(String work) throws IOException {
        return ChildJvm.start(Main.class, "run", dir.resolve("flow.json").toString(), "--work", dir.resolve(work).toString());
    }

    private static void deleteRecursively(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
