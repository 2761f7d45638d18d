package io.sluice.samples;

import static io.sluice.testing.ActorTypeInfoChecks.assertDescribes;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.workflow.ActorRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the registry says of each sample type, for a palette, is what its actors have. */
class SampleActorTypesTest {
    @TempDir
    Path dir;

    @Test
    void everySampleTypeIsDescribedAsItIs() throws Exception {
        ActorRegistry registry = ActorRegistry.builder().include(new SampleActorTypes()).build();
        Files.writeString(dir.resolve("words.txt"), "a\nb\n");
        assertDescribes(registry, "word-source", Map.of("file", "words.txt"), dir);
        assertDescribes(registry, "word-source", Map.of("tokens", 5), dir);
        for (String type : new String[] {"passthrough", "prefix-filter", "split", "mergesort", "insertion-sort", "line-sink"}) {
            assertDescribes(registry, type, Map.of(), dir);
        }
        assertThat(registry.infos()).hasSize(registry.types().size()).allSatisfy(i -> assertThat(i.description()).isNotBlank());
    }
}
