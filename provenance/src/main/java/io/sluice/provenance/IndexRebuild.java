package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The indexes of a run that did not end ({@link StoreLayout#complete()} is missing), rebuilt in
 * memory from the firing log itself: the recorder writes index entries in buffers and may have
 * been killed before it wrote them, while every batch it appended is in the log. One pass over
 * the log; the indexes hold one pair per batch and port, as the recorder's do.
 */
final class IndexRebuild {
    private final Map<String, long[]> pairs = new HashMap<>();
    private final Map<String, Integer> sizes = new HashMap<>();

    private IndexRebuild() {}

    /**
     * Reads every batch of the log: {@code batches} hands them to a visitor in log order, as
     * (actor, Chronicle index, decoded records).
     *
     * @return the rebuilt indexes by file name (as {@link StoreLayout} names them)
     */
    static Map<String, IndexFile.Reader> rebuild(RunFile run, StoreLayout layout, Consumer<BatchVisitor> batches) {
        IndexRebuild r = new IndexRebuild();
        Map<String, Path> consumedIndexOfPort = layout.consumedIndexes(run);
        Map<String, Path> producedIndexOfPort = layout.producedIndexes(run);
        batches.accept((actor, chronicleIndex, records) -> {
            if (records.isEmpty()) {
                return;
            }
            r.add(name(layout.batches(actor)), records.get(0).firing(), chronicleIndex);
            Set<String> seen = new HashSet<>();
            for (FiringRecord f : records) {
                for (PortRange range : f.consumed()) {
                    String index = name(consumedIndexOfPort.get(f.actor() + "." + range.port()));
                    if (index != null && seen.add(index)) {
                        r.add(index, range.fromSeq(), f.firing());
                    }
                }
                for (PortRange range : f.produced()) {
                    String index = name(producedIndexOfPort.get(f.actor() + "." + range.port()));
                    if (index != null && seen.add(index)) {
                        r.add(index, range.fromSeq(), f.firing());
                    }
                }
            }
        });
        Map<String, IndexFile.Reader> out = new HashMap<>();
        r.pairs.forEach((name, array) -> out.put(name, IndexFile.Reader.of(array, r.sizes.get(name))));
        return out;
    }

    /** One batch of the log. */
    @FunctionalInterface
    interface BatchVisitor {
        void visit(int actor, long chronicleIndex, List<FiringRecord> records);
    }

    private void add(String index, long key, long value) {
        int n = sizes.getOrDefault(index, 0);
        long[] array = pairs.computeIfAbsent(index, k -> new long[64]);
        if (2 * n + 2 > array.length) {
            array = Arrays.copyOf(array, array.length * 2);
            pairs.put(index, array);
        }
        array[2 * n] = key;
        array[2 * n + 1] = value;
        sizes.put(index, n + 1);
    }

    /** The file name the store's index cache uses, or null for no file. */
    private static String name(Path file) {
        return file == null ? null : file.getFileName().toString();
    }
}
