package io.sluice.director;

import io.sluice.actor.StopSignal;
import io.sluice.run.BlockedActor;
import io.sluice.run.DeadlockException;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.workflow.Workflow;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;

/**
 * A run of the demand-driven director, on one thread.
 *
 * <p><b>Drivers.</b> The actors that drive the run are the sinks (actors none of whose outputs is
 * read) and any actor from which no sink can be reached. The driver loop fires each live driver
 * once per round until every driver has ended. Actors still live then (say, a producer whose
 * reader stopped early) are driven the same way until they end too, so that every channel holds
 * the complete stream its writer produces, exactly as under the data-driven director.
 *
 * <p><b>Demand.</b> When a firing actor takes from an empty channel, the director fires the
 * channel's writer, on the same thread and inside the take, until a token arrives or the stream
 * ends; that writer's own takes demand further upstream. The call stack is the chain of demands.
 * A put never waits, whatever the channel's capacity (see {@link #boundsChannels}).
 *
 * <p><b>Peers.</b> When the run fires a part of a workflow ({@link io.sluice.run.RunPart}), an
 * actor whose output only other parts read is a sink here, and a take from a channel another
 * part writes waits in the channel for that peer.
 *
 * <p><b>Deadlock.</b> If the actor to fire is already on that stack, it is waiting (directly or
 * through others) for the very token being asked of it: the run fails with a
 * {@link DeadlockException} naming every actor of the cycle and the channel it waits on. This is
 * exact and immediate.
 *
 * <p><b>Stopping.</b> The driver thread checks for a stop at every take and put; an actor busy
 * in its own code notices the stop at its next take or put.
 */
final class DemandDrivenRun extends RunBase implements Scheduler {
    /**
     * The driver's stack: every level of demand nests a few frames, so a long pipeline needs a deep
     * stack. Reserved, not committed: untouched pages cost no memory.
     */
    private static final long STACK_BYTES = 256L << 20;

    /**
     * The actors whose firings are in progress, by {@link ActorRuntime#index}, outermost first, in
     * the first {@link #depth} slots; driver thread only. Arrays rather than deques: a push and a
     * pop are two of the few things this director does per firing; of numbers rather than
     * references, since storing a reference costs the collector's write barrier, which may fence.
     */
    private int[] stack = new int[16];
    /** The run's actors by {@link ActorRuntime#index}; set before the first firing. */
    private ActorRuntime[] actors = new ActorRuntime[0];
    private int depth;
    /**
     * The inputs the actors on the {@link #stack} wait for tokens on, by {@link InputBinding#slot},
     * outermost first, in the first {@link #demandDepth} slots: each actor that demands a token
     * pushes one; driver thread only.
     */
    private int[] demands = new int[16];
    private int demandDepth;
    /** Per actor, by {@link ActorRuntime#index}, whether a firing of it is on the stack; driver thread only. */
    private boolean[] onStack = new boolean[0];
    /** The recordings of firings not handed to the logs yet, and the level of the firing under way. */
    private final NestedSpans nestedSpans = new NestedSpans();
    /** The driver while it waits for a token another part writes, else null: what a stop interrupts. */
    private volatile Thread waitingForPeer;

    DemandDrivenRun(String directorName, Workflow workflow, RunConfig config) {
        super(directorName, workflow, config);
    }

    @Override
    List<Thread> execute(List<ActorRuntime> runtimes, CountDownLatch workersDone) {
        Thread driver = new Thread(null, () -> {
            try {
                drive(runtimes);
            } finally {
                workersDone.countDown();
            }
        }, threadName("demand"), STACK_BYTES);
        driver.setDaemon(true);
        try {
            driver.start();
        } catch (Throwable t) {
            fail(new RunFailedException("could not start the demand-driven director's thread: " + t, t));
            workersDone.countDown();
            return List.of();
        }
        return List.of(driver);
    }

    @Override
    public boolean nestsFirings() {
        return true;
    }

    @Override
    NestedSpans nestedSpans() {
        return nestedSpans;
    }

    /** Interrupts the driver if it waits for a peer; otherwise it never blocks, and notices the stop at its next take or put. */
    @Override
    void interruptBlocked() {
        Thread waiting = waitingForPeer;
        if (waiting != null) {
            waiting.interrupt();
        }
    }

    private void drive(List<ActorRuntime> runtimes) {
        onStack = new boolean[runtimes.size()];
        actors = runtimes.toArray(ActorRuntime[]::new);
        try {
            Thread driver = Thread.currentThread();
            for (ActorRuntime actor : runtimes) {
                actor.scheduler(this);
                actor.confineTo(driver);
            }
            for (ActorRuntime actor : runtimes) {
                if (stopping() || !actor.initialize()) {
                    return;
                }
            }
            driveUntilEnded(drivers(runtimes));
            driveUntilEnded(runtimes);
        } catch (StopSignal stop) {
            // The run is stopping; every actor is ended below.
        } catch (Throwable t) {
            failInternally("driving", t);
        } finally {
            stopAll(runtimes);
        }
    }

    /** Fires each live actor of {@code drivers} once per round until all have ended. */
    private void driveUntilEnded(List<ActorRuntime> drivers) {
        // A single driver's firings follow each other with nothing in between but this loop.
        boolean alone = drivers.size() == 1;
        boolean again = false;
        boolean anyLive = true;
        while (anyLive && !stopping()) {
            anyLive = false;
            for (ActorRuntime driver : drivers) {
                if (!driver.ended() && !stopping()) {
                    anyLive = true;
                    fire(driver, alone && again);
                    again = true;
                }
            }
        }
    }

