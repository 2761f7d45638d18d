package io.sluice.remote.internal;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** How a client stream's caller waits for the space's answer to an OPEN, on the stream's monitor. */
final class Answers {
    private Answers() {}

    /**
     * Waits, holding {@code monitor}, until {@code answered} or {@code failure} gives one, for at
     * most twice the connect timeout.
     *
     * @param what what is being opened, for the messages ("for reading", say)
     * @param problem makes the exception to throw from a message
     * @throws RuntimeException the stream's failure, or one from {@code problem} if the space did
     *     not answer in time or the thread was interrupted (its flag is set again)
     */
    static void await(Object monitor, ClientConnection connection, BooleanSupplier answered, Supplier<RuntimeException> failure,
            String what, java.util.function.Function<String, RuntimeException> problem) {
        long deadline = System.nanoTime() + connection.options().connectTimeout().toNanos() * 2;
        synchronized (monitor) {
            while (!answered.getAsBoolean() && failure.get() == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw problem.apply("the space did not answer opening the channel " + what);
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(monitor, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw problem.apply("interrupted while opening the channel " + what);
                }
            }
            if (failure.get() != null) {
                throw failure.get();
            }
        }
    }
}
