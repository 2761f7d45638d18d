package io.sluice.provenance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Makes the provenance of a run that ended look like what a run killed near its end leaves. */
final class KilledRuns {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private KilledRuns() {}

    /**
     * In {@code <work>/provenance}: {@code run.json} says RUNNING, with no end and no totals (as
     * it does from format 6 on); the
     * completion marker is gone, and the index files are empty, as if the recorder had not written
     * them yet.
     */
    static void asIfKilled(Path work) throws IOException {
        Path provenance = work.resolve(StoreLayout.DIRECTORY);
        Files.delete(provenance.resolve("index/complete"));
        try (var files = Files.list(provenance.resolve("index"))) {
            for (Path f : files.toList()) {
                Files.write(f, new byte[0]);
            }
        }
        var runFile = (ObjectNode) JSON.readTree(provenance.resolve(RunFile.NAME).toFile());
        if (runFile.get("format").asInt() < RunFile.END_IN_MARKER) {
            // From format 6 on, run.json is written once, as the run starts, and says so already.
            runFile.put("status", "RUNNING").putNull("ended").putArray("actorTotals");
            Files.writeString(provenance.resolve(RunFile.NAME), JSON.writeValueAsString(runFile));
        }
    }
}