    /** Sinks, and actors from which no sink can be reached. */
    private static List<ActorRuntime> drivers(List<ActorRuntime> runtimes) {
        List<ActorRuntime> sinks = new ArrayList<>();
        for (ActorRuntime actor : runtimes) {
            boolean read = false;
            for (OutputBinding out : actor.outputs) {
                read |= !out.readers.isEmpty();
            }
            if (!read) {
                sinks.add(actor);
            }
        }
        Set<ActorRuntime> reachSink = new HashSet<>(sinks);
        Deque<ActorRuntime> queue = new ArrayDeque<>(sinks);
        while (!queue.isEmpty()) {
            for (InputBinding in : queue.poll().inputs) {
                if (in.writer != null && reachSink.add(in.writer)) {
                    queue.add(in.writer);
                }
            }
        }
        List<ActorRuntime> drivers = new ArrayList<>(sinks);
        for (ActorRuntime actor : runtimes) {
            if (!reachSink.contains(actor)) {
                drivers.add(actor);
            }
        }
        return drivers;
    }

    /** Fires {@code actor}; {@code backToBack} if it follows the actor's previous firing with only this director's work in between. */
    private void fire(ActorRuntime actor, boolean backToBack) {
        fire(actor, backToBack, 0L);
    }

    /** As {@link #fire(ActorRuntime, boolean)}, for a firing that a firing started at {@code demandedFrom} demanded (0 if unknown). */
    private void fire(ActorRuntime actor, boolean backToBack, long demandedFrom) {
        onStack[actor.index] = true;
        int d = depth;
        if (d == stack.length) {
            stack = Arrays.copyOf(stack, 2 * d);
        }
        stack[d] = actor.index;
        depth = d + 1;
        nestedSpans.level = d + 1;
        try {
            actor.fireOnce(backToBack, demandedFrom);
        } finally {
            depth = d;
            nestedSpans.level = d;
            onStack[actor.index] = false;
        }
    }

    /**
     * Fires the writer of {@code input} until the input has a token. Its firings after the first
     * follow each other with nothing in between but this loop, so they are back to back: like a
     * data-driven actor's, they may be timed together.
     */
    @Override
    public void awaitReadable(ActorRuntime actor, InputBinding input) {
        ActorRuntime writer = input.writer;
        if (writer == null) {
            awaitPeer(input);
            return;
        }
        int d = demandDepth;
        if (d == demands.length) {
            demands = Arrays.copyOf(demands, 2 * d);
        }
        demands[d] = input.slot;
        demandDepth = d + 1;
        boolean again = false;
        long demandedFrom = actor.firingStart();
        try {
            while (!input.reader.isReady()) {
                if (stopping()) {
                    throw StopSignal.get();
                }
                if (onStack[writer.index]) {
                    throw deadlock(writer);
                }
                if (writer.ended()) {
                    throw new IllegalStateException("channel '" + input.channel + "' is open although its writer '"
                            + writer.name + "' has ended");
                }
                fire(writer, again, demandedFrom);
                again = true;
            }
        } finally {
            demandDepth = d;
        }
        if (again) {
            writer.endBackToBack();
        }
    }

    /**
     * Waits in the channel for a token that another part of the workflow writes
     * ({@link io.sluice.run.RunPart}): there is no writer here to fire. A stop interrupts the wait.
     *
     * @throws StopSignal if the run is stopping
     */
    private void awaitPeer(InputBinding input) {
        waitingForPeer = Thread.currentThread();
        try {
            // The stop is checked after the thread is published, so a stop either is seen here or interrupts the wait.
            while (!stopping() && !input.reader.isReady()) {
                try {
                    input.reader.awaitReady();
                } catch (InterruptedException e) {
                    // Only a stop interrupts the driver; the loop condition decides.
                }
            }
        } finally {
            waitingForPeer = null;
            Thread.interrupted();
        }
        if (stopping()) {
            throw StopSignal.get();
        }
    }

    /** True: every actor fires on the driver thread, so the run's own channels are single-threaded. */
    @Override
    boolean firesOnOneThread() {
        return true;
    }

    /**
     * False: a put never waits, whatever the channel's capacity. A reader fired to make room
     * would nest inside the writer's firing, and could itself need the writer's next token, which
     * it cannot get before the writer's firing returns: a deadlock the data-driven director would
     * not have. So under this director a channel's capacity does not bound it; demand does.
     */
    @Override
    boolean boundsChannels() {
        return false;
    }

    /** Never called: this director bounds no channel ({@link #boundsChannels()}). */
    @Override
    public void awaitWritable(ActorRuntime actor, OutputBinding output) {
        throw new IllegalStateException("the demand-driven director bounds no channel, yet " + actor + " waits to put to "
                + output.channel);
    }

    /** Fails the run with the cycle of demands from {@code target} to the innermost firing. */
    private StopSignal deadlock(ActorRuntime target) {
        List<BlockedActor> cycle = new ArrayList<>();
        // Every actor on the stack is waiting for a token: its demand is at the same depth.
        boolean inCycle = false;
        for (int i = 0; i < depth && i < demandDepth; i++) {
            ActorRuntime actor = actors[stack[i]];
            InputBinding in = actor.inputs[demands[i]];
            inCycle |= actor == target;
            if (inCycle) {
                cycle.add(new BlockedActor(actor.name, in.port.name(), in.channel, true));
            }
        }
        fail(new DeadlockException(cycle));
        return StopSignal.get();
    }
}
