package io.sluice.records.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The two encodings {@code json-to-record} reads: plain JSON by default, Avro's JSON encoding on request. */
class JsonToRecordTest {
    private static final RecordFormat SAMPLE = RecordFormat.parse("""
            {"type": "record", "name": "Sample", "fields": [
              {"name": "site", "type": "string"},
              {"name": "raw", "type": "bytes", "default": ""},
              {"name": "note", "type": ["null", "string"], "default": null}]}
            """);

    @Test
    void plainJsonAsChannelReadPrintsIt() {
        JsonToRecord plain = new JsonToRecord(SAMPLE);
        RecordValue r = plain.parse("{\"site\": \"roof\", \"raw\": \"AQI=\", \"note\": \"n\"}");

        assertThat(r.get("raw")).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2}));
        assertThat(plain.parse(r.toJson())).isEqualTo(r);
        assertThat(plain.parse("{\"site\": \"roof\"}").get("raw")).isEqualTo(ByteBuffer.allocate(0));
    }

    @Test
    void avrosJsonEncodingOnRequest() {
        JsonToRecord avro = new JsonToRecord(SAMPLE, JsonToRecord.Encoding.named("AVRO"));
        RecordValue r = avro.parse("{\"site\": \"roof\", \"raw\": \"\\u0001\\u0002\", \"note\": {\"string\": \"n\"}}");

        assertThat(r.get("raw")).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2}));
        assertThat(r.getString("note")).isEqualTo("n");
        assertThatThrownBy(() -> avro.parse("{\"site\": \"roof\"}")).hasMessageContaining("in Avro's JSON encoding");
    }

    @Test
    void anUnknownEncodingIsRefusedNamingTheParameter() {
        assertThatThrownBy(() -> JsonToRecord.Encoding.named("xml"))
                .hasMessage("parameter 'encoding': 'xml' is no encoding; json or avro");
    }
}
