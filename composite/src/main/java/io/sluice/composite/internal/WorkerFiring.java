package io.sluice.composite.internal;

import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The firing context of one firing of a copy in a worker: it hands the copy its one token and
 * keeps what it puts, as a copy firing in the coordinator's process does. Used on the copy's
 * thread only.
 */
final class WorkerFiring implements FiringContext {
    /** A put: the output port's index among the copy's outputs, and the token. */
    record Put(int port, Object token) {}

    private final ReplicaWorker worker;
    private final long firing;
    private final Object token;
    private final List<Put> puts = new ArrayList<>(2);
    private boolean taken;

    WorkerFiring(ReplicaWorker worker, long firing, Object token) {
        this.worker = worker;
        this.firing = firing;
        this.token = token;
    }

    boolean taken() {
        return taken;
    }

    List<Put> puts() {
        return puts;
    }

    @Override
    public long firing() {
        return firing;
    }

    @Override
    public <T> T take(InputPort<T> port) {
        check(port);
        if (taken) {
            throw new IllegalStateException(worker + " took a second token in one firing; a copy of a replicated actor takes"
                    + " exactly one token per firing");
        }
        taken = true;
        return port.type().cast(token);
    }

    @Override
    public boolean hasNext(InputPort<?> port) {
        check(port);
        if (taken) {
            throw new IllegalStateException(worker + " asked for a second token in one firing");
        }
        return true;
    }

    @Override
    public <T> void put(OutputPort<T> port, T value) {
        if (value == null) {
            throw new NullPointerException(worker + " put null to '" + port.name() + "'");
        }
        int index = worker.outputIndex(port.name());
        if (index < 0) {
            throw new IllegalArgumentException("'" + port.name() + "' is not an output port of " + worker);
        }
        puts.add(new Put(index, value));
    }

    @Override
    public void finish() {
        throw new IllegalStateException(worker + " called finish(); a replicated actor ends when its input ends");
    }

    @Override
    public void declareStateEmpty() {
        // a @Stateless copy holds no state
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

    @Override
    public Path outputFile(String parameter) {
        throw new IllegalArgumentException(worker + " declared no file under '" + parameter + "': a replicated actor writes no files");
    }

    private void check(InputPort<?> port) {
        if (!port.name().equals(worker.inputName())) {
            throw new IllegalArgumentException("'" + port.name() + "' is not the input port of " + worker);
        }
    }
}
