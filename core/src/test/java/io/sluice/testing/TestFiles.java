package io.sluice.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Files for tests that cannot use JUnit's {@code @TempDir}, such as jqwik properties, which make a directory per try. */
public final class TestFiles {
    private TestFiles() {}

    /** Deletes {@code root} and everything under it; nothing if it does not exist. */
    public static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
