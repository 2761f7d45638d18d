package io.sluice.director;

import io.sluice.run.Run;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunInfo;
import io.sluice.run.RunListener;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import java.util.List;

/**
 * Tells a run's listeners what happens to it, each event on the thread it happens on, to every
 * listener in the order the run was configured with them.
 *
 * <p><b>Failure.</b> A listener that throws fails the run ({@link RunBase#fail}), with a failure
 * naming the listener and the event; the listeners after it are told still. Nothing is thrown to
 * the caller, except what a listener throws in {@code runStarted} that is not an
 * {@link Exception}, which the caller records itself.
 */
final class RunListeners {
    private final List<RunListener> listeners;
    private final RunBase run;
    /** The run's failure if describing a listener's failure runs out of memory, made in advance. */
    private final OutOfMemoryFailure outOfMemory;

    /** The {@code listeners} of {@code run}, an immutable list, whose failures fail it. */
    RunListeners(List<RunListener> listeners, RunBase run, OutOfMemoryFailure outOfMemory) {
        this.listeners = listeners;
        this.run = run;
        this.outOfMemory = outOfMemory;
    }

    /** Whether the run has no listener, so that nothing need be told. */
    boolean isEmpty() {
        return listeners.isEmpty();
    }

    /** The listeners, for the actors to ask each for a log of their firings ({@link ActorRuntime#recordFirings}). */
    List<RunListener> all() {
        return listeners;
    }

    /**
     * Tells the listeners {@code run} started, as {@code info} describes it; on a thread of its own
     * while the supervisor opens the channels.
     */
    void runStarted(Run run, RunInfo info) {
        for (RunListener l : listeners) {
            try {
                l.runStarted(run, info);
            } catch (Exception e) {
                this.run.fail(new RunFailedException("listener " + l + " failed in runStarted: " + e, e));
            }
        }
    }

    /** Tells the listeners {@code actor} ended; on the actor's thread after it has ended and been wrapped up. */
    void actorEnded(ActorRuntime actor) {
        for (RunListener l : listeners) {
            try {
                l.actorEnded(actor.name, actor.firings());
            } catch (Throwable t) {
                run.fail(new RunFailedException("listener " + l + " failed in actorEnded for actor '" + actor.name + "': " + t, t));
            }
        }
    }

    /**
     * Gives the listeners a snapshot; on the watch's thread. A listener's failure is recorded even
     * when the heap is exhausted ({@link RunBase#failInternally}).
     */
    void progress(RunSnapshot snapshot) {
        for (RunListener l : listeners) {
            try {
                l.progress(snapshot);
            } catch (Throwable t) {
                run.failInternally("telling progress to", "listener", String.valueOf(l), t, outOfMemory);
            }
        }
    }

    /**
     * Tells the listeners the run ended with {@code result}; on the supervisor, once every worker
     * has ended and the channels are closed. A listener that fails here fails the run, although
     * the listeners before it were told it completed.
     */
    void runEnded(RunResult result) {
        for (RunListener l : listeners) {
            try {
                l.runEnded(result);
            } catch (Throwable t) {
                run.fail(new RunFailedException("listener " + l + " failed in runEnded: " + t, t));
            }
        }
    }
}
