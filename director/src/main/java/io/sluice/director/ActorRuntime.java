package io.sluice.director;

import io.sluice.actor.Actor;
import io.sluice.actor.EndOfStreamSignal;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Resumable;
import io.sluice.actor.StopSignal;
import io.sluice.run.ActorFailedException;
import io.sluice.run.ActorFailedException.Phase;
import io.sluice.run.ActorState;
import io.sluice.run.Checkpoint;
import io.sluice.run.FiringLog;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunListener;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An actor in a run: its bindings, its lifecycle, and the {@link FiringContext} it fires with.
 * Every method runs on the thread that runs the actor. What a scheduler knows of the actor (what
 * it waits for, whether it is firing) the scheduler keeps, by the actor's {@link #index}.
 */
final class ActorRuntime implements FiringContext {
    private static final VarHandle FIRING;

    static {
        try {
            FIRING = MethodHandles.lookup().findVarHandle(ActorRuntime.class, "firing", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The actor's place in the workflow's actors, 0-based. */
    final int index;
    final String name;
    final Actor actor;
    final InputBinding[] inputs;
    final OutputBinding[] outputs;
    private final RunBase run;
    private Scheduler scheduler;
    /** The one thread that may take and put, under a director that fires every actor on it; null under others. */
    private Thread driver;
    /** Whether the scheduler runs this actor's firings back to back on its thread (it does unless firings nest). */
    private boolean backToBack;

    /** The number of the current firing, or of the next one between firings. */
    private long firing;
    /** When the firing under way started as its recording times it; 0 if firings are not recorded. */
    private long firingStart;
    private boolean finishRequested;
    /** Whether the firing under way declared the actor's state empty ({@link #declareStateEmpty()}). */
    private boolean stateEmptied;
    private boolean endOfStream;
    private boolean initialized;
    private boolean ended;

    /** This actor's failure if it runs out of memory, made while memory is plenty. */
    final OutOfMemoryFailure outOfMemory;
    /** What this actor is doing, for snapshots of the run. */
    final ActorActivity activity;
    /** Records firings for the listeners that want them; null if none does. Set before the actor starts. */
    private FiringRecording recording;
    /** Saves this actor's checkpoints; null unless it is resumable and the run has checkpoints. Set before the actor starts. */
    private Checkpointing checkpointing;
    /** The checkpoint this actor restarts from in a resumed run, or null. Set before the actor starts. */
    private Checkpoint restart;

    ActorRuntime(RunBase run, int index, String name, Actor actor, InputBinding[] inputs, OutputBinding[] outputs) {
        this.run = run;
        this.index = index;
        this.name = name;
        this.actor = actor;
        this.inputs = inputs;
        this.outputs = outputs;
        this.outOfMemory = OutOfMemoryFailure.inActor(name);
        this.activity = new ActorActivity(name);
        for (int i = 0; i < inputs.length; i++) {
            inputs[i].owner = this;
            inputs[i].slot = i;
        }
    }

    void scheduler(Scheduler scheduler) {
        this.scheduler = scheduler;
        this.backToBack = !scheduler.nestsFirings();
    }

    /**
     * Refuses takes and puts on any thread but {@code driver}, which fires every actor of a run
     * whose channels are single-threaded ({@link RunBase#firesOnOneThread}); before the actor
     * starts, on that thread.
     */
    void confineTo(Thread driver) {
        this.driver = driver;
    }

    /** The failure of a take or put on another thread than the {@link #driver}. */
    private IllegalStateException wrongThread(io.sluice.actor.Port<?> port, String verb) {
        return new IllegalStateException("actor '" + name + "' " + verb + " port '" + port.name() + "' on thread '"
                + Thread.currentThread().getName() + "', but its director fires it on thread '" + driver.getName()
                + "': a firing context may be used only on the thread that fires the actor");
    }

    /**
     * Ends a sequence of back-to-back firings ({@link #fireOnce(boolean)}): the firings of it not
     * timed yet are timed now, so that they do not share an interval with what runs next.
     */
    void endBackToBack() {
        if (recording != null && !ended) {
            recording.endBackToBack(firing);
        }
    }

    /** The firing under way waits for a channel, blocking this actor's thread; on that thread. */
    void waited() {
        if (recording != null) {
            recording.waited();
        }
    }

    /**
     * Asks each listener for a log of this actor's firings and records them for those that give
     * one; before the actor starts. A listener that throws fails the run.
     */
    void recordFirings(List<RunListener> listeners) {
        List<RunListener> owners = new ArrayList<>();
        List<FiringLog> logs = new ArrayList<>();
        for (RunListener l : listeners) {
            FiringLog log;
            try {
                log = l.firingLog(name);
            } catch (RuntimeException e) {
                run.fail(new RunFailedException("listener " + l + " failed to give a firing log for actor '" + name + "': " + e, e));
                return;
            }
            if (log != null) {
                owners.add(l);
                logs.add(log);
            }
        }
        this.recording = logs.isEmpty() ? null
                : new FiringRecording(run, name, inputs, outputs, owners.toArray(RunListener[]::new), logs.toArray(FiringLog[]::new));
    }

    /** Saves this actor's checkpoints with {@code checkpointing}; before the actor starts. */
    void checkpointing(Checkpointing checkpointing) {
        this.checkpointing = checkpointing;
    }

    /**
     * Restarts this actor from {@code checkpoint} instead of its first firing; before the actor
     * starts, once it has {@link #checkpointing(Checkpointing)}.
     *
     * @throws RunFailedException if its channels were not opened at the checkpoint's positions
     */
    void restartFrom(Checkpoint checkpoint) throws RunFailedException {
        this.firing = checkpoint.firing();
        this.restart = checkpoint;
        checkpointing.checkRestart(checkpoint);
    }

    boolean ended() {
        return ended;
    }

    long firings() {
        return firing;
    }

    /** When the firing under way started as its recording times it, or 0 if its firings are not recorded. */
    long firingStart() {
        return firingStart;
    }

    /** The firings this actor has completed, read from any thread (an opaque read). */
    long firingsSeen() {
        return (long) FIRING.getOpaque(this);
    }

    // ---- lifecycle, called by the director on the actor's thread ----

    /**
     * Calls {@code initialize}, or when the actor restarts from a checkpoint, {@code resume} with
     * its snapshot ({@code initialize} for a stateless actor), and ends it at once if it had
     * ended; on failure fails the run and returns false.
     */
    boolean initialize() {
        initialized = true;
        try {
            if (restart != null && actor instanceof Resumable r) {
                r.resume(this, restart.state());
            } else {
                actor.initialize(this);
            }
            if (restart != null && restart.ended()) {
                end();
            }
            activity.set(ActorState.IDLE);
            return true;
        } catch (StopSignal | EndOfStreamSignal e) {
            activity.set(ActorState.FAILED);
            run.fail(new ActorFailedException(name, Phase.INITIALIZE, -1,
                    new IllegalStateException("initialize must not take or put tokens")));
            return false;
        } catch (Throwable t) {
            activity.set(ActorState.FAILED);
            run.fail(failure(Phase.INITIALIZE, -1, t));
            return false;
        }
    }

    /**
     * Runs one firing. Returns normally when the firing ended, after which {@link #ended()} may
     * have become true.
     *
     * @throws StopSignal if the run is stopping; the actor has not been ended yet
     */
    void fireOnce() {
        fireOnce(backToBack);
    }

    /**
     * Runs one firing, as {@link #fireOnce()}, for a scheduler whose firings nest: {@code
     * backToBack} if it follows this actor's previous firing with only the scheduler's work in
     * between, as when it fires the actor again and again to meet one demand. Such a sequence ends
     * with {@link #endBackToBack}.
     */
    void fireOnce(boolean backToBack) {
        fireOnce(backToBack, 0L);
    }

    /**
     * As {@link #fireOnce(boolean)}, for a firing that the firing under way of another actor
     * demanded, which started at {@code demandedFrom} as its recording times it ({@link #firingStart});
     * 0 if unknown.
     */
    void fireOnce(boolean backToBack, long demandedFrom) {
        long n = firing;
        FiringRecording rec = recording;
        long started = rec != null ? rec.started(n, backToBack, demandedFrom) : 0L;
        firingStart = started;
        boolean returned = false;
        activity.set(ActorState.FIRING);
        try {
            actor.fire(this);
            returned = true;
        } catch (EndOfStreamSignal e) {
            endOfStream = true;
        } catch (StopSignal e) {
            throw e;
        } catch (StackOverflowError e) {
            activity.set(ActorState.FAILED);
            if (scheduler.nestsFirings()) {
                run.fail(new RunFailedException("the chain of demands is too deep for the director's stack (it ran out in firing "
                        + n + " of actor '" + name + "'); shorten the chain or use the data-driven director", e));
            } else if (!run.stopping()) {
                run.fail(failure(Phase.FIRE, n, e));
            }
            throw StopSignal.get();
        } catch (OutOfMemoryError e) {
            activity.set(ActorState.FAILED);
            run.fail(outOfMemory.of(e));
            throw StopSignal.get();
        } catch (Throwable t) {
            if (!run.stopping()) {
                activity.set(ActorState.FAILED);
                run.fail(failure(Phase.FIRE, n, t));
            }
            throw StopSignal.get();
        } finally {
            firing = n + 1;
            if (rec != null) {
                // A firing that emptied the state is handed over at once, so that the logs get it before the next one.
                rec.ended(n, started, backToBack || demandedFrom != 0, !returned || finishRequested || stateEmptied);
                if (stateEmptied) {
                    rec.stateEmptied(n);
                }
            }
            stateEmptied = false;
        }
        activity.set(ActorState.IDLE);
        if (endOfStream || finishRequested) {
            end();
        } else if (checkpointing != null) {
            try {
                checkpointing.afterFiring(firing);
            } catch (RunFailedException e) {
                run.fail(e);
                throw StopSignal.get();
            }
        }
    }

    /**
     * The failure of this actor's code: {@code t} thrown in {@code phase}. If describing it fails
     * (it runs out of memory, or a string concatenation cannot be linked for want of memory), this
     * actor's out-of-memory failure, made in advance, instead: the failure must be recorded here,
     * since an error escaping a nested firing would be blamed on the actor that demanded it.
     */
    private RunFailedException failure(Phase phase, long n, Throwable t) {
        try {
            return new ActorFailedException(name, phase, n, t);
        } catch (Throwable describing) {
            return outOfMemory.of(describing);
        }
    }

    /**
     * Ends the actor normally: closes its outputs (end of stream downstream) and inputs, calls
     * {@code wrapUp} if it was initialised, tells listeners. Idempotent.
     */
    void end() {
        end(true);
    }

    /**
     * Ends an actor the run stopped (or that could not start): as {@link #end()}, but its outputs
     * are left open, so that their streams are not marked as ended: a persistent channel then
     * shows that it was cut off. Does nothing if the actor has already ended.
     */
    void stop() {
        end(false);
    }

    private void end(boolean normally) {
        if (ended) {
            return;
        }
        ended = true;
        activity.set(ActorState.ENDED);
        if (recording != null) {
            recording.flush(firing);
        }
        boolean endOutputs = normally;
        if (normally && checkpointing != null && initialized) {
            try {
                checkpointing.atEnd(firing);
            } catch (RunFailedException e) {
                run.fail(e);
                endOutputs = false;
            }
        }
        if (endOutputs) {
            for (OutputBinding out : outputs) {
                out.writer.close();
            }
        }
        for (InputBinding in : inputs) {
            in.reader.close();
            if (in.bound != null) {
                in.bound.readerClosed(in.reader);
            }
        }
        if (initialized) {
            try {
                actor.wrapUp(this);
            } catch (Throwable t) {
                run.fail(failure(Phase.WRAP_UP, -1, t));
            }
        }
        run.actorEnded(this);
    }

    // ---- FiringContext ----

    @Override
    public String actorName() {
        return name;
    }

    @Override
    public String runId() {
        return run.id();
    }

    @Override
    public Path workDirectory() {
        return run.workDirectory();
    }

    @Override
    public Path outputFile(String parameter) {
        return run.outputFile(name, parameter);
    }

    @Override
    public long firing() {
        return firing;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T take(InputPort<T> port) {
        InputBinding in = input(port);
        if (driver != null && Thread.currentThread() != driver) {
            throw wrongThread(port, "took from");
        }
        if (run.stopping()) {
            throw StopSignal.get();
        }
        Object token = in.reader.poll();
        if (token == null) {
            awaitReadable(in);
            token = takeReady(in);
            if (token == null) {
                endOfStream = true;
                throw EndOfStreamSignal.get();
            }
        }
        in.count(firing);
        return (T) token;
    }

    /** Waits as the scheduler does for a token on {@code in}, shown as waiting meanwhile. */
    private void awaitReadable(InputBinding in) {
        activity.waiting(ActorState.WAITING_TO_READ, in.channel);
        scheduler.awaitReadable(this, in);
        activity.waiting(ActorState.FIRING, null);
    }

    /**
     * Takes from a reader the scheduler found ready. Ready means no actor has to act for the token
     * to arrive, not that it has arrived: a channel's own threads may still be bringing it (the
     * cached policy), so this may wait briefly, and only null means the end of the stream.
     */
    private Object takeReady(InputBinding in) {
        try {
            return in.reader.take();
        } catch (InterruptedException e) {
            throw StopSignal.get();
        }
    }

    @Override
    public boolean hasNext(InputPort<?> port) {
        InputBinding in = input(port);
        if (driver != null && Thread.currentThread() != driver) {
            throw wrongThread(port, "asked for the next token of");
        }
        if (run.stopping()) {
            throw StopSignal.get();
        }
        if (!in.reader.isReady()) {
            awaitReadable(in);
        }
        return !in.reader.isEndOfStream();
    }

    @Override
    public <T> void put(OutputPort<T> port, T token) {
        OutputBinding out = output(port);
        if (token == null) {
            throw new NullPointerException("actor '" + name + "' put null to port '" + port.name() + "'; channels carry no nulls");
        }
        if (!port.type().isInstance(token)) {
            throw new ClassCastException("actor '" + name + "' put a " + token.getClass().getName() + " to port '"
                    + port.name() + "', which carries " + port.type().getName());
        }
        if (ended) {
            throw new IllegalStateException("actor '" + name + "' has ended and cannot put to port '" + port.name() + "'");
        }
        if (driver != null && Thread.currentThread() != driver) {
            throw wrongThread(port, "put to");
        }
        if (run.stopping()) {
            throw StopSignal.get();
        }
        ChannelBound bound = out.bound;
        if (bound != null && !bound.roomForWriter()) {
            activity.waiting(ActorState.WAITING_TO_WRITE, out.channel);
            do {
                scheduler.awaitWritable(this, out);
            } while (!bound.roomForWriter());
            activity.waiting(ActorState.FIRING, null);
        }
        try {
            out.writer.put(token);
        } catch (InterruptedException e) {
            // Only a stop interrupts an actor's thread.
            if (run.stopping()) {
                throw StopSignal.get();
            }
            throw new IllegalStateException("actor '" + name + "' was interrupted putting to port '" + port.name() + "'", e);
        }
        if (out.countsBytes) { // a bound in tokens alone needs nothing per token: it reads the writer's position
            bound.wrote(token);
        }
        out.count(firing);
    }

    @Override
    public void finish() {
        finishRequested = true;
    }

    @Override
    public void declareStateEmpty() {
        stateEmptied = true;
    }

    @Override
    public String toString() {
        return "actor '" + name + "'";
    }

    private InputBinding input(InputPort<?> port) {
        for (InputBinding in : inputs) {
            if (in.port == port) {
                return in;
            }
        }
        for (InputBinding in : inputs) {
            if (in.port.equals(port)) {
                return in;
            }
        }
        throw new IllegalArgumentException("actor '" + name + "' has no " + port + "; its inputs: "
                + Arrays.stream(inputs).map(i -> i.port.name()).toList());
    }

    private OutputBinding output(OutputPort<?> port) {
        for (OutputBinding out : outputs) {
            if (out.port == port) {
                return out;
            }
        }
        for (OutputBinding out : outputs) {
            if (out.port.equals(port)) {
                return out;
            }
        }
        throw new IllegalArgumentException("actor '" + name + "' has no " + port + "; its outputs: "
                + Arrays.stream(outputs).map(o -> o.port.name()).toList());
    }
}
