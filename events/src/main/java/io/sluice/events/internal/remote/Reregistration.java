package io.sluice.events.internal.remote;

import io.sluice.remote.SpaceException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers a client's publishers and subscriptions again after its connection broke and was
 * made again, on a thread of its own: waits for the new stream's lease, then opens each publisher
 * and subscription again, each tried with back-off (50 ms, doubling up to 1 s) until the client's
 * answer timeout has passed since the stream was opened again. A registration that still fails
 * ends; if the lease does not come, the whole client fails. A connection that breaks again
 * meanwhile makes a new generation: the old attempt stops where it is and the next one starts over.
 */
final class Reregistration implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Reregistration.class);
    private static final long FIRST_BACKOFF_MILLIS = 50;
    private static final long MAX_BACKOFF_MILLIS = 1000;

    private final EventLink link;
    private final Registrations registry;
    private final long answerMillis;
    private final NamedThreads threads = new NamedThreads("sluice-remote-events-reconnect");
    private final ExecutorService thread = Executors.newSingleThreadExecutor(threads);
    /** Counts the broken connections. */
    private final AtomicLong generation = new AtomicLong();

    Reregistration(EventLink link, Registrations registry, long answerMillis) {
        this.link = link;
        this.registry = registry;
        this.answerMillis = answerMillis;
    }

    /** The connection broke; on the event loop. */
    void disconnected() {
        generation.incrementAndGet();
    }

    long generation() {
        return generation.get();
    }

    /** The stream was opened again: register everything again. On the event loop. */
    void start() {
        long g = generation.get();
        thread.execute(() -> run(g));
    }

    private boolean stale(long g) {
        return generation.get() != g || Thread.currentThread().isInterrupted();
    }

    private void run(long g) {
        if (stale(g)) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(answerMillis);
        try {
            link.awaitLease();
        } catch (InterruptedException e) {
            return; // closing
        } catch (ExecutionException | TimeoutException e) {
            if (!stale(g)) {
                Throwable c = e instanceof ExecutionException ? e.getCause() : e;
                link.reregistrationFailed(new SpaceException("the event service did not grant a lease on the new connection within "
                        + answerMillis + " ms: " + c, c));
            }
            return;
        }
        for (RemotePublisher<?> p : registry.publishers()) {
            RuntimeException e = attempt(g, deadline, p::reopen, p);
            if (stale(g)) {
                return;
            }
            if (e != null) {
                p.lost(e);
            }
        }
        for (RemoteSubscription<?> s : registry.subscriptions()) {
            RuntimeException e = attempt(g, deadline, s::resubscribe, s);
            if (stale(g)) {
                return;
            }
            if (e != null) {
                s.lost(e);
            }
        }
        link.backOnline(g);
    }

    /** Runs {@code action} until it succeeds, the time is up or the connection broke again; its last failure, or null. */
    private RuntimeException attempt(long g, long deadline, Runnable action, Object what) {
        long backoff = FIRST_BACKOFF_MILLIS;
        while (true) {
            try {
                action.run();
                return null;
            } catch (RuntimeException e) {
                if (stale(g) || System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(backoff) > deadline) {
                    return e;
                }
                LOG.debug("{}: cannot register it again yet, trying again in {} ms: {}", what, backoff, e.getMessage());
                try {
                    Thread.sleep(backoff);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    return e;
                }
                backoff = Math.min(MAX_BACKOFF_MILLIS, backoff * 2);
            }
        }
    }

    /** Stops an attempt under way (interrupting it) and ends the thread. */
    @Override
    public void close() {
        generation.incrementAndGet();
        threads.shutdown(thread, true, 10_000);
    }
}
