package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.local.internal.ProcessLock;
import io.sluice.testing.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process lock stays held against other processes whatever this JVM asks about it meanwhile:
 * on POSIX systems closing any channel on a locked file releases the process's lock, so asking
 * must not open one.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcessLockTest {
    /** Exit code of {@link TryLock} when it took the lock. */
    private static final int TOOK = 0;
    /** ... and when another process held it. */
    private static final int HELD = 3;

    @TempDir
    Path dir;

    /** Tries to take the lock on {@code args[0]} in a process of its own. */
    public static final class TryLock {
        public static void main(String[] args) throws Exception {
            try (ProcessLock lock = ProcessLock.tryTake(Path.of(args[0]))) {
                System.exit(lock != null ? TOOK : HELD);
            }
        }
    }

    private static int tryInAnotherProcess(Path file) throws Exception {
        try (ChildJvm child = ChildJvm.start(TryLock.class, file.toString())) {
            return child.awaitExit(Duration.ofSeconds(30));
        }
    }

    @Test
    void askingAboutALockThisJvmHoldsDoesNotReleaseIt() throws Exception {
        Path file = dir.resolve("held.lock");
        try (ProcessLock lock = ProcessLock.tryTake(file)) {
            assertThat(lock).isNotNull();
            assertThat(ProcessLock.isHeld(file)).isTrue();
            assertThat(ProcessLock.ifFree(file, () -> true)).isFalse();
            assertThat(ProcessLock.tryTake(file)).as("a second take in this JVM").isNull();
            assertThat(ProcessLock.tryTake(dir.resolve("./held.lock"))).as("the same file by another path").isNull();
            assertThat(tryInAnotherProcess(file)).as("another process, after this one asked three times").isEqualTo(HELD);
        }
        assertThat(ProcessLock.isHeld(file)).isFalse();
        assertThat(tryInAnotherProcess(file)).isEqualTo(TOOK);
    }

    @Test
    void askingNeverCreatesTheFile() {
        Path file = dir.resolve("none.lock");
        assertThat(ProcessLock.isHeld(file)).isFalse();
        assertThat(ProcessLock.ifFree(file, () -> true)).isFalse();
        assertThat(Files.exists(file)).isFalse();
    }
}
