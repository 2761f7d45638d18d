package io.sluice.events.internal.remote;

import java.util.ArrayDeque;
import java.util.concurrent.Executor;

/**
 * Runs tasks one at a time, in the order given, on threads of a shared pool; {@link #interrupt()}
 * interrupts the task running, and {@link #stop()} drops those not started.
 */
final class SerialExecutor implements Executor {
    private final Executor pool;
    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    private boolean running;
    private boolean stopped;
    private Thread current;

    SerialExecutor(Executor pool) {
        this.pool = pool;
    }

    @Override
    public void execute(Runnable task) {
        synchronized (this) {
            if (stopped) {
                return;
            }
            tasks.add(task);
            if (running) {
                return;
            }
            running = true;
        }
        pool.execute(this::drain);
    }

    private void drain() {
        while (true) {
            Runnable next;
            synchronized (this) {
                next = stopped ? null : tasks.poll();
                if (next == null) {
                    running = false;
                    current = null;
                    return;
                }
                current = Thread.currentThread();
            }
            try {
                next.run();
            } finally {
                synchronized (this) {
                    current = null;
                    Thread.interrupted(); // an interrupt meant for this task does not reach the next
                }
            }
        }
    }

    /** Drops the tasks not started and interrupts the one running. */
    synchronized void stop() {
        stopped = true;
        tasks.clear();
        if (current != null) {
            current.interrupt();
        }
    }
}
