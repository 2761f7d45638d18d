package io.sluice.provenance;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Turns the provenance a recorder of this Sluice wrote into the layout of an older format. */
final class OlderFormats {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private OlderFormats() {}

    /**
     * In {@code <work>/provenance} of a run that ended: how it ended moves from the completion
     * marker into {@code run.json}, and the marker holds its status only, as before format 6;
     * {@code run.json} and the index file lose their checksums, as before format 7 (the firing
     * log's batches keep theirs, which a reader of an older format reads past). {@code run.json}
     * is given {@code format}.
     */
    static void endInRunJson(Path work, int format) throws IOException {
        StoreLayout layout = new StoreLayout(work);
        Path runJson = layout.root().resolve(RunFile.NAME);
        ObjectNode run = (ObjectNode) JSON.readTree(runJson.toFile());
        ObjectNode end = (ObjectNode) JSON.readTree(layout.complete().toFile());
        run.remove("crc32c");
        end.remove("crc32c");
        run.setAll(end);
        run.put("format", format);
        Files.writeString(runJson, JSON.writeValueAsString(run));
        Files.writeString(layout.complete(), end.get("status").asString() + "\n");
        byte[] indexes = Files.readAllBytes(layout.indexes());
        Files.write(layout.indexes(), java.util.Arrays.copyOf(indexes, indexes.length - 4));
    }

    /**
     * In {@code <work>/provenance}: the indexes of {@code index/indexes} become a file each, named
     * as the index, of its pairs (long key, long value, little-endian), as formats 2 to 4 kept
     * them; {@code index/indexes}, without its checksum ({@link #endInRunJson}), is removed.
     * {@code run.json} keeps its format.
     */
    static void splitIndexes(Path work) throws IOException {
        StoreLayout layout = new StoreLayout(work);
        Map<String, IndexReader> indexes = IndexSetFile.read(layout.indexes(), false);
        for (Map.Entry<String, IndexReader> e : indexes.entrySet()) {
            IndexReader index = e.getValue();
            ByteBuffer pairs = ByteBuffer.allocate((int) index.size() * IndexReader.PAIR).order(ByteOrder.LITTLE_ENDIAN);
            for (long i = 0; i < index.size(); i++) {
                pairs.putLong(index.key(i)).putLong(index.value(i));
            }
            Files.write(layout.indexFile(e.getKey()), pairs.array());
        }
        Files.delete(layout.indexes());
    }
}
