package io.sluice.events.internal.remote;

import io.sluice.events.FilterException;
import io.sluice.remote.SpaceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The requests of a client's stream and their answers: each request carries a number of its own,
 * and the server's REPLY with that number completes the future registered for it (on the
 * connection's thread). A call waits for its answer at most the answer timeout; every answer
 * still awaited fails when the connection breaks ({@link #failAll}).
 */
final class Calls {
    private final EventLink link;
    private final long answerMillis;
    private final Map<Long, CompletableFuture<Msg.In>> pending = new ConcurrentHashMap<>();
    /** The parts received of answers in several messages, by request. */
    private final Map<Long, List<Msg.In>> parts = new ConcurrentHashMap<>();
    private final AtomicLong requests = new AtomicLong();

    Calls(EventLink link, long answerMillis) {
        this.link = link;
        this.answerMillis = answerMillis;
    }

    /** A new request number. */
    long nextRequest() {
        return requests.incrementAndGet();
    }

    /**
     * Sends a request without waiting: the result completes with the answer (on the connection's
     * thread), positioned at the ok byte, or exceptionally when the connection is lost or the
     * space closed first. While the client is registered again after a broken connection, this
     * waits for it first.
     */
    CompletableFuture<Msg.In> request(long req, Msg.Out out) {
        link.check();
        link.awaitOnline();
        CompletableFuture<Msg.In> answer = send(req, out, true);
        answer.whenComplete((in, e) -> pending.remove(req, answer));
        return answer;
    }

    /**
     * Registers the answer awaited for {@code req} and sends the request. One that finds the
     * connection broken was not sent: if {@code resend}, with reconnection on, it is sent again
     * once the client is registered again, with an answer of its own (the old one failed with the
     * break).
     */
    private CompletableFuture<Msg.In> send(long req, Msg.Out out, boolean resend) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(answerMillis);
        while (true) {
            CompletableFuture<Msg.In> answer = new CompletableFuture<>();
            pending.put(req, answer);
            try {
                link.send(out); // failed or closed while the answer was being registered: nothing would complete it
                return answer;
            } catch (SpaceException e) {
                pending.remove(req, answer);
                if (!resend || !link.awaitResend(deadline)) {
                    throw e;
                }
            } catch (RuntimeException e) {
                pending.remove(req, answer);
                throw e;
            }
        }
    }

    /**
     * Sends a request and waits for its answer, positioned after the ok byte.
     *
     * @param forever false to wait at most the answer timeout
     */
    Msg.In call(long req, Msg.Out out, boolean forever) throws InterruptedException {
        link.check();
        ClientThreads.checkNotOnConnection(link, "a call");
        link.awaitOnline();
        return exchange(req, out, forever, true);
    }

    /** {@link #call} where an interrupt is not expected: it is kept and turned into a failure. */
    Msg.In call(long req, Msg.Out out) {
        try {
            return call(req, out, false);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpaceException("interrupted while waiting for space " + link.uri());
        }
    }

    /** A call made while the client registers again: it does not wait for the registration. */
    Msg.In reregister(long req, Msg.Out out) {
        try {
            return exchange(req, out, false, false); // not sent again: that would wait for the registration under way
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpaceException("interrupted while registering again at space " + link.uri());
        }
    }

    private Msg.In exchange(long req, Msg.Out out, boolean forever, boolean resend) throws InterruptedException {
        link.check();
        CompletableFuture<Msg.In> answer = send(req, out, resend);
        try {
            Msg.In in = forever ? answer.get() : answer.get(answerMillis, TimeUnit.MILLISECONDS);
            if (in.b() == 1) {
                return in;
            }
            throw refused(in);
        } catch (ExecutionException e) {
            RuntimeException c = (RuntimeException) e.getCause();
            throw new SpaceException(c.getMessage(), c);
        } catch (TimeoutException e) {
            throw new SpaceException("space " + link.uri() + " did not answer within " + answerMillis + " ms");
        } finally {
            pending.remove(req);
        }
    }

    /**
     * As {@link #call(long, Msg.Out)}, for a request whose answer may come in several messages:
     * the {@code REPLY_PART}s received, in order, then the REPLY that ended it (positioned after
     * the ok byte).
     */
    List<Msg.In> callInParts(long req, Msg.Out out) {
        List<Msg.In> got = new CopyOnWriteArrayList<>();
        parts.put(req, got);
        try {
            Msg.In last = call(req, out);
            List<Msg.In> all = new ArrayList<>(got);
            all.add(last);
            return all;
        } finally {
            parts.remove(req);
        }
    }

    /** A REPLY_PART, positioned after its kind: kept for the request it answers, if still awaited. On the connection's thread. */
    void answeredInPart(Msg.In in) {
        List<Msg.In> got = parts.get(in.l());
        if (got != null) {
            got.add(in);
        }
    }

    /** A REPLY, positioned after its kind: completes the request it answers, if still awaited. On the connection's thread. */
    void answered(Msg.In in) {
        CompletableFuture<Msg.In> f = pending.get(in.l());
        if (f != null) {
            f.complete(in);
        }
    }

    /** Fails every answer still awaited with {@code cause}. */
    void failAll(RuntimeException cause) {
        pending.values().forEach(f -> f.completeExceptionally(cause));
    }

    /** The failure an answer not ok reports, positioned after its ok byte. */
    static RuntimeException refused(Msg.In in) {
        int kind = in.b();
        String message = in.s();
        return switch (kind) {
            case Msg.E_FILTER -> new FilterException(message, in.s(), in.i(), in.i());
            case Msg.E_ARGUMENT -> new IllegalArgumentException(message);
            case Msg.E_STATE -> new IllegalStateException(message);
            default -> new SpaceException(message);
        };
    }
}
