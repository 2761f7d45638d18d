package io.sluice.director;

import io.sluice.actor.StopSignal;
import io.sluice.channel.ChannelSpec;
import io.sluice.run.BlockedActor;
import io.sluice.run.DeadlockException;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run of the data-driven director: one thread per actor.
 *
 * <p><b>Deadlock detection.</b> An actor that cannot proceed (its input is empty, or its output
 * channel is full) records, under this run's lock, which endpoint it waits on and that endpoint's
 * position (a {@link ChannelWait}), then blocks in the channel. When the number of blocked actors reaches the number of
 * live actors, the run checks every blocked actor against its channel: the endpoint has not moved
 * and the channel still cannot serve it. Channel state changes only through the operations of
 * live actors, and every live actor is then blocked, so if every check holds no actor can ever
 * proceed: the run fails at once with a {@link DeadlockException} naming each actor and channel.
 * If a check fails, that actor is just about to wake up; it will block again (or end) later and
 * the check runs again then. No timer or polling is involved, and the fast paths (a take that
 * finds a token, a put that finds room) take no lock.
 *
 * <p><b>Peers.</b> An actor waiting for a token of a channel another part of the workflow
 * writes ({@link io.sluice.run.RunPart}) may always be woken by that peer, so while one does no
 * deadlock is declared, nor any channel grown.
 *
 * <p><b>Artificial deadlock.</b> When every blocked actor really cannot proceed but some wait
 * for room in a full channel, the capacities, not the workflow, are at fault: the smallest full
 * channel (the one holding the fewest tokens) doubles its capacity (Parks' rule for bounded
 * process networks), in tokens or in bytes, whichever it has reached, and the run goes on.
 * A workflow therefore completes with bounded channels exactly when it completes with unbounded
 * ones, with the same channel contents, while no channel grows beyond twice what that needs:
 * doubling, rather than growing by one token, ends a deadlock that needs n more tokens after
 * log₂ n checks instead of n (a mergesort over memory channels needs millions).
 *
 * <p><b>Stopping.</b> Only actors blocked in a channel are interrupted; an actor busy in its own
 * code notices the stop at its next take or put, so its own I/O is never interrupted.
 */
final class DataDrivenRun extends RunBase implements Scheduler {
    private static final Logger LOG = LoggerFactory.getLogger(DataDrivenRun.class);
    private final Object lock = new Object();
    /** Guarded by {@link #lock}. */
    private List<ActorRuntime> actors = List.of();
    /** Per actor, by {@link ActorRuntime#index}, the thread that runs it; guarded by {@link #lock}. */
    private Thread[] threads = new Thread[0];
    /** Per actor, what it waits for in a channel, or null while it does not wait; guarded by {@link #lock}. */
    private ChannelWait[] waits = new ChannelWait[0];
    /** Actors whose thread has not finished; guarded by {@link #lock}. */
    private int live;
    /** Actors blocked in a channel; guarded by {@link #lock}. */
    private int blocked;

    DataDrivenRun(String directorName, Workflow workflow, RunConfig config) {
        super(directorName, workflow, config);
    }

    @Override
    List<Thread> execute(List<ActorRuntime> runtimes, CountDownLatch workersDone) {
        if (runtimes.isEmpty()) {
            workersDone.countDown();
            return List.of();
        }
        AtomicInteger running = new AtomicInteger(runtimes.size());
        Thread[] byActor = new Thread[runtimes.size()];
        List<Thread> threads = new ArrayList<>();
        for (ActorRuntime actor : runtimes) {
            actor.scheduler(this);
            Thread thread = new Thread(() -> {
                try {
                    runActor(actor);
                } finally {
                    if (running.decrementAndGet() == 0) {
                        workersDone.countDown();
                    }
                }
            }, threadName(actor.name));
            thread.setDaemon(true);
            byActor[actor.index] = thread;
            threads.add(thread);
        }
        synchronized (lock) {
            actors = runtimes;
            this.threads = byActor;
            waits = new ChannelWait[runtimes.size()];
            live = runtimes.size();
        }
        List<Thread> started = new ArrayList<>();
        for (Thread thread : threads) {
            try {
                thread.start();
            } catch (Throwable t) {
                // Typically "unable to create native thread": run nothing more, stop what runs.
                int notStarted = threads.size() - started.size();
                fail(new RunFailedException("could not start the thread of actor '" + runtimes.get(started.size()).name
                        + "': " + t, t));
                synchronized (lock) {
                    live -= notStarted;
                }
                if (running.addAndGet(-notStarted) == 0) {
                    workersDone.countDown();
                }
                break;
            }
            started.add(thread);
        }
        return started;
    }

    /**
     * The body of an actor's thread. Whatever ends it, a failure is recorded before the actor
     * stops counting as live, even when the heap is exhausted (see {@link #failInternally}):
     * otherwise the deadlock check would see only the actors left blocked.
     */
    private void runActor(ActorRuntime actor) {
        try {
            if (actor.initialize()) {
                while (!actor.ended() && !stopping()) {
                    actor.fireOnce();
                }
            }
        } catch (StopSignal stop) {
            // The run is stopping; the actor is ended below.
        } catch (Throwable t) {
            failInternally("running", "actor", actor.name, t, actor.outOfMemory);
        } finally {
            try {
                actor.stop();
            } catch (Throwable t) {
                failInternally("ending", "actor", actor.name, t, actor.outOfMemory);
            } finally {
                synchronized (lock) {
                    live--;
                    if (live > 0 && blocked == live) {
                        checkDeadlock(actor);
                    }
                }
            }
        }
    }

