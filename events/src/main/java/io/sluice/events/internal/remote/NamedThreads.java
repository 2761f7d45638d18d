package io.sluice.events.internal.remote;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes daemon threads named {@code prefix-N} and remembers them until they end, so that a close
 * can wait until none is left, not only until its executor says it terminated.
 */
final class NamedThreads implements ThreadFactory {
    private static final Logger LOG = LoggerFactory.getLogger(NamedThreads.class);

    private final String prefix;
    private final AtomicInteger count = new AtomicInteger();
    private final Set<Thread> alive = ConcurrentHashMap.newKeySet();

    NamedThreads(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public Thread newThread(Runnable r) {
        Thread t = new Thread(() -> {
            try {
                r.run();
            } finally {
                alive.remove(Thread.currentThread());
            }
        }, prefix + "-" + count.incrementAndGet());
        t.setDaemon(true);
        alive.add(t);
        return t;
    }

    /**
     * Shuts {@code executor} down (interrupting what runs if {@code interrupt}, else after
     * {@code millis}) and waits, at most {@code millis} more, until every thread made here has ended;
     * logs a thread that does not. On the closing thread, never one made here.
     */
    void shutdown(ExecutorService executor, boolean interrupt, long millis) {
        boolean interrupted = false;
        if (interrupt) {
            executor.shutdownNow();
        } else {
            executor.shutdown();
        }
        try {
            if (!executor.awaitTermination(millis, TimeUnit.MILLISECONDS)) {
                executor.shutdownNow();
            }
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis); // one wait for all of them
            for (Thread t : alive) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
                if (t.isAlive()) {
                    LOG.warn("thread {} did not end within {} ms of close", t.getName(), millis);
                }
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            interrupted = true;
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
