package io.sluice.events.internal.remote;

/**
 * Which of a client's own threads runs the code at hand: a connection's event loop (which carries
 * the server's answers, so nothing there may wait for one), or a worker running a handler (which
 * closing the client waits for).
 */
final class ClientThreads {
    /** Set while a handler of a remote subscription runs on this thread. */
    private static final ThreadLocal<Boolean> IN_HANDLER = new ThreadLocal<>();
    /** Set while a connection's event loop runs this client's code (and the callbacks of futures it completes). */
    private static final ThreadLocal<Boolean> ON_CONNECTION = new ThreadLocal<>();

    private ClientThreads() {}

    /** Runs {@code task}, the client's code, on a connection's event loop, marked as such. */
    static void onConnection(Runnable task) {
        ON_CONNECTION.set(Boolean.TRUE);
        try {
            task.run();
        } finally {
            ON_CONNECTION.remove();
        }
    }

    /** Runs {@code task}, handlers of a subscription, on a worker, marked as such. */
    static void inHandler(Runnable task) {
        IN_HANDLER.set(Boolean.TRUE);
        try {
            task.run();
        } finally {
            IN_HANDLER.remove();
        }
    }

    /** True while a handler of a remote subscription runs on this thread. */
    static boolean inHandler() {
        return IN_HANDLER.get() != null;
    }

    /** True on a connection's event loop, in this client's code or a callback of a future it completed. */
    static boolean onConnectionThread() {
        return ON_CONNECTION.get() != null;
    }

    /**
     * Fails at once on a connection's event loop, where waiting would hold up the answers awaited.
     *
     * @param what the call, for the message
     */
    static void checkNotOnConnection(Object who, String what) {
        if (onConnectionThread()) {
            throw new IllegalStateException(who + ": " + what + " would wait for the server on the connection's own thread, which "
                    + "carries the answer (e.g. in a callback of a publishAsync future); call it from another thread");
        }
    }
}
