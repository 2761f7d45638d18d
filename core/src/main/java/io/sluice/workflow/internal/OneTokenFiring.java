package io.sluice.workflow.internal;

import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import java.nio.file.Path;

/**
 * The firing context of one firing of a copy of a replicated actor, wherever the copy fires (in
 * the replicated actor's process, or in a worker's): it hands the copy its one token, refuses a
 * second take, {@code finish()} and files, and passes each put to {@link #record} for the
 * subclass to keep. Used on the copy's thread only.
 */
public abstract class OneTokenFiring implements FiringContext {
    private final long firing;
    private final Object token;
    private boolean taken;

    protected OneTokenFiring(long firing, Object token) {
        this.firing = firing;
        this.token = token;
    }

    /** The copy, for messages: {@code copy 2 of replicated actor 'sort'}, say. */
    protected abstract String copyName();

    /** The name of the replicated actor's input port. */
    protected abstract String inputName();

    /**
     * Keeps a put of a value that is not null.
     *
     * @throws IllegalArgumentException naming the port if it is not an output port of the copy
     */
    protected abstract void record(OutputPort<?> port, Object value);

    /** Whether the copy took its token. */
    public final boolean taken() {
        return taken;
    }

    @Override
    public final long firing() {
        return firing;
    }

    @Override
    public final <T> T take(InputPort<T> port) {
        checkInput(port);
        if (taken) {
            throw new IllegalStateException(copyName() + " took a second token in one firing; "
                    + "a copy of a replicated actor takes exactly one token per firing");
        }
        taken = true;
        return port.type().cast(token);
    }

    @Override
    public final boolean hasNext(InputPort<?> port) {
        checkInput(port);
        if (taken) {
            throw new IllegalStateException(copyName() + " asked for a second token in one firing; "
                    + "a copy of a replicated actor takes exactly one token per firing");
        }
        return true;
    }

    @Override
    public final <T> void put(OutputPort<T> port, T value) {
        if (value == null) {
            throw new NullPointerException(copyName() + " put null to '" + port.name() + "'");
        }
        record(port, value);
    }

    @Override
    public final void finish() {
        throw new IllegalStateException(copyName() + " called finish(); a replicated actor ends when its input ends");
    }

    @Override
    public final void declareStateEmpty() {
        // a @Stateless copy holds no state: nothing to declare
    }

    @Override
    public final Path outputFile(String parameter) {
        throw new IllegalArgumentException(copyName() + " declared no file under '" + parameter
                + "': a replicated actor writes no files");
    }

    private void checkInput(InputPort<?> port) {
        if (!port.name().equals(inputName())) {
            throw new IllegalArgumentException("'" + port.name() + "' is not the input port of " + copyName());
        }
    }
}
