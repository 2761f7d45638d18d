package io.sluice.director;

/**
 * The firing recordings of a demand-driven run that hold firings not handed to the logs yet, and
 * how deep in the chain of demands those firings ran ({@link #level}: 1 for a driver's firing, one
 * more for each demand). A recording that times a firing or ends hands over first the spans of the
 * recordings whose firings ran deeper ({@link #handDeeperThan}), deepest first, so that a
 * demanded firing is handed over, and timed, before the firing that demanded it: its interval
 * ends within the demanding one's, however many demands its span holds. Driver thread only.
 */
final class NestedSpans {
    /** The level of the firing under way: the demand-driven director's stack depth. */
    int level;
    private FiringRecording[] pending = new FiringRecording[8];
    private int size;
    /** Scratch for {@link #handDeeperThan}: the recordings to hand over, deepest first. */
    private FiringRecording[] deeper = new FiringRecording[8];

    /** {@code r} now holds firings not handed over; once, until it hands them ({@link #remove}). */
    void add(FiringRecording r) {
        if (size == pending.length) {
            pending = java.util.Arrays.copyOf(pending, 2 * size);
        }
        pending[size++] = r;
    }

    /** {@code r} has handed over all its firings. */
    void remove(FiringRecording r) {
        for (int i = 0; i < size; i++) {
            if (pending[i] == r) {
                pending[i] = pending[--size];
                pending[size] = null;
                return;
            }
        }
    }

    /**
     * Hands over the pending firings of every recording but {@code self} that ran deeper than
     * {@code level}, deepest first; returns how many recordings it handed over. One pass picks
     * them, sorted by depth as they are picked: a hand-over changes no other recording's depth.
     */
    int handDeeperThan(int level, FiringRecording self) {
        int n = 0;
        for (int i = 0; i < size; i++) {
            FiringRecording r = pending[i];
            int depth = r.pendingLevel();
            if (r == self || depth <= level) {
                continue;
            }
            if (n == deeper.length) {
                deeper = java.util.Arrays.copyOf(deeper, 2 * n);
            }
            int at = n++;
            while (at > 0 && deeper[at - 1].pendingLevel() < depth) {
                deeper[at] = deeper[at - 1];
                at--;
            }
            deeper[at] = r;
        }
        for (int i = 0; i < n; i++) {
            deeper[i].handPending(); // removes it from pending
            deeper[i] = null;
        }
        return n;
    }
}
