package io.sluice.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * Checks that README.md, or a page in docs/, shows the code between the markers of an example
 * file: {@code // README:begin} and {@code // README:end} for the README, {@code // DOCS:begin}
 * and {@code // DOCS:end} for a page in docs/.
 */
final class ReadmeSnippets {
    private ReadmeSnippets() {}

    /** Asserts README.md shows the code of {@code samples/src/main/java/io/sluice/samples/readme/<name>.java}. */
    static void assertReadmeShows(String name) throws IOException {
        assertShows("README.md", "README", name);
    }

    /** Asserts {@code docs/<page>} shows the code of {@code samples/src/main/java/io/sluice/samples/readme/<name>.java}. */
    static void assertDocsShow(String page, String name) throws IOException {
        assertShows("docs/" + page, "DOCS", name);
    }

    private static void assertShows(String page, String marker, String name) throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        String file = "samples/src/main/java/io/sluice/samples/readme/" + name + ".java";
        String source = Files.readString(root.resolve(file));
        String begin = "// " + marker + ":begin\n";
        String example = source.substring(source.indexOf(begin) + begin.length(), source.indexOf("    // " + marker + ":end"));
        // The example sits one level (four spaces) inside the class; the page shows it at the margin.
        String dedented = example.lines().map(line -> line.startsWith("    ") ? line.substring(4) : line)
                .collect(Collectors.joining("\n", "", "\n"));
        String text = Files.readString(root.resolve(page));
        assertThat(text).as("%s must show %s between its %s markers", page, file, marker).contains(dedented);
    }
}
