package io.sluice.director;

import java.util.function.Consumer;

/**
 * Work the supervisor hands to a thread of its own while it does something else, and then
 * {@linkplain #await() waits for}: the listeners get ready for a run while the supervisor opens
 * its channels. If no thread can be started, the work runs on the caller's thread at once. What
 * the work throws goes to the failure handler it was started with, on the thread that ran it.
 */
final class SideTask {
    /** The thread running the work, or null if it ran on the caller's thread. */
    private final Thread thread;

    private SideTask(Thread thread) {
        this.thread = thread;
    }

    /**
     * Starts {@code work} on a daemon thread named {@code threadName}; what it throws is handed to
     * {@code failed}, which must not throw.
     */
    static SideTask start(String threadName, Runnable work, Consumer<Throwable> failed) {
        Runnable guarded = () -> {
            try {
                work.run();
            } catch (Throwable t) {
                failed.accept(t);
            }
        };
        try {
            Thread t = new Thread(guarded, threadName);
            t.setDaemon(true);
            t.start();
            return new SideTask(t);
        } catch (OutOfMemoryError e) {
            // No native thread to be had.
            guarded.run();
            return new SideTask(null);
        }
    }

    /** Waits until the work has ended; uninterruptibly, as no thread of a run may outlive it. Keeps the interrupt flag. */
    void await() {
        if (thread != null) {
            join(thread);
        }
    }

    /**
     * Waits until {@code thread} has ended, uninterruptibly; an interrupt that comes meanwhile is
     * kept in the caller's interrupt flag.
     */
    static void join(Thread thread) {
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
