package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.internal.QueueFileSpace;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.Tmpfs;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Writing where the disk says no: a directory that cannot be written, and a disk that fills up
 * while a channel is written (a small tmpfs). The writer gets a {@link ChannelException} naming
 * the channel and the file or directory, the JVM does not crash (Chronicle writes through memory
 * maps, where a full disk is a SIGBUS, see {@link QueueFileSpace}), and the tokens written before
 * stay readable.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@ExtendWith(NoLeakedThreads.class)
class DiskFaultsTest {
    @TempDir
    Path work;

    private final List<AutoCloseable> toClose = new ArrayList<>();

    @AfterEach
    void release() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
    }

    /** Mounts a tmpfs on a new directory under the test's directory, or skips the test saying why. */
    private Path tmpfs(String name, String size, boolean readOnly) throws Exception {
        Path dir = work.resolve(name);
        toClose.add(Tmpfs.mountOrSkip(dir, size, readOnly));
        return dir;
    }

    /** Whether this process can write into a directory whose mode forbids it (root can). */
    private boolean permissionsAreIgnored() throws IOException {
        Path probe = Files.createDirectories(work.resolve("probe"));
        Files.setPosixFilePermissions(probe, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Files.createFile(probe.resolve("x"));
            return true;
        } catch (AccessDeniedException e) {
            return false;
        } finally {
            Files.setPosixFilePermissions(probe, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /**
     * A directory that cannot be written: by its mode (chmod 555) where that is enforced, else
     * (as root, which ignores modes) a read-only tmpfs, else the test is skipped.
     */
    private Path unwritableDirectory(String name) throws Exception {
        if (!permissionsAreIgnored()) {
            Path dir = Files.createDirectories(work.resolve(name));
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
            toClose.add(() -> Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x")));
            return dir;
        }
        return tmpfs(name, "1m", true);
    }

    @Test
    void aChannelCannotBeCreatedInADirectoryThatCannotBeWritten() throws Exception {
        Path parent = unwritableDirectory("readonly");
        ChannelFactory factory = PersistentChannels.builder(parent).policy(ChannelPolicy.DIRECT).build();
        Path channelDir = parent.resolve("c");
        assertThatThrownBy(() -> factory.open(ChannelSpec.unbounded("c", String.class)))
                .isInstanceOf(ChannelException.class)
                .hasMessageStartingWith("channel 'c' (" + channelDir + "): cannot create the channel directory")
                .satisfies(e -> assertThat(((ChannelException) e).file()).contains(channelDir));
    }

    @Test
    void aChannelDirectoryThatCannotBeWrittenIsRefused() throws Exception {
        Path parent = Files.createDirectories(work.resolve("parent"));
        Path channelDir = unwritableDirectoryAt(parent.resolve("c"));
        ChannelFactory factory = PersistentChannels.builder(parent).policy(ChannelPolicy.DIRECT).build();
        assertThatThrownBy(() -> factory.open(ChannelSpec.unbounded("c", String.class)))
                .isInstanceOf(ChannelException.class)
                .hasMessage("channel 'c' (" + channelDir + "): the channel directory is not writable");
    }

    private Path unwritableDirectoryAt(Path dir) throws Exception {
        Path made = unwritableDirectory(work.relativize(dir).toString());
        assertThat(made).isEqualTo(dir);
        return made;
    }

    /**
     * Fills a 2 MiB tmpfs with one channel, in one big file (data fills the disk) or in files of
     * 1000 tokens (a new file finds the disk full).
     */
    @ParameterizedTest(name = "{0}, {1} tokens per file")
    @CsvSource({"direct, 1048576", "direct, 1000", "cached, 1048576", "cached, 1000", "fast-track, 1048576", "fast-track, 1000"})
    void aFullDiskFailsTheWriterWithAnErrorAndKeepsWhatWasWritten(String policy, int tokensPerFile) throws Exception {
        Path disk = tmpfs("disk", "2m", false);
        ChannelFactory factory = PersistentChannels.builder(disk).policy(ChannelPolicy.named(policy)).tokensPerFile(tokensPerFile)
                .build();
        Path channelDir = disk.resolve("c");
        long accepted = 0;
        long stored;
        ChannelException full = null;
        Channel<String> channel = factory.open(ChannelSpec.unbounded("c", String.class));
        try {
            for (; accepted < 10_000_000; accepted++) {
                channel.writer().put(ChannelProcess.token(accepted));
            }
        } catch (ChannelException e) {
            full = e;
        } finally {
            stored = channel instanceof StagedChannel<?> staged ? staged.persisted : accepted;
            try {
                channel.close();
            } catch (ChannelException e) {
                // The staged policies report the flusher's failure again on close.
                assertThat(e).hasMessageContaining("the disk is full");
            }
        }
        assertThat(full).as("the writer was told").isNotNull();
        assertThat(full.channel()).isEqualTo("c");
        assertThat(full.file()).hasValueSatisfying(f -> {
            assertThat(f.getParent()).isEqualTo(channelDir);
            assertThat(f.getFileName().toString()).endsWith(".cq4");
        });
        assertThat(full).hasMessageStartingWith("channel 'c' (" + channelDir + "/")
                .hasMessageContaining("the disk is full").hasMessageContaining(" was not written");
        assertThat(stored).as("tokens stored before the disk was full").isGreaterThan(1000).isLessThanOrEqualTo(accepted);

        try (var reader = (StoredChannelReader<String>) PersistentChannels.openReader(channelDir, String.class)) {
            long n = 0;
            for (String t; (t = reader.take()) != null; n++) {
                assertThat(t).isEqualTo(ChannelProcess.token(n));
            }
            assertThat(n).as("every token stored is read back").isEqualTo(stored);
            assertThat(reader.complete()).isFalse();
        }
    }

    @Test
    void aCachedReaderGetsEveryTokenStoredBeforeTheDiskFilledAndThenTheError() throws Exception {
        Path disk = tmpfs("disk", "2m", false);
        ChannelFactory factory = PersistentChannels.builder(disk).policy(ChannelPolicy.CACHED).build();
        Channel<String> channel = factory.open(ChannelSpec.unbounded("c", String.class));
        try {
            ChannelReader<String> reader = channel.openReader("r");
            assertThatThrownBy(() -> {
                for (long i = 0; i < 10_000_000; i++) {
                    channel.writer().put(ChannelProcess.token(i));
                }
            }).isInstanceOf(ChannelException.class).hasMessageContaining("the disk is full");
            long stored = ((StagedChannel<?>) channel).persisted;
            assertThat(stored).isGreaterThan(1000).isLessThan(channel.writer().position());
            for (long n = 0; n < stored; n++) {
                assertThat(reader.take()).isEqualTo(ChannelProcess.token(n));
            }
            // The next token was put but never reached the disk: the reader is told why, not left waiting.
            assertThatThrownBy(reader::take).isInstanceOf(ChannelException.class)
                    .hasMessageStartingWith("channel 'c' (" + disk.resolve("c") + "/")
                    .hasMessageContaining("the disk is full");
        } finally {
            assertThatThrownBy(channel::close).hasMessageContaining("the disk is full");
        }
    }

    @Test
    void aDirectWriterGoesOnOnceThereIsRoomAgain() throws Exception {
        Path disk = tmpfs("disk", "4m", false);
        Path filler = disk.resolve("filler");
        Files.write(filler, new byte[2 << 20]);
        ChannelFactory factory = PersistentChannels.builder(disk).policy(ChannelPolicy.DIRECT).build();
        long written = 0;
        try (Channel<String> channel = factory.open(ChannelSpec.unbounded("c", String.class))) {
            try {
                for (; written < 10_000_000; written++) {
                    channel.writer().put(ChannelProcess.token(written));
                }
            } catch (ChannelException e) {
                assertThat(e).hasMessageContaining("the disk is full");
            }
            assertThat(written).isLessThan(10_000_000);
            Files.delete(filler);
            for (int i = 0; i < 1000; i++, written++) {
                channel.writer().put(ChannelProcess.token(written));
            }
            channel.writer().close();
        }
        try (var reader = (StoredChannelReader<String>) PersistentChannels.openReader(disk.resolve("c"), String.class)) {
            long n = 0;
            for (String t; (t = reader.take()) != null; n++) {
                assertThat(t).isEqualTo(ChannelProcess.token(n));
            }
            assertThat(n).isEqualTo(written);
            assertThat(reader.complete()).isTrue();
        }
    }
}
