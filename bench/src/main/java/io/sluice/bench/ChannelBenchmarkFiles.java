package io.sluice.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Scratch directories of the JMH benchmarks that write files: one per iteration, deleted at its
 * end, so a benchmark never leaves gigabytes behind. Under {@code sluice.bench.scratch} if set,
 * else {@code java.io.tmpdir}.
 */
final class ChannelBenchmarkFiles {
    /** The system property naming the parent of the scratch directories. */
    static final String SCRATCH_PROPERTY = "sluice.bench.scratch";

    private ChannelBenchmarkFiles() {}

    static Path newDirectory(String prefix) throws IOException {
        Path parent = Path.of(System.getProperty(SCRATCH_PROPERTY, System.getProperty("java.io.tmpdir")));
        Files.createDirectories(parent);
        return Files.createTempDirectory(parent, prefix);
    }

    static void delete(Path dir) throws IOException {
        WorkflowBenchmark.deleteRecursively(dir);
    }

    /** An ASCII String of {@code bytes} characters (so its UTF-8 form has {@code bytes} bytes). */
    static String token(int bytes) {
        StringBuilder b = new StringBuilder(bytes);
        for (int i = 0; i < bytes; i++) {
            b.append((char) ('a' + i % 26));
        }
        return b.toString();
    }
}
