package io.sluice.composite.internal;

import io.sluice.remote.RemoteSpace;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * Removes channels this module made in a space once nothing needs them. A writer's role is
 * released when the server handles its close, so a channel closed a moment ago, here or on
 * another connection, may still be busy: a removal is tried again, with growing pauses, until it
 * succeeds or {@link #PATIENCE_MILLIS} have passed. The other side's close is a few round trips
 * away, but on a loaded machine its thread may wait hundreds of milliseconds for a core.
 */
final class SpaceCleanup {
    /** How long a refused removal is tried again. */
    static final long PATIENCE_MILLIS = 10_000;
    private static final long FIRST_PAUSE_MILLIS = 10;
    private static final long LONGEST_PAUSE_MILLIS = 500;

    private SpaceCleanup() {}

    /**
     * Removes {@code name} from {@code space}, trying again while it is refused.
     *
     * @return null once removed (or found gone), else why the space refused it the last time (at
     *     once if the space cannot even say whether it still has the channel)
     * @throws InterruptedException if interrupted between tries
     */
    static RuntimeException unlink(RemoteSpace space, String name) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(PATIENCE_MILLIS);
        for (long pause = FIRST_PAUSE_MILLIS; ; pause = Math.min(2 * pause, LONGEST_PAUSE_MILLIS)) {
            try {
                space.unlink(name);
                return null;
            } catch (RuntimeException e) { // busy while the server ends a writer's role, or refused
                try {
                    if (space.names(Pattern.quote(name)).isEmpty()) {
                        return null; // removed by someone else: nothing to wait for
                    }
                } catch (RuntimeException asking) { // the space does not answer at all: no use trying again
                    e.addSuppressed(asking);
                    return e;
                }
                long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
                if (left <= 0) {
                    return e;
                }
                Thread.sleep(Math.min(pause, left));
            }
        }
    }
}
