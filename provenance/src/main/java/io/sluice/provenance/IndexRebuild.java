package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The indexes of a run rebuilt in memory from the firing log itself, for a run that did not end
 * ({@link StoreLayout#complete()} is missing, or from format 6 on does not hold the run's end
 * whole: the recorder may have been killed before it wrote its indexes, while every batch it
 * appended is in the log) or whose index file is damaged. One
 * pass over the log; the indexes hold one pair per batch and port, as the recorder's do.
 */
final class IndexRebuild {
    private IndexRebuild() {}

    /**
     * Reads every batch of the log: {@code batches} hands them to a visitor in log order, as
     * (actor, Chronicle index, decoded records, firings the state was emptied before).
     *
     * @return the rebuilt indexes by name (as {@link StoreLayout} names them)
     */
    static Map<String, IndexReader> rebuild(RunFile run, Consumer<BatchVisitor> batches) {
        Map<String, IndexPairs> pairs = new HashMap<>();
        Map<String, String> consumedIndexOfPort = StoreLayout.consumedIndexes(run);
        Map<String, String> producedIndexOfPort = StoreLayout.producedIndexes(run);
        batches.accept((actor, chronicleIndex, records, emptiedBefore) -> {
            if (records.isEmpty()) {
                return;
            }
            pairs.computeIfAbsent(StoreLayout.batches(actor), k -> new IndexPairs()).append(records.get(0).firing(), chronicleIndex);
            for (long f : emptiedBefore) {
                pairs.computeIfAbsent(StoreLayout.emptied(actor), k -> new IndexPairs()).append(f, f);
            }
            Set<String> seen = new HashSet<>();
            for (FiringRecord f : records) {
                for (PortRange range : f.consumed()) {
                    add(pairs, seen, consumedIndexOfPort.get(f.actor() + "." + range.port()), range.fromSeq(), f.firing());
                }
                for (PortRange range : f.produced()) {
                    add(pairs, seen, producedIndexOfPort.get(f.actor() + "." + range.port()), range.fromSeq(), f.firing());
                }
            }
        });
        Map<String, IndexReader> out = new HashMap<>();
        pairs.forEach((name, p) -> out.put(name, p.reader()));
        return out;
    }

    /** One batch of the log: its records, and the firings before which the actor's state was declared empty. */
    @FunctionalInterface
    interface BatchVisitor {
        void visit(int actor, long chronicleIndex, List<FiringRecord> records, List<Long> emptiedBefore);
    }

    /** Gives index {@code name} (none if null) its pair for the batch, if it has none yet. */
    private static void add(Map<String, IndexPairs> pairs, Set<String> seen, String name, long key, long value) {
        if (name != null && seen.add(name)) {
            pairs.computeIfAbsent(name, k -> new IndexPairs()).append(key, value);
        }
    }
}
