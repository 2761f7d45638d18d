package io.sluice.events.internal.remote;

import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceException;
import io.sluice.remote.service.ServiceListener;
import io.sluice.remote.service.ServiceStream;
import java.net.URI;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A client's service stream to the event service and the state of its connection: registered
 * (online), reconnecting after a broken connection (with reconnection on), failed for good, or
 * closed. It holds the lease (renewed on a thread of its own), hands the server's messages to
 * {@link Calls} and {@link Registrations}, and, when the stream is opened again on a new
 * connection, has {@link Reregistration} register everything again. Messages and the stream's
 * callbacks arrive on the connection's event loop.
 */
final class EventLink implements ServiceListener {
    private static final Logger LOG = LoggerFactory.getLogger(EventLink.class);

    private final RemoteSpace space;
    private final long answerMillis;
    private final boolean reconnect;
    private final Calls calls;
    private final Registrations registry;
    private final Reregistration reregistration;
    private final NamedThreads renewerThreads = new NamedThreads("sluice-remote-events-lease");
    private final ScheduledExecutorService renewer = Executors.newSingleThreadScheduledExecutor(renewerThreads);
    private ServiceStream stream;
    /** Replaced whole under this link's lock; read without it. */
    private volatile State state = new State(new CompletableFuture<>(), CompletableFuture.completedFuture(null), null, false);

    /**
     * The state of the link.
     *
     * @param lease the lease the service grants on the stream's current opening
     * @param online done while the client is registered at the server; replaced when the
     *     connection breaks
     * @param failed why the client is lost for good, or null
     * @param closed whether the client was closed
     */
    private record State(CompletableFuture<Long> lease, CompletableFuture<Void> online, RuntimeException failed, boolean closed) {
        boolean ended() {
            return failed != null || closed;
        }
    }

    EventLink(RemoteSpace space, long answerMillis, boolean reconnect, Registrations registry) {
        this.space = space;
        this.answerMillis = answerMillis;
        this.reconnect = reconnect;
        this.registry = registry;
        this.calls = new Calls(this, answerMillis);
        this.reregistration = reconnect ? new Reregistration(this, registry, answerMillis) : null;
    }

