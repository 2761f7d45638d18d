package io.sluice.workflow.internal;

import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The firing context of one copy firing: it hands the copy its one token and keeps what the copy
 * puts, for the replicated actor to put in input order. Used on the copy's thread only.
 */
final class CopyFiring implements FiringContext {
    /** A token put by a copy, to the replicated actor's output named {@code port}. */
    record Put(OutputPort<Object> port, Object token) {}

    private final Replicas owner;
    private final int copy;
    private final long firing;
    private final Object token;
    private final List<Put> puts = new ArrayList<>(2);
    private boolean taken;

    CopyFiring(Replicas owner, int copy, long firing, Object token) {
        this.owner = owner;
        this.copy = copy;
        this.firing = firing;
        this.token = token;
    }

    int copy() {
        return copy;
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
        checkInput(port);
        if (taken) {
            throw new IllegalStateException(owner.copyName(copy) + " took a second token in one firing; "
                    + "a copy of a replicated actor takes exactly one token per firing");
        }
        taken = true;
        return port.type().cast(token);
    }

    @Override
    public boolean hasNext(InputPort<?> port) {
        checkInput(port);
        if (taken) {
            throw new IllegalStateException(owner.copyName(copy) + " asked for a second token in one firing; "
                    + "a copy of a replicated actor takes exactly one token per firing");
        }
        return true;
    }

    @Override
    public <T> void put(OutputPort<T> port, T value) {
        if (value == null) {
            throw new NullPointerException(owner.copyName(copy) + " put null to '" + port.name() + "'");
        }
        OutputPort<Object> out = owner.output(port.name());
        if (out == null) {
            throw new IllegalArgumentException("'" + port.name() + "' is not an output port of " + owner.copyName(copy));
        }
        puts.add(new Put(out, out.type().cast(value)));
    }

    @Override
    public void finish() {
        throw new IllegalStateException(owner.copyName(copy) + " called finish(); a replicated actor ends when its input ends");
    }

    @Override
    public void declareStateEmpty() {
        // a @Stateless copy holds no state: nothing to declare
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

    @Override
    public Path outputFile(String parameter) {
        throw new IllegalArgumentException(owner.copyName(copy) + " declared no file under '" + parameter
                + "': a replicated actor writes no files");
    }

    private void checkInput(InputPort<?> port) {
        if (!port.name().equals(owner.inputName())) {
            throw new IllegalArgumentException("'" + port.name() + "' is not the input port of " + owner.copyName(copy));
        }
    }

}
