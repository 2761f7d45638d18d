package io.sluice.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test that leaves a Sluice thread running (any live thread whose name starts with
 * {@code sluice-}) once it is over: every run a test starts must have been closed. Threads that
 * were already running before the test are ignored. Allows a short grace period for threads that
 * are finishing.
 */
public final class NoLeakedThreads implements BeforeEachCallback, AfterEachCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(NoLeakedThreads.class);
    private static final long GRACE_MILLIS = 2_000;

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getStore(NS).put("before", sluiceThreads());
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        @SuppressWarnings("unchecked")
        Set<Thread> before = (Set<Thread>) context.getStore(NS).get("before");
        long deadline = System.nanoTime() + GRACE_MILLIS * 1_000_000;
        List<Thread> leaked;
        do {
            leaked = sluiceThreads().stream().filter(t -> !before.contains(t)).toList();
            if (leaked.isEmpty()) {
                return;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        fail("test left Sluice threads running: " + leaked.stream().map(Thread::getName).collect(Collectors.joining(", ")));
    }

    /** The live threads whose name starts with {@code sluice-}. */
    public static Set<Thread> sluiceThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("sluice-"))
                .collect(Collectors.toSet());
    }
}
