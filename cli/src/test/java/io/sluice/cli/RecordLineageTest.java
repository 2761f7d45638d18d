package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.local.PersistentChannels;
import io.sluice.director.Directors;
import io.sluice.provenance.ProvenanceRecorder;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.provenance.TokenRef;
import io.sluice.records.RecordValue;
import io.sluice.samples.RecordWorkflows;
import io.sluice.run.RunConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Provenance over channels of self-describing records: a lineage shows the records it reaches as JSON. */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RecordLineageTest {
    @TempDir
    Path dir;

    @Test
    void aResultLinesLineageShowsTheRecordsItWasDerivedFromAsJson() throws Exception {
        Path work = dir.resolve("w");
        Directors.dataDriven().run(RecordWorkflows.filter(RecordWorkflows.Kind.RECORDS, 300, 41), RunConfig.builder()
                .channels(PersistentChannels.builder(work.resolve("channels")).build())
                .workDirectory(work)
                .listener(ProvenanceRecorder.create())
                .build());
        List<String> result = Files.readAllLines(work.resolve("result.txt"));
        String first = RecordWorkflows.expectedWords(300, 41).get(0);
        assertThat(result.get(0)).contains("word=" + first);

        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            Object passed = store.valueIfKept(new TokenRef(RecordWorkflows.FILTERED, 0)).orElseThrow();
            assertThat(passed).isInstanceOf(RecordValue.class);
            assertThat(((RecordValue) passed).getString("word")).isEqualTo(first);
        }
        Sluice.Outcome lineage = Sluice.run(dir, "prov", "lineage", "w", "--line", "1");
        assertThat(lineage.code()).isZero();
        String json = "{\"word\":\"" + first + "\",\"number\":";
        assertThat(lineage.out().lines().findFirst().orElseThrow()).startsWith(RecordWorkflows.FILTERED + "#0 \"" + json);
        assertThat(lineage.out()).containsPattern("took in=source\\.out\\[\\d+,\\d+\\): \"\\Q" + json + "\\E\\d+}\"");
    }
}
