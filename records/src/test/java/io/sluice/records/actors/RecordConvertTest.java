package io.sluice.records.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.records.IncompatibleFormatsException;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Records of several versions read as the one version a workflow names. */
class RecordConvertTest {
    private static final RecordFormat V1 = RecordFormat.parse("""
            {"type": "record", "name": "Reading", "fields": [
              {"name": "site", "type": "string"}, {"name": "level", "type": "int"}, {"name": "old", "type": "string"}]}
            """);
    private static final RecordFormat V2 = RecordFormat.parse("""
            {"type": "record", "name": "Reading", "fields": [
              {"name": "level", "type": "long"}, {"name": "site", "type": "string"},
              {"name": "unit", "type": "string", "default": "volts"}]}
            """);

    @TempDir
    Path dir;

    @Test
    void recordsOfEitherVersionComeOutAsTheGivenOne() throws Exception {
        Path file = Files.writeString(dir.resolve("v2.avsc"), V2.toJson());
        RecordConvert convert = RecordConvert.fromFile(file);
        RecordValue old = RecordValue.builder(V1).set("site", "roof").set("level", 12).set("old", "x").build();
        RecordValue current = RecordValue.builder(V2).set("site", "shed").set("level", 3L).set("unit", "amps").build();
        RecordValue read = convert.convert(old);

        assertThat(read.format()).isEqualTo(V2);
        assertThat(read.toJson()).isEqualTo("{\"level\":12,\"site\":\"roof\",\"unit\":\"volts\"}");
        assertThat(convert.convert(current)).isSameAs(current);
    }

    @Test
    void aVersionThatCannotBeReadAsTheGivenOneIsRefusedNamingTheField() {
        RecordFormat narrower = RecordFormat.parse("""
                {"type": "record", "name": "Reading", "fields": [{"name": "level", "type": "int"}]}
                """);
        RecordValue wide = RecordValue.builder(V2).set("site", "shed").set("level", 3L).build();
        var convert = io.sluice.records.Records.converter(narrower);

        assertThatThrownBy(() -> convert.apply(wide)).isInstanceOf(IncompatibleFormatsException.class)
                .hasMessageContaining("'level'");
        assertThatThrownBy(() -> RecordConvert.fromFile(dir.resolve("missing.avsc")))
                .hasMessageStartingWith("parameter 'format': cannot read " + dir.resolve("missing.avsc"));
    }
}
