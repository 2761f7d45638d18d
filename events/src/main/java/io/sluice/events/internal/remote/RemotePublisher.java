package io.sluice.events.internal.remote;

import io.sluice.events.Publisher;
import io.sluice.records.RecordEncoder;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import io.sluice.remote.SpaceException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A publisher on a remote space. Publishes are pipelined: each is sent at once and answered later
 * by the server (which publishes a publisher's events one at a time, in the order sent), with at
 * most the space's publish window awaiting an answer; a full window holds the next publish, so
 * that a full queue under {@code BLOCK} at the server holds this caller too. A window of 1 is one
 * round trip per event. Events are sent under one lock, so the order of the calls that got their
 * futures is the order on the wire and at the server.
 */
final class RemotePublisher<T> implements Publisher<T> {
    private final RemoteEventSpace space;
    private final String channel;
    private final RecordEncoder<T> encoder;
    private final int id;
    private final Semaphore window;
    /** The answers awaited, and the futures given for them. */
    private final Map<CompletableFuture<Msg.In>, CompletableFuture<Long>> inFlight = new ConcurrentHashMap<>();
    private final Object sending = new Object();
    private volatile boolean closed; // written under sending
    /** Why it could not be opened again after a broken connection, or null. */
    private volatile RuntimeException lost;

    RemotePublisher(RemoteEventSpace space, String channel, RecordEncoder<T> encoder) {
        this.space = space;
        this.channel = channel;
        this.encoder = encoder;
        this.id = space.registry().nextId();
        this.window = new Semaphore(space.publishWindow());
        long req = space.calls().nextRequest();
        space.calls().call(req, openMessage(req));
        space.registry().registered(id, this);
    }

    private Msg.Out openMessage(long req) {
        return new Msg.Out(Msg.PUB_OPEN).l(req).i(id).s(channel).s(encoder.format().toJson());
    }

    /** Opens it again at the server after a broken connection; on the re-registration's thread. */
    void reopen() {
        if (closed) {
            return;
        }
        long req = space.calls().nextRequest();
        space.calls().reregister(req, openMessage(req));
        if (closed) { // closed meanwhile, without telling the server, which did not know it then
            long r = space.calls().nextRequest();
            space.link().sendOrDrop(new Msg.Out(Msg.PUB_CLOSE).l(r).i(id));
        }
    }

    /** It could not be opened again after a broken connection: its publishes fail with {@code cause}. */
    void lost(RuntimeException cause) {
        lost = cause;
        space.registry().forgetPublisher(id);
    }

    @Override
    public String channel() {
        return channel;
    }

    @Override
    public RecordFormat format() {
        return encoder.format();
    }

    @Override
    public long publish(T event) throws InterruptedException {
        ClientThreads.checkNotOnConnection(this, "publish()");
        CompletableFuture<Long> seq = publishAsync(event);
        try {
            return seq.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new SpaceException(this + ": " + e.getCause().getMessage(), e.getCause());
        }
    }

    @Override
    public CompletableFuture<Long> publishAsync(T event) throws InterruptedException {
        checkOpen();
        byte[] bytes = encode(event);
        if (ClientThreads.onConnectionThread()) {
            if (!window.tryAcquire()) {
                throw new IllegalStateException(this + ": publishAsync() found the window of " + space.publishWindow()
                        + " publishes full on the connection's own thread (e.g. in a callback of another publish's future), where "
                        + "waiting for room would hold up the answers that make it; publish from another thread");
            }
        } else {
            window.acquire();
        }
        CompletableFuture<Long> seq = new CompletableFuture<>();
        synchronized (sending) {
            try {
                checkOpen();
                long req = space.calls().nextRequest();
                CompletableFuture<Msg.In> answer = space.calls().request(req, new Msg.Out(Msg.PUBLISH).l(req).i(id).raw(bytes));
                inFlight.put(answer, seq);
                answer.whenComplete((in, error) -> answered(answer, seq, in, error));
            } catch (RuntimeException e) {
                window.release();
                throw e;
            }
        }
        return seq;
    }

    private void answered(CompletableFuture<Msg.In> answer, CompletableFuture<Long> seq, Msg.In in, Throwable error) {
        inFlight.remove(answer);
        window.release();
        if (error != null) {
            seq.completeExceptionally(error instanceof SpaceException || error instanceof IllegalStateException ? error
                    : new SpaceException(this + ": " + error.getMessage(), error));
            return;
        }
        try {
            if (in.b() == 1) {
                seq.complete(in.l());
            } else {
                seq.completeExceptionally(Calls.refused(in));
            }
        } catch (RuntimeException e) {
            seq.completeExceptionally(e);
        }
    }

    private byte[] encode(T event) {
        if (event instanceof RecordValue v && !v.format().equals(encoder.format())) {
            throw new IllegalArgumentException("event channel '" + channel + "': the event is of format " + v.format()
                    + ", but its publisher writes format " + encoder.format() + "; publish it with a publisher of its format");
        }
        try {
            return encoder.encode(event);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("event channel '" + channel + "': the event cannot be written as "
                    + encoder.format() + ": " + e.getMessage(), e);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException(this + " is closed");
        }
        RuntimeException l = lost;
        if (l != null) {
            throw new SpaceException(this + " could not be opened again at the server after a broken connection: " + l.getMessage(), l);
        }
    }

    /**
     * Waits for the answers to the events sent (at most the space's answer timeout), fails those
     * still unanswered, then closes the publisher at the server. A publish waiting for room in the
     * window when this runs fails with {@link IllegalStateException}. On the connection's thread
     * (a callback of a publish's future) it does not wait: it returns at once, and the rest is done
     * when the answers come or the timeout passes.
     */
    @Override
    public void close() {
        List<CompletableFuture<Msg.In>> awaited;
        synchronized (sending) {
            if (closed) {
                return;
            }
            closed = true;
            awaited = new ArrayList<>(inFlight.keySet());
        }
        space.registry().forgetPublisher(id);
        CompletableFuture<Void> all = CompletableFuture.allOf(awaited.toArray(CompletableFuture[]::new));
        if (ClientThreads.onConnectionThread()) {
            closeLater(awaited, all);
            return;
        }
        boolean interrupted = false;
        try {
            all.get(space.answerMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            // each failure is in its own publish's future
        } catch (TimeoutException e) {
            // fall through: fail what is left
        } catch (InterruptedException e) {
            interrupted = true;
        }
        failUnanswered(awaited);
        if (space.link().isOnline()) { // else the server dropped the publisher with the connection
            try {
                long req = space.calls().nextRequest();
                space.calls().call(req, new Msg.Out(Msg.PUB_CLOSE).l(req).i(id));
            } catch (RuntimeException e) {
                // The space is closed or lost: the server dropped the publisher with it.
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Closes without waiting: when the answers came, or the answer timeout passed, closes at the server. */
    private void closeLater(List<CompletableFuture<Msg.In>> awaited, CompletableFuture<Void> all) {
        ScheduledFuture<?> timeout = space.link().schedule(() -> failUnanswered(awaited), space.answerMillis());
        all.whenComplete((v, e) -> {
            if (timeout != null) {
                timeout.cancel(false);
            }
            try {
                long req = space.calls().nextRequest();
                space.link().sendOrDrop(new Msg.Out(Msg.PUB_CLOSE).l(req).i(id)); // its answer is not awaited
            } catch (RuntimeException ex) {
                // The space is closed or lost: the server dropped the publisher with it.
            }
        });
    }

    private void failUnanswered(List<CompletableFuture<Msg.In>> awaited) {
        IllegalStateException unanswered = new IllegalStateException(this + " was closed before the server answered "
                + "this publish (waited at most " + space.answerMillis() + " ms); the server may or may not have published it");
        awaited.forEach(a -> a.completeExceptionally(unanswered));
    }

    @Override
    public String toString() {
        return "publisher of " + encoder.format() + " on event channel '" + channel + "' of space " + space.uri();
    }
}
