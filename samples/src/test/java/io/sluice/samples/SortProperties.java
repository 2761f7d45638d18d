package io.sluice.samples;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.TestFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** The sorting workflows sort any list of lines exactly as {@code Collections.sort} does. */
class SortProperties {

    @Provide
    Arbitrary<List<String>> lines() {
        // Any text UTF-8 can encode, but line breaks, which would split a word into two lines.
        Arbitrary<String> line = Arbitraries.strings()
                .withCharRange('\u0000', '\u0009').withCharRange('\u000B', '\u000C')
                .withCharRange('\u000E', '\uD7FF').withCharRange('\uE000', '\uFFFD')
                .ofMaxLength(6);
        Arbitrary<String> supplementary = Arbitraries.integers().between(0x10000, 0x10FFFF).map(Character::toString);
        return Arbitraries.oneOf(line, supplementary, Arbitraries.of("a", "b", "ab", "", "B")).list().ofMaxSize(60);
    }

    @Property(tries = 60)
    void mergesortAndInsertionSortSortLikeTheJdk(@ForAll("lines") List<String> words) throws Exception {
        Path tmp = Files.createTempDirectory("sluice-sort");
        try {
            Path input = tmp.resolve("words.txt");
            Files.write(input, words, StandardCharsets.UTF_8);
            List<String> expected = SampleWorkflowsTest.expected("mergesort", Files.readAllLines(input, StandardCharsets.UTF_8));
            for (String director : SampleWorkflowsTest.DIRECTORS) {
                for (String sample : List.of("mergesort", "insertion-sort")) {
                    Path work = tmp.resolve(director + "-" + sample);
                    SampleWorkflowsTest.run(sample, director, WordSource.fromFile(input), work);
                    assertThat(Files.readAllLines(work.resolve("result.txt"), StandardCharsets.UTF_8))
                            .as(sample + " under " + director).isEqualTo(expected);
                }
            }
        } finally {
            TestFiles.deleteRecursively(tmp);
        }
    }
}
