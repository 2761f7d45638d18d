package io.sluice.events;

import java.time.Duration;
import java.util.Objects;

/**
 * How a client of a space server's event channels behaves ({@link EventChannels#connect(
 * io.sluice.remote.RemoteSpace, RemoteEventOptions)}): how long it waits for the server's
 * answers, how many publishes it keeps in flight, how many workers run its handlers, who is told
 * of failures, and whether its publishers and subscriptions are registered again after the
 * connection broke. Immutable: each {@code with} method returns a copy with one option changed.
 * {@link #defaults()} has an answer timeout of 30 s, a publish window of
 * {@value #DEFAULT_PUBLISH_WINDOW}, as many workers as processors (at least 2), failures logged
 * (SLF4J, warning), and reconnection on ({@link #withReconnect}).
 */
public final class RemoteEventOptions {
    /** The publish window unless set. */
    public static final int DEFAULT_PUBLISH_WINDOW = 64;
    /** The answer timeout unless set. */
    public static final Duration DEFAULT_ANSWER_TIMEOUT = Duration.ofSeconds(30);
    private static final RemoteEventOptions DEFAULTS = new RemoteEventOptions(DEFAULT_ANSWER_TIMEOUT, DEFAULT_PUBLISH_WINDOW, 0, null,
            true);

    private final Duration answerTimeout;
    private final int publishWindow;
    private final int workers;
    private final EventErrorListener errorListener;
    private final boolean reconnect;

    private RemoteEventOptions(Duration answerTimeout, int publishWindow, int workers, EventErrorListener errorListener,
            boolean reconnect) {
        this.answerTimeout = answerTimeout;
        this.publishWindow = publishWindow;
        this.workers = workers;
        this.errorListener = errorListener;
        this.reconnect = reconnect;
    }

    /** The default options. */
    public static RemoteEventOptions defaults() {
        return DEFAULTS;
    }

    /**
     * How long a call waits for the server's answer (a declaration, a subscription, a publisher
     * opened, a filter changed, a channel listing), and how long closing a publisher waits for the
     * answers to its publishes in flight; 30 s by default. A {@link Publisher#publish} waits for
     * its answer without a limit: a full queue under {@link Overflow#BLOCK} may hold it.
     *
     * @throws IllegalArgumentException if not positive
     */
    public RemoteEventOptions withAnswerTimeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the answer timeout of remote event channels must be positive, was " + timeout);
        }
        return new RemoteEventOptions(timeout, publishWindow, workers, errorListener, reconnect);
    }

    /**
     * At most {@code window} publishes of each publisher awaiting the server's answer at once
     * ({@link Publisher#publishAsync}); at 1, each publish waits for the one before it to be
     * answered.
     *
     * @throws IllegalArgumentException if below 1
     */
    public RemoteEventOptions withPublishWindow(int window) {
        if (window < 1) {
            throw new IllegalArgumentException("the publish window of remote event channels is " + window + "; it must be at least 1");
        }
        return new RemoteEventOptions(answerTimeout, window, workers, errorListener, reconnect);
    }

    /**
     * How many worker threads run the handlers of the client's subscriptions.
     *
     * @throws IllegalArgumentException if below 1
     */
    public RemoteEventOptions withWorkers(int workers) {
        if (workers < 1) {
            throw new IllegalArgumentException("remote event channels need at least 1 worker, was " + workers);
        }
        return new RemoteEventOptions(answerTimeout, publishWindow, workers, errorListener, reconnect);
    }

    /**
     * Told of failures in the client's subscriptions, and of each subscription's connection lost
     * and registered again (with {@link #withReconnect}).
     */
    public RemoteEventOptions withErrorListener(EventErrorListener listener) {
        return new RemoteEventOptions(answerTimeout, publishWindow, workers, Objects.requireNonNull(listener, "listener"), reconnect);
    }

    /**
     * Whether the client's publishers and subscriptions are registered again at the server when
     * the connection broke and was made again; true by default. See {@link
     * EventChannels#connect(io.sluice.remote.RemoteSpace, RemoteEventOptions)} for what is kept.
     *
     * <p>How long it keeps trying: the space connects again with back-off (50 ms, doubling up to
     * 1 s between attempts) for up to its {@code giveUpAfter} ({@link
     * io.sluice.remote.RemoteChannels.Options#giveUpAfter}, 30 s by default); once connected, each
     * publisher and subscription is opened again with the same back-off for up to the {@link
     * #withAnswerTimeout answer timeout}. So a subscription or publisher fails for good at most
     * about {@code giveUpAfter} plus the answer timeout after the break: a subscription becomes
     * {@link SubscriptionState#CANCELLED} (the error listener is told why), a publisher's later
     * publishes fail with a {@link io.sluice.remote.SpaceException}.
     *
     * <p>Publishes in flight when the connection broke fail whatever this says: the server may or
     * may not have published them, so a publish is at most once across a broken connection (on a
     * persistent channel, a program that wants at least once publishes again what failed, and its
     * subscribers may see it twice).
     *
     * <p>With {@code false}, the first broken connection ends every subscription ({@link
     * SubscriptionState#CANCELLED}) and fails every later call of the client.
     */
    public RemoteEventOptions withReconnect(boolean reconnect) {
        return new RemoteEventOptions(answerTimeout, publishWindow, workers, errorListener, reconnect);
    }

    /** The answer timeout. */
    public Duration answerTimeout() {
        return answerTimeout;
    }

    /** The publish window. */
    public int publishWindow() {
        return publishWindow;
    }

    /** The number of workers: as set, else the number of processors, at least 2. */
    public int workers() {
        return workers > 0 ? workers : Math.max(2, Runtime.getRuntime().availableProcessors());
    }

    /** The error listener, or null to log failures. */
    public EventErrorListener errorListener() {
        return errorListener;
    }

    /** Whether registrations are made again after a reconnection (true unless set). */
    public boolean reconnect() {
        return reconnect;
    }

    @Override
    public String toString() {
        return "RemoteEventOptions[answerTimeout=" + answerTimeout + ", publishWindow=" + publishWindow + ", workers=" + workers()
                + ", reconnect=" + reconnect + "]";
    }
}