    @Override
    public void awaitReadable(ActorRuntime actor, InputBinding input) {
        await(actor, new TokenWait(input, input.reader.position()), input.reader::awaitReady);
    }

    @Override
    public void awaitWritable(ActorRuntime actor, OutputBinding output) {
        await(actor, new RoomWait(output, output.writer.position()), output.bound::awaitRoom);
    }

    /** True: a channel's capacity bounds it ({@link ChannelBound}), and grows only by Parks' rule. */
    @Override
    boolean boundsChannels() {
        return true;
    }

    /**
     * What a blocked actor waits for in a channel, and where the channel's end was when it began
     * to wait: one immutable value per wait.
     */
    private sealed interface ChannelWait {
        /** Whether the wait may end: the end has moved, or the channel can serve it now. Any thread. */
        boolean mayEnd();

        /** The actor blocked so, for a deadlock's message. */
        BlockedActor of(ActorRuntime actor);
    }

    /** Waiting for a token on {@code input}, whose reader was at {@code position}. */
    private record TokenWait(InputBinding input, long position) implements ChannelWait {
        @Override
        public boolean mayEnd() {
            // A channel written by another part ({@link io.sluice.run.RunPart}) may get a token from its peer at any time.
            return input.writer == null || input.reader.position() != position || input.reader.isReady();
        }

        @Override
        public BlockedActor of(ActorRuntime actor) {
            return new BlockedActor(actor.name, input.port.name(), input.channel, true);
        }
    }

    /** Waiting for room on {@code output}, whose writer was at {@code position}. */
    private record RoomWait(OutputBinding output, long position) implements ChannelWait {
        @Override
        public boolean mayEnd() {
            return output.writer.position() != position || output.bound.hasRoom();
        }

        @Override
        public BlockedActor of(ActorRuntime actor) {
            return new BlockedActor(actor.name, output.port.name(), output.channel, false);
        }
    }

    /** A channel's blocking wait. */
    private interface Blocking {
        void await() throws InterruptedException;
    }

    /**
     * Waits in the channel, counted as blocked ({@code wait}) for the deadlock check meanwhile.
     *
     * @throws StopSignal if the run is stopping, before, during or after the wait
     */
    private void await(ActorRuntime actor, ChannelWait wait, Blocking blocking) {
        actor.waited();
        block(actor, wait);
        try {
            while (!stopping()) {
                try {
                    blocking.await();
                    break;
                } catch (InterruptedException e) {
                    // Only a stop interrupts an actor thread; the loop condition decides.
                }
            }
        } finally {
            unblock(actor);
        }
        if (stopping()) {
            throw StopSignal.get();
        }
    }

    private void block(ActorRuntime actor, ChannelWait wait) {
        synchronized (lock) {
            waits[actor.index] = wait;
            blocked++;
            if (blocked == live) {
                checkDeadlock(actor);
            }
        }
    }

    private void unblock(ActorRuntime actor) {
        synchronized (lock) {
            waits[actor.index] = null;
            blocked--;
        }
        Thread.interrupted(); // a stop's interrupt that arrived after the wait ended is handled by the caller
    }

    /**
     * Called with the lock held, on the thread of {@code current}, when every live actor is
     * blocked. If every one of them really cannot proceed and some wait for room in a full channel
     * (an artificial deadlock), the smallest such channel doubles its capacity (Parks' rule) and its
     * writer goes on; if all wait for tokens, the run fails with a {@link DeadlockException}. If
     * the check itself runs out of memory, the run fails with {@code current}'s out-of-memory
     * failure; the check never throws, so the counts of live and blocked actors stay true.
     */
    private void checkDeadlock(ActorRuntime current) {
        if (stopping()) {
            return;
        }
        try {
            checkDeadlock();
        } catch (OutOfMemoryError e) {
            fail(current.outOfMemory.of(e));
        }
    }

    private void checkDeadlock() {
        List<BlockedActor> waiting = new ArrayList<>();
        OutputBinding smallestFull = null;
        for (ActorRuntime actor : actors) {
            ChannelWait wait = waits[actor.index];
            if (wait == null) {
                continue;
            }
            if (wait.mayEnd()) {
                return;
            }
            waiting.add(wait.of(actor));
            if (wait instanceof RoomWait room
                    && (smallestFull == null || room.output().bound.depth() < smallestFull.bound.depth())) {
                smallestFull = room.output();
            }
        }
        if (smallestFull != null) {
            String grown = smallestFull.bound.grow();
            LOG.debug("run {}: artificial deadlock ({}); channel '{}' grows to {}", id(), waiting, smallestFull.channel, grown);
            return;
        }
        fail(new DeadlockException(waiting));
    }

    /** Allocates nothing (no iterator either), since a run may stop because the heap is exhausted. */
    @Override
    void interruptBlocked() {
        synchronized (lock) {
            for (int i = 0; i < waits.length; i++) {
                if (waits[i] != null) {
                    threads[i].interrupt();
                }
            }
        }
    }
}
