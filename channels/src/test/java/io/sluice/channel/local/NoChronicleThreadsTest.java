package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.internal.ChronicleSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A closed persistent channel leaves no thread behind: neither its own (flusher, loaders) nor
 * Chronicle's process-wide ones, which {@link ChronicleSettings} turns off. The JDK's
 * {@code process reaper}, which Chronicle's first use in a JVM causes and which ends by itself,
 * is not Sluice's or Chronicle's and is ignored.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NoChronicleThreadsTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"DIRECT", "CACHED", "FAST_TRACK"})
    void aClosedChannelLeavesNoThread(ChannelPolicy policy) throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        try (Channel<String> channel = PersistentChannels.builder(dir).policy(policy).build()
                .open(ChannelSpec.unbounded("c", String.class))) {
            ChannelReader<String> reader = channel.openReader("r");
            for (int i = 0; i < 5000; i++) {
                channel.writer().put("token " + i);
            }
            channel.writer().close();
            while (reader.take() != null) {
                // drain
            }
        }
        List<String> left = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !before.contains(t) && !t.getName().equals("process reaper"))
                .map(Thread::getName).toList();
        assertThat(left).isEmpty();
        assertThat(System.getProperty("background.releaser")).isEqualTo("false");
        assertThat(System.getProperty("chronicle.disk.monitor.disable")).isEqualTo("true");
    }
}
