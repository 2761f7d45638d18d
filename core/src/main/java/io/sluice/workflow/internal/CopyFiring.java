package io.sluice.workflow.internal;

import io.sluice.actor.OutputPort;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The firing context of one copy firing in the replicated actor's process: it keeps what the copy
 * puts, for the replicated actor to put in input order. Used on the copy's thread only.
 */
final class CopyFiring extends OneTokenFiring {
    /** A token put by a copy, to the replicated actor's output named {@code port}. */
    record Put(OutputPort<Object> port, Object token) {}

    private final Replicas owner;
    private final int copy;
    private final List<Put> puts = new ArrayList<>(2);

    CopyFiring(Replicas owner, int copy, long firing, Object token) {
        super(firing, token);
        this.owner = owner;
        this.copy = copy;
    }

    int copy() {
        return copy;
    }

    List<Put> puts() {
        return puts;
    }

    @Override
    protected String copyName() {
        return owner.copyName(copy);
    }

    @Override
    protected String inputName() {
        return owner.inputName();
    }

    @Override
    protected void record(OutputPort<?> port, Object value) {
        OutputPort<Object> out = owner.output(port.name());
        if (out == null) {
            throw new IllegalArgumentException("'" + port.name() + "' is not an output port of " + owner.copyName(copy));
        }
        puts.add(new Put(out, out.type().cast(value)));
    }

    @Override
    public String actorName() {
        return owner.actorName();
    }

    @Override
    public String runId() {
        return owner.runId();
    }

    @Override
    public Path workDirectory() {
        return owner.workDirectory();
    }
}