    /**
     * Opens the stream to {@code service} and waits for its lease; then renews it every third of
     * it.
     *
     * @throws SpaceException if the space hosts no such service or does not answer in time
     */
    void open(String service) {
        this.stream = space.openService(service, this);
        long leaseMillis;
        try {
            leaseMillis = state.lease().get(answerMillis, TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException | InterruptedException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            Throwable c = e instanceof ExecutionException ? e.getCause() : e;
            throw new SpaceException("space " + space.uri() + " does not host event channels (service " + service + "): "
                    + c.getMessage(), c);
        }
        long period = Math.max(5, leaseMillis / 3);
        renewer.scheduleAtFixedRate(this::renew, period, period, TimeUnit.MILLISECONDS);
    }

    private void renew() {
        State s = state;
        CompletableFuture<Long> l = s.lease(); // granted on the stream's current opening: renewed also while registering again
        if (!s.ended() && l.isDone() && !l.isCompletedExceptionally()) {
            try {
                stream.send(new Msg.Out(Msg.RENEW).bytes());
            } catch (RuntimeException e) {
                LOG.debug("cannot renew the lease at {}: {}", space.uri(), e.getMessage());
            }
        }
    }

    Calls calls() {
        return calls;
    }

    URI uri() {
        return space.uri();
    }

    /** Sends a message without waiting for an answer. */
    void send(Msg.Out out) {
        check();
        stream.send(out.bytes());
    }

    /**
     * After a request found the connection broken (its send failed: it was not sent), waits to
     * send it again: with reconnection on, until the client is registered again (at most the
     * answer timeout). False if it must fail now: reconnection off, the client failed or closed,
     * on the connection's thread, or past {@code deadline} ({@link System#nanoTime()}).
     *
     * @throws SpaceException if the client is not registered again within the answer timeout
     */
    boolean awaitResend(long deadline) {
        State s = state;
        if (!reconnect || s.ended() || ClientThreads.onConnectionThread() || System.nanoTime() > deadline) {
            return false;
        }
        if (s.online().isDone()) {
            pause(); // the connection's thread has not told the client of the break yet
        } else {
            awaitOnline();
        }
        return true;
    }

    private void pause() {
        try {
            Thread.sleep(10);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new SpaceException("interrupted while waiting for space " + space.uri() + " to be connected again");
        }
    }

    /**
     * Sends a message that the client sends again when it registers again after a broken
     * connection (credit, an acknowledgement): while it is not registered the message is dropped.
     */
    void sendOrDrop(Msg.Out out) {
        check();
        try {
            stream.send(out.bytes());
        } catch (SpaceException e) {
            if (!reconnect || state.ended()) {
                throw e;
            }
        }
    }

    /** Runs {@code task} on the lease's thread after {@code millis}; null if the client is closed. */
    ScheduledFuture<?> schedule(Runnable task, long millis) {
        try {
            return renewer.schedule(task, millis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            return null;
        }
    }

    /** True while the client is registered at the server (not reconnecting, failed or closed). */
    boolean isOnline() {
        State s = state;
        return s.online().isDone() && !s.online().isCompletedExceptionally() && !s.ended();
    }

    /** Waits, at most the answer timeout, until the client is registered again after a broken connection. */
    void awaitOnline() {
        CompletableFuture<Void> o = state.online();
        if (o.isDone()) {
            return;
        }
        ClientThreads.checkNotOnConnection(this, "a call while the client is registered again");
        try {
            o.get(answerMillis, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new SpaceException("the event channels of space " + space.uri() + " are not connected and registered again within "
                    + answerMillis + " ms");
        } catch (ExecutionException e) {
            check();
            throw new SpaceException("the event channels of space " + space.uri() + " are lost: " + e.getCause().getMessage(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SpaceException("interrupted while waiting for space " + space.uri() + " to be connected again");
        }
    }

    /** Fails if the client is closed or lost. */
    void check() {
        State s = state;
        if (s.closed()) {
            throw new IllegalStateException("the event channels of space " + space.uri() + " are closed");
        }
        RuntimeException f = s.failed();
        if (f != null) {
            throw new SpaceException("the event channels of space " + space.uri() + " are lost: " + f.getMessage(), f);
        }
    }

    // ---- messages from the service (on the connection's event loop)

    @Override
    public void onMessage(byte[] message) {
        ClientThreads.onConnection(() -> message(new Msg.In(message)));
    }

    private void message(Msg.In in) {
        int kind = in.b();
        switch (kind) {
            case Msg.LEASE -> state.lease().complete(in.l());
            case Msg.REPLY -> calls.answered(in);
            case Msg.REPLY_PART -> calls.answeredInPart(in);
            case Msg.EVENT -> registry.event(in);
            case Msg.SUB_FAILED -> registry.eventFailed(in);
            case Msg.SUB_ENDED -> registry.ended(in);
            default -> LOG.warn("space {}: an event-service message of unknown kind {}", space.uri(), kind);
        }
    }

    @Override
    public void failed(RuntimeException cause) {
        ClientThreads.onConnection(() -> fail(cause));
    }

    private void fail(RuntimeException cause) {
        State s;
        synchronized (this) {
            s = state;
            if (s.failed() != null) {
                return;
            }
            state = new State(s.lease(), s.online(), cause, s.closed());
        }
        s.lease().completeExceptionally(cause);
        s.online().completeExceptionally(cause);
        calls.failAll(cause);
        registry.endAll(cause.getMessage());
        if (!state.closed()) {
            LOG.warn("event channels of space {}: {}", space.uri(), cause.getMessage());
        }
    }

    @Override
    public boolean reopens() {
        return reconnect;
    }

    /**
     * The connection broke: what awaits an answer fails (the server may or may not have done it),
     * calls wait for the client to be registered again, subscriptions are reconnecting.
     */
    @Override
    public void disconnected(RuntimeException cause) {
        ClientThreads.onConnection(() -> {
            synchronized (this) {
                State s = state;
                if (s.ended()) {
                    return;
                }
                reregistration.disconnected(); // first: a re-registration under way is stale before its lease fails
                state = new State(new CompletableFuture<>(), s.online().isDone() ? new CompletableFuture<>() : s.online(), null, false);
                s.lease().completeExceptionally(cause); // a re-registration waiting for it stops
            }
            LOG.info("event channels of space {}: {}", space.uri(), cause.getMessage());
            calls.failAll(new SpaceException("lost the connection to space " + space.uri() + " before the server answered; "
                    + "it may or may not have done what was asked (connecting again)", cause));
            registry.disconnected(cause);
        });
    }

    /** The stream is open again on a new connection: register again, on a thread of its own. */
    @Override
    public void reopened() {
        synchronized (this) {
            if (!state.ended()) {
                reregistration.start();
            }
        }
    }

    /** The new stream's lease, waited for at most the answer timeout. */
    long awaitLease() throws InterruptedException, ExecutionException, TimeoutException {
        return state.lease().get(answerMillis, TimeUnit.MILLISECONDS);
    }

    /**
     * The client registered again for the connection {@code generation} of the re-registration:
     * calls go on, unless the connection broke again meanwhile.
     */
    synchronized void backOnline(long generation) {
        if (reregistration.generation() == generation && !state.ended()) {
            state.online().complete(null);
            LOG.info("event channels of space {}: registered again after the broken connection", space.uri());
        }
    }

    /** Registering again failed for good: everything ends as if the connection were lost. */
    void reregistrationFailed(RuntimeException cause) {
        SpaceException lost = new SpaceException("the event channels of space " + space.uri()
                + " could not be registered again after a broken connection: " + cause.getMessage(), cause);
        fail(lost);
        try {
            stream.close();
        } catch (RuntimeException e) {
            LOG.debug("closing the stream to space {}: {}", space.uri(), e.getMessage());
        }
    }

    /** Marks the client closed: true the first time. Calls fail from now on. */
    synchronized boolean markClosed() {
        State s = state;
        if (s.closed()) {
            return false;
        }
        state = new State(s.lease(), s.online(), s.failed(), true);
        return true;
    }

    /**
     * After {@link #markClosed}: stops the lease and a re-registration under way, fails what
     * waits for the server, ends the subscriptions, closes the stream and the space.
     */
    void shutdown() {
        renewerThreads.shutdown(renewer, true, 10_000);
        if (reregistration != null) {
            reregistration.close();
        }
        state.online().completeExceptionally(new IllegalStateException("the event channels of space " + space.uri() + " were closed"));
        // calls waiting for an answer (a publish waits without a limit) end now, not never
        calls.failAll(new IllegalStateException("the event channels of space " + space.uri() + " were closed"));
        registry.endAll("the space's client is closed");
        try {
            if (stream != null) {
                stream.close();
            }
        } finally {
            space.close();
        }
    }

    @Override
    public String toString() {
        return "event channels of space " + space.uri();
    }
}
