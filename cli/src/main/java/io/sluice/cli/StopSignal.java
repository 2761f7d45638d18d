package io.sluice.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * What ends a command that serves until it is told to stop ({@code serve}, {@code prov lineage
 * --monitor}): SIGTERM or SIGINT when the command owns its process, the JVM's shutdown, or an
 * interrupt of the command's thread (tests, a host program). Closing it puts back the signal
 * handlers it replaced and removes its shutdown hook.
 *
 * <p>Made and closed on the command's thread, which {@link #await()}s; the signals and the hook
 * come on threads of the JVM's.
 */
final class StopSignal implements AutoCloseable {
    private static final List<String> SIGNALS = List.of("TERM", "INT");

    private final CountDownLatch stopped = new CountDownLatch(1);
    private final List<Runnable> undo = new ArrayList<>();

    /** Stops when the command's thread is interrupted only. */
    StopSignal() {}

    /**
     * Stops on SIGTERM and SIGINT; and a shutdown hook runs {@code onShutdown} (closing what the
     * command serves, and waiting until it is closed) on any other way the JVM shuts down (SIGHUP,
     * or where those signals cannot be handled, as under {@code -Xrs}), so that the JVM does not end
     * first.
     *
     * @param name names the hook's thread: {@code sluice <name> shutdown}
     */
    static StopSignal onSignals(String name, Runnable onShutdown) {
        StopSignal stop = new StopSignal();
        for (String signalName : SIGNALS) {
            Signal signal = new Signal(signalName);
            try {
                SignalHandler previous = Signal.handle(signal, s -> stop.stopped.countDown());
                stop.undo.add(() -> Signal.handle(signal, previous));
            } catch (IllegalArgumentException e) {
                // The JVM keeps this signal (-Xrs, or a debugger's): the hook below covers it.
            }
        }
        Thread hook = new Thread(() -> {
            stop.stopped.countDown();
            onShutdown.run();
        }, "sluice " + name + " shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        stop.undo.add(() -> {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // The JVM is shutting down: the hook runs, and closing twice is harmless.
            }
        });
        return stop;
    }

    /** Waits for the signal; an interrupt of the waiting thread counts as one (and stays set). */
    void await() {
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        undo.forEach(Runnable::run);
    }
}
