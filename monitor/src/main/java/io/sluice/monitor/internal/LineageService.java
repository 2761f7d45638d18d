package io.sluice.monitor.internal;

import io.netty.handler.codec.http.HttpResponseStatus;
import io.sluice.monitor.LineageGraph;
import io.sluice.monitor.LineageQuery;
import io.sluice.monitor.LineageSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Asks a monitor's {@link LineageSource} the questions of {@code /lineage}, on a thread of its
 * own ({@code sluice-monitor-lineage-N}, started at the first question), one at a time, so that a
 * source that reads files never holds up the event loop that streams the live page, and needs no
 * thread-safety of its own. A few questions wait their turn; more are refused at once.
 *
 * <p>Thread-safe. The server owns it and closes it before its event loop ends.
 */
public final class LineageService implements AutoCloseable {
    /** Questions that wait while one is answered; more are refused ({@code 503}). */
    private static final int WAITING = 16;
    private static final AtomicInteger SERVICES = new AtomicInteger();

    /** What is sent back: a status and a JSON body. */
    record Reply(HttpResponseStatus status, byte[] body) {}

    private final LineageSource source;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final ThreadPoolExecutor executor;

    public LineageService(LineageSource source) {
        this.source = Objects.requireNonNull(source, "source");
        String name = "sluice-monitor-lineage-" + SERVICES.incrementAndGet();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, name);
            threads.add(t);
            return t;
        };
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(WAITING), factory);
    }

    /**
     * Answers {@code query} (null: what the source answers about) on the lineage thread and hands
     * the reply to {@code then}, there. Any thread.
     *
     * @return false, having done nothing, if too many questions wait or the service is closed
     */
    boolean submit(LineageQuery query, Consumer<Reply> then) {
        try {
            executor.execute(() -> {
                Reply reply;
                try {
                    reply = answer(query);
                } catch (Error e) { // a source that overflowed its stack, say: answered, then the error goes on
                    then.accept(new Reply(HttpResponseStatus.INTERNAL_SERVER_ERROR, MonitorJson.error("cannot tell "
                            + (query == null ? "what the lineage source answers about" : "the lineage of " + query.token())
                            + ": " + e)));
                    throw e;
                }
                then.accept(reply);
            });
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    /** The reply to {@code query}: what the source answers, or why it could not, as JSON. On the lineage thread. */
    private Reply answer(LineageQuery query) {
        try {
            if (query == null) {
                return new Reply(HttpResponseStatus.OK, MonitorJson.lineageSource(source.describe()));
            }
            LineageGraph graph = source.lineage(query);
            if (graph == null) {
                return new Reply(HttpResponseStatus.INTERNAL_SERVER_ERROR, MonitorJson.error("the lineage source answered nothing for "
                        + query.token()));
            }
            return new Reply(HttpResponseStatus.OK, MonitorJson.lineage(query, graph));
        } catch (LineageSource.NoSuchTokenException e) {
            return new Reply(HttpResponseStatus.NOT_FOUND, MonitorJson.error(String.valueOf(e.getMessage())));
        } catch (RuntimeException e) {
            String what = query == null ? "what the lineage source answers about" : "the lineage of " + query.token();
            return new Reply(HttpResponseStatus.INTERNAL_SERVER_ERROR, MonitorJson.error("cannot tell " + what + ": "
                    + (e.getMessage() == null ? e.toString() : e.getMessage())));
        }
    }

    /**
     * Drops the questions that wait, waits for the one being answered, and returns once the
     * lineage thread has ended. Idempotent; not on the lineage thread.
     */
    @Override
    public void close() {
        List<Runnable> dropped = new ArrayList<>();
        executor.getQueue().drainTo(dropped); // their connections close with the event loop
        executor.shutdown();
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t.isAlive()) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    interrupted = true; // the answer under way ends by itself: wait for it, then tell the caller
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
