package io.sluice.composite.internal;

import io.sluice.remote.RemoteSpace;

/**
 * Removes channels this module made in a space once nothing needs them. A writer's role is
 * released when the server handles its close, so a channel closed a moment ago, here or on
 * another connection, may still be busy: each removal is tried again for a while.
 */
final class SpaceCleanup {
    private static final int ATTEMPTS = 10;
    private static final long PAUSE_MILLIS = 20;

    private SpaceCleanup() {}

    /**
     * Removes {@code name} from {@code space}, trying again while it is refused.
     *
     * @return null once removed, else why the space refused it the last time
     * @throws InterruptedException if interrupted between tries
     */
    static RuntimeException unlink(RemoteSpace space, String name) throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            try {
                space.unlink(name);
                return null;
            } catch (RuntimeException e) { // busy while the server ends a writer's role, or refused
                if (attempt == ATTEMPTS) {
                    return e;
                }
                Thread.sleep(PAUSE_MILLIS);
            }
        }
    }
}
