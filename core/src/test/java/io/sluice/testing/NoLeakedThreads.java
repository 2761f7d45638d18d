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
 * are finishing, and a long one ({@value #COMPILE_GRACE_MILLIS} ms) for a record compiler
 * ({@value #RECORD_COMPILER}): a compile a run started (the records module's generated
 * resolvers) goes on on a daemon thread of its own after the run closed and ends with the
 * compile, which on a loaded machine, when it loads the JDK's compiler, takes seconds. Such a
 * thread that has not ended by then fails the test too.
 */
public final class NoLeakedThreads implements BeforeEachCallback, AfterEachCallback {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(NoLeakedThreads.class);
    private static final long GRACE_MILLIS = 2_000;
    /** The name of the records module's compile threads. */
    static final String RECORD_COMPILER = "sluice-record-compiler";
    /** How long a record compile may go on after the test. */
    static final long COMPILE_GRACE_MILLIS = 60_000;

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getStore(NS).put("before", sluiceThreads());
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        @SuppressWarnings("unchecked")
        Set<Thread> before = (Set<Thread>) context.getStore(NS).get("before");
        long start = System.nanoTime();
        List<Thread> leaked;
        while (true) {
            leaked = sluiceThreads().stream().filter(t -> !before.contains(t)).toList();
            if (leaked.isEmpty()) {
                return;
            }
            long waited = (System.nanoTime() - start) / 1_000_000;
            boolean onlyCompiles = leaked.stream().allMatch(t -> t.getName().equals(RECORD_COMPILER));
            if (waited > (onlyCompiles ? COMPILE_GRACE_MILLIS : GRACE_MILLIS)) {
                break;
            }
            Thread.sleep(20);
        }
        fail("test left Sluice threads running: " + leaked.stream().map(Thread::getName).collect(Collectors.joining(", ")));
    }

    /** The live threads whose name starts with {@code sluice-}. */
    public static Set<Thread> sluiceThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith("sluice-"))
                .collect(Collectors.toSet());
    }
}
