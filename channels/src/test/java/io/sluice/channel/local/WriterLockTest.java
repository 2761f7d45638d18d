package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelBusyException;
import io.sluice.channel.ChannelException;
import io.sluice.channel.local.internal.WriterLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The writer lock within one JVM: held is held, whichever thread holds it, and a taker refused
 * for it is told it is busy (not some other storage failure); a repair runs only
 * while nobody holds it, and not at all where there is no lock file. Another process holding it
 * is covered by {@link CrossProcessChannelTest}, one killed while holding it by the resume tests.
 */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class WriterLockTest {
    @TempDir
    Path dir;

    @Test
    void aSecondWriterIsRefusedNamingTheQueueAndDirectory() {
        try (WriterLock first = WriterLock.take(dir, "q")) {
            assertThatThrownBy(() -> WriterLock.take(dir, "q")).isInstanceOf(ChannelBusyException.class)
                    .hasMessageContaining("'q'").hasMessageContaining(dir.toString())
                    .hasMessageContaining("being written by another writer");
        }
        WriterLock.take(dir, "q").close();
    }

    @Test
    void isHeldOnlyWhileAWriterHoldsIt() throws Exception {
        assertThat(WriterLock.isHeld(dir)).as("no lock file").isFalse();
        WriterLock lock = WriterLock.take(dir, "q");
        assertThat(WriterLock.isHeld(dir)).isTrue();
        lock.close();
        assertThat(WriterLock.isHeld(dir)).isFalse();
        assertThat(dir.resolve(WriterLock.FILE)).exists();
    }

    @Test
    void aRepairRunsOnlyWithoutAWriterAndAWriterWaitsForNoRepair() throws Exception {
        AtomicInteger repairs = new AtomicInteger();
        assertThat(WriterLock.ifNoWriter(dir, () -> repairs.incrementAndGet() > 0)).as("no lock file: cannot tell").isFalse();

        try (WriterLock writer = WriterLock.take(dir, "q")) {
            assertThat(WriterLock.ifNoWriter(dir, () -> repairs.incrementAndGet() > 0)).isFalse();
        }
        assertThat(repairs).hasValue(0);

        assertThat(WriterLock.ifNoWriter(dir, () -> {
            // The repair holds the lock: a writer cannot start meanwhile.
            assertThatThrownBy(() -> WriterLock.take(dir, "q")).isInstanceOf(ChannelException.class);
            return repairs.incrementAndGet() > 0;
        })).isTrue();
        assertThat(repairs).hasValue(1);
        assertThat(WriterLock.isHeld(dir)).as("released after the repair").isFalse();
    }

    @Test
    void aMissingDirectoryIsNamed() {
        Path missing = dir.resolve("missing");
        assertThatThrownBy(() -> WriterLock.take(missing, "q")).isInstanceOf(ChannelException.class)
                .hasMessageContaining(missing.toString()).hasMessageContaining("cannot take the writer lock");
        assertThat(Files.exists(missing)).isFalse();
    }
}
