package io.sluice.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The example of {@code docs/records.md}: it runs, and the page shows its code as it is. */
class RecordsExampleTest {

    @Test
    void twoVersionsAgreeByFieldName() {
        assertThat(RecordsExample.example()).containsExactly(
                "ReadingV2[station=roof, level=12, value=3.5, unit=volts, note=Optional.empty]",
                "{\"site\":\"roof\",\"level\":12,\"value\":3.5}",
                "keep: true",
                "same bytes: true");
    }

    @Test
    void theRecordsPageShowsTheExampleUnchanged() throws Exception {
        // Tests run in the module's directory; the page is in the project's docs/.
        Path root = Path.of("").toAbsolutePath().getParent();
        String source = Files.readString(root.resolve("records/src/test/java/io/sluice/records/RecordsExample.java"),
                StandardCharsets.UTF_8);
        String example = source.substring(source.indexOf("    // BEGIN example\n") + "    // BEGIN example\n".length(),
                source.indexOf("    // END example")).stripTrailing().stripIndent().strip();
        assertThat(Files.readString(root.resolve("docs/records.md"), StandardCharsets.UTF_8)).contains("```java\n" + example + "\n```");
    }
}
