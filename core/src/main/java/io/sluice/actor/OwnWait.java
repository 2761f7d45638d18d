package io.sluice.actor;

/**
 * What an actor that waits in its own code (a sleep, a server's answer, another system's full
 * queue) needs to let {@link Actor#stop()} end that wait: the actor calls {@link #begin()} before
 * the wait and {@link #end()} after it, and its {@code stop()} calls {@link #stop()}, which
 * interrupts the thread while it waits. A wait that begins after the stop fails at once. The wait
 * must be one that an interrupt ends ({@link Thread#sleep}, {@code BlockingQueue.put}, a future's
 * {@code get}).
 *
 * <pre>{@code
 * private final OwnWait wait = new OwnWait();
 *
 * public void initialize(ActorContext context) { wait.reset(); }
 *
 * public void fire(FiringContext context) throws InterruptedException {
 *     Object token = context.take(IN);
 *     wait.begin();
 *     try {
 *         server.send(token); // waits for the answer, interruptibly
 *     } finally {
 *         wait.end();
 *     }
 * }
 *
 * public void stop() { wait.stop(); }
 * }</pre>
 *
 * <p><b>Threading.</b> {@link #begin()} and {@link #end()} on the thread that fires the actor,
 * one wait at a time; {@link #stop()} on any thread. An interrupt that {@code stop()} sends just as
 * a wait ends stays on the firing thread, whose next take or put then sees the run stopping.
 */
public final class OwnWait {
    private volatile Thread waiting;
    private volatile boolean stopped;

    /** Clears a stop of an earlier run: call it when the actor is initialised. */
    public void reset() {
        stopped = false;
    }

    /**
     * Marks the calling thread as waiting, until {@link #end()}.
     *
     * @throws InterruptedException if the actor was asked to stop already
     */
    public void begin() throws InterruptedException {
        waiting = Thread.currentThread();
        // Written before the flag is read, as stop() writes the flag before it reads this: one sees the other.
        if (stopped) {
            waiting = null;
            throw new InterruptedException("the run is stopping");
        }
    }

    /** Marks the wait as over. */
    public void end() {
        waiting = null;
    }

    /** Ends the wait under way, if any, by interrupting its thread, and fails every later {@link #begin()}. */
    public void stop() {
        stopped = true;
        Thread t = waiting;
        if (t != null) {
            t.interrupt();
        }
    }
}
