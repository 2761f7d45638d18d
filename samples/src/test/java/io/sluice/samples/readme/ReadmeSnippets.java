package io.sluice.samples.readme;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/** Checks that README.md shows the code between the README markers of an example file. */
final class ReadmeSnippets {
    private ReadmeSnippets() {}

    /** Asserts README.md shows the code of {@code samples/src/main/java/io/sluice/samples/readme/<name>.java}. */
    static void assertReadmeShows(String name) throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        String file = "samples/src/main/java/io/sluice/samples/readme/" + name + ".java";
        String source = Files.readString(root.resolve(file));
        String example = source.substring(source.indexOf("// README:begin\n") + "// README:begin\n".length(),
                source.indexOf("    // README:end"));
        // The example sits one level (four spaces) inside the class; the README shows it at the margin.
        String dedented = example.lines().map(line -> line.startsWith("    ") ? line.substring(4) : line)
                .collect(Collectors.joining("\n", "", "\n"));
        String readme = Files.readString(root.resolve("README.md"));
        assertThat(readme).as("README.md must show %s between its README markers", file).contains(dedented);
    }
}
