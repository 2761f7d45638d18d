package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code sluice actors}: the palette of actor types, as text and as JSON. */
class ActorsCommandTest {
    @TempDir
    Path dir;

    @Test
    void listsEveryTypeWithPortsAndParameters() {
        Sluice.Outcome all = Sluice.run(dir, "actors");
        assertThat(all.code()).as(all.err()).isZero();
        assertThat(all.out()).contains("prefix-filter: Keeps the words that start with a prefix.")
                .contains("  in  in : String").contains("  param prefix (string, default c)")
                .contains("ramp").contains("expression");
    }

    @Test
    void givesJsonForAnEditorAndRefusesAnUnknownType() throws Exception {
        Sluice.Outcome json = Sluice.run(dir, "actors", "prefix-filter", "--json");
        assertThat(json.code()).as(json.err()).isZero();
        JsonNode palette = JsonMapper.builder().build().readTree(json.out());
        assertThat(palette.size()).isEqualTo(1);
        assertThat(palette.get(0).get("type").asString()).isEqualTo("prefix-filter");
        assertThat(palette.get(0).get("ports").get(0).get("tokenType").asString()).isEqualTo("java.lang.String");
        assertThat(palette.get(0).get("parameters").get(0).get("defaultValue").asString()).isEqualTo("c");
        Sluice.run(dir, "actors", "nope").isUsageError().err().contains("unknown actor type 'nope'");
    }
}
