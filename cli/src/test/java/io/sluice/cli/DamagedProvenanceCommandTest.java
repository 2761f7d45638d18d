package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code sluice prov} and {@code run --resume} over a firing log cut short, with garbage after its
 * last batch, or of an older format: each command answers as over the undamaged store, or fails
 * with one line naming the file, never with a fault's stack trace; a refused resume changes nothing.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DamagedProvenanceCommandTest {
    private static final List<List<String>> QUERIES = List.of(
            List.of("stats", "w"),
            List.of("firings", "w", "--actor", "filter", "--from", "19990", "--count", "3"),
            List.of("lineage", "w", "--line", "700"),
            List.of("lineage", "w", "source.out#19000", "--forward"),
            List.of("export", "w", "--line", "700", "--format", "prov-n"));

    @TempDir
    Path dir;
    private Path log;
    private Map<List<String>, String> whole;

    @BeforeEach
    void recordARun() throws Exception {
        Sluice.run(dir, "run", "filter", "--tokens", "20000", "--work", "w").summary();
        try (Stream<Path> files = Files.list(dir.resolve("w/provenance/firings"))) {
            log = files.filter(f -> f.toString().endsWith(".cq4")).findFirst().orElseThrow();
        }
        whole = new TreeMap<>(java.util.Comparator.comparing(Object::toString));
        for (List<String> query : QUERIES) {
            Sluice.Outcome o = prov(query);
            assertThat(o.code()).as("%s: %s", query, o.err()).isEqualTo(Main.OK);
            whole.put(query, o.out());
        }
    }

    private Sluice.Outcome prov(List<String> query) {
        String[] args = Stream.concat(Stream.of("prov"), query.stream()).toArray(String[]::new);
        return Sluice.run(dir, args);
    }

    /** Just past the last byte of the firing log that is not zero: where its last batch ends. */
    private long endOfData() throws Exception {
        byte[] bytes = Files.readAllBytes(log);
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] == 0) {
            end--;
        }
        return end;
    }

    /** Each query answers as before, or fails with one line naming the firing log's file. */
    private void assertWholeOrFailureNamingTheLog(String what) {
        int failed = 0;
        for (List<String> query : QUERIES) {
            Sluice.Outcome o = prov(query);
            if (o.code() == Main.OK) {
                assertThat(o.out()).as("%s, %s", what, query).isEqualTo(whole.get(query));
            } else {
                o.isFailure("sluice: " + log + ": ");
                failed++;
            }
        }
        assertThat(failed).as(what).isPositive();
    }

    @Test
    void aFiringLogCutShortFailsTheQueriesThatReadPastTheCutNamingTheFile() throws Exception {
        long end = endOfData();
        try (RandomAccessFile raf = new RandomAccessFile(log.toFile(), "rw")) {
            raf.setLength(end - 100);
        }
        assertWholeOrFailureNamingTheLog("cut short");

        Files.delete(dir.resolve("w/provenance/index/complete"));
        for (List<String> query : QUERIES) {
            prov(query).isFailure("sluice: " + log + ": ");
        }
    }

    @Test
    void garbageAfterTheLastBatchChangesNoAnswer() throws Exception {
        byte[] garbage = new byte[4096];
        new Random(36).nextBytes(garbage);
        try (RandomAccessFile raf = new RandomAccessFile(log.toFile(), "rw")) {
            raf.seek((endOfData() + 3) & ~3L);
            raf.write(garbage);
        }
        for (List<String> query : QUERIES) {
            assertThat(prov(query).out()).as("%s", query).isEqualTo(whole.get(query));
        }
    }

    @Test
    void aResumeOfADamagedFiringLogIsRefusedNamingTheFileAndChangesNothing() throws Exception {
        try (RandomAccessFile raf = new RandomAccessFile(log.toFile(), "rw")) {
            long at = endOfData() - 50;
            raf.seek(at);
            int b = raf.read();
            raf.seek(at);
            raf.write(b ^ 0x10);
        }
        Map<String, String> before = snapshot();
        Sluice.Outcome resumed = Sluice.run(dir, "run", "filter", "--tokens", "20000", "--work", "w", "--resume");
        resumed.isFailure("sluice: cannot resume: " + log + ": the excerpt at index ");
        assertThat(resumed.err()).contains("fails its checksum");
        assertThat(snapshot()).isEqualTo(before);
    }

    @Test
    void aStoreOfAnOlderFormatIsSaidToHaveNoChecksums() throws Exception {
        Path runJson = dir.resolve("w/provenance/run.json");
        JsonMapper json = JsonMapper.builder().build();
        ObjectNode run = (ObjectNode) json.readTree(runJson.toFile());
        run.remove("crc32c");
        run.put("format", 6);
        Files.writeString(runJson, json.writeValueAsString(run));
        Path marker = dir.resolve("w/provenance/index/complete");
        ObjectNode end = (ObjectNode) json.readTree(marker.toFile());
        end.remove("crc32c");
        Files.writeString(marker, json.writeValueAsString(end));
        Files.delete(dir.resolve("w/provenance/index/indexes")); // rebuilt from the log

        String note = "provenance format 6 has no checksums: damage to its files may go unnoticed";
        assertThat(Sluice.run(dir, "prov", "runs", "w").summary()).endsWith("(" + note + ")");
        assertThat(prov(QUERIES.get(0)).out()).endsWith("(" + note + ")" + System.lineSeparator());
        String states = "provenance format 6 does not record which actors keep state across firings: what a firing produced is"
                + " shown as derived from what it consumed alone";
        assertThat(prov(QUERIES.get(2)).out()).isEqualTo(whole.get(QUERIES.get(2)) + "(" + states + ")" + System.lineSeparator()
                + "(" + note + ")" + System.lineSeparator());
    }

    private Map<String, String> snapshot() throws Exception {
        return Workspace.fingerprint(dir.resolve("w"));
    }
}
