package io.sluice.events.internal;

import java.util.concurrent.LinkedTransferQueue;

/**
 * The workers' task queue: a worker with nothing to do polls it for up to {@code spinNanos}
 * before it parks, so that a task offered meanwhile is taken without the cost of waking a parked
 * thread. With {@code spinNanos} 0 (the default of a space) it never spins: on a machine of few
 * cores a spinning worker takes a core from the publishers.
 */
final class SpinningQueue extends LinkedTransferQueue<Runnable> {
    private static final long serialVersionUID = 1L;
    private final long spinNanos;

    SpinningQueue(long spinNanos) {
        this.spinNanos = spinNanos;
    }

    @Override
    public Runnable take() throws InterruptedException {
        if (spinNanos > 0) {
            long deadline = System.nanoTime() + spinNanos;
            do {
                Runnable r = poll();
                if (r != null) {
                    return r;
                }
                Thread.onSpinWait();
            } while (System.nanoTime() - deadline < 0);
        }
        return super.take();
    }
}
