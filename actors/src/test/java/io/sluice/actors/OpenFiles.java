package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Checks that this JVM holds no descriptor open on a file, through Linux's {@code /proc/self/fd};
 * elsewhere the check is skipped (an assumption, so the test shows as skipped, not passed).
 */
final class OpenFiles {
    private static final Path DESCRIPTORS = Path.of("/proc/self/fd");

    private OpenFiles() {}

    /** Fails if a descriptor of this process is open on {@code file}. */
    static void assertNoneOpen(Path file) throws IOException {
        assumeTrue(Files.isDirectory(DESCRIPTORS), "no /proc/self/fd to list open files");
        Path target = file.toRealPath();
        List<Path> open = new ArrayList<>();
        try (Stream<Path> descriptors = Files.list(DESCRIPTORS)) {
            for (Path fd : descriptors.toList()) {
                try {
                    if (Files.readSymbolicLink(fd).equals(target)) {
                        open.add(fd);
                    }
                } catch (IOException e) {
                    // closed while listed (the directory stream's own descriptor, say)
                }
            }
        }
        assertThat(open).as("descriptors open on " + target).isEmpty();
    }
}
