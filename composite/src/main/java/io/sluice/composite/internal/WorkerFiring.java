package io.sluice.composite.internal;

import io.sluice.actor.OutputPort;
import io.sluice.workflow.internal.OneTokenFiring;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The firing context of one firing of a copy in a worker: it keeps what the copy puts, as a copy
 * firing in the coordinator's process does. Used on the copy's thread only.
 */
final class WorkerFiring extends OneTokenFiring {
    /** A put: the output port's index among the copy's outputs, and the token. */
    record Put(int port, Object token) {}

    private final ReplicaWorker worker;
    private final List<Put> puts = new ArrayList<>(2);

    WorkerFiring(ReplicaWorker worker, long firing, Object token) {
        super(firing, token);
        this.worker = worker;
    }

    List<Put> puts() {
        return puts;
    }

    @Override
    protected String copyName() {
        return worker.toString();
    }

    @Override
    protected String inputName() {
        return worker.inputName();
    }

    @Override
    protected void record(OutputPort<?> port, Object value) {
        int index = worker.outputIndex(port.name());
        if (index < 0) {
            throw new IllegalArgumentException("'" + port.name() + "' is not an output port of " + worker);
        }
        puts.add(new Put(index, value));
    }

    @Override
    public String actorName() {
        return worker.actor();
    }

    @Override
    public String runId() {
        return worker.worker();
    }

    @Override
    public Path workDirectory() {
        throw new IllegalStateException(worker + " has no work directory");
    }
}
