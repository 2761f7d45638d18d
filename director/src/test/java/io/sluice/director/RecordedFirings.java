package io.sluice.director;

import io.sluice.run.FiringRecord;
import io.sluice.run.RunListener;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A listener that takes every firing as a {@link FiringRecord} (it has no {@code FiringLog}, so a
 * director times each firing) and keeps them in the order they came. Thread-safe. A test that
 * hears the rest of the run too overrides the other callbacks.
 */
class RecordedFirings implements RunListener {
    final List<FiringRecord> firings = Collections.synchronizedList(new ArrayList<>());

    @Override
    public boolean wantsFirings() {
        return true;
    }

    @Override
    public void firingEnded(FiringRecord firing) {
        firings.add(firing);
    }

    /** The records of {@code actor}'s firings, in the order they came. */
    List<FiringRecord> of(String actor) {
        synchronized (firings) {
            return firings.stream().filter(f -> f.actor().equals(actor)).toList();
        }
    }
}
