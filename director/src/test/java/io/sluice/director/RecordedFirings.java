package io.sluice.director;

import io.sluice.run.FiringLog;
import io.sluice.run.FiringRecord;
import io.sluice.run.RunInfo;
import io.sluice.run.RunListener;
import io.sluice.testing.FiringRecords;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A listener that takes every firing as a {@link FiringRecord} (its spans expanded by
 * {@link FiringRecords}) and keeps them in the order they came. Thread-safe. A test that hears
 * the rest of the run too overrides the other callbacks, and calls {@code runStarted} of this
 * one, which keeps the workflow the records name ports and channels by.
 */
class RecordedFirings implements RunListener {
    final List<FiringRecord> firings = Collections.synchronizedList(new ArrayList<>());
    private volatile Workflow workflow;

    @Override
    public void runStarted(RunInfo run) {
        workflow = run.workflow();
    }

    @Override
    public FiringLog firingLog(String actor) {
        return FiringRecords.log(workflow, actor, firings::add);
    }

    /** The records of {@code actor}'s firings, in the order they came. */
    List<FiringRecord> of(String actor) {
        synchronized (firings) {
            return firings.stream().filter(f -> f.actor().equals(actor)).toList();
        }
    }
}
