package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.testing.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Sluice never phones home: creating, writing and reading persistent channels of every policy
 * makes no outbound connection attempt, and Chronicle's analytics are not on the class path (the
 * build excludes {@code chronicle-analytics}), so they cannot run even where the user forgot
 * {@code -Dchronicle.analytics.disable=true}. Checked in a child JVM ({@link NoPhoneHomeProbe}),
 * where the recorders it installs are process-wide and see nothing but the probe.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class NoPhoneHomeTest {
    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    Path work;

    @ParameterizedTest(name = "analytics disabled by property: {0}")
    @ValueSource(booleans = {true, false})
    void persistentChannelsMakeNoOutboundConnection(boolean disabledByProperty) throws Exception {
        List<String> options = new ArrayList<>(ChildJvm.chronicleOptions());
        if (!disabledByProperty) {
            options.removeIf(o -> o.startsWith("-Dchronicle.analytics.disable"));
        }
        // Lets the probe install its connection-recording SecurityManager where the JVM still has one
        // (Java 24 and later refuse the option outright).
        if (Runtime.version().feature() < 24) {
            options.add("-Djava.security.manager=allow");
        }
        try (ChildJvm probe = ChildJvm.start(options, NoPhoneHomeProbe.class, work.toString())) {
            String securityManager = probe.await("security-manager: ", WAIT);
            assertThat(probe.await("during-work: ", WAIT)).as("connection attempts while channels were used")
                    .isEqualTo("during-work: []");
            String port = probe.await("control-port: ", WAIT).substring("control-port: ".length());
            String control = probe.await("control: ", WAIT);
            // The recorders do see a connection: the probe's own, to a local server.
            assertThat(control).contains("proxy-selector socket://").contains(":" + port);
            if (securityManager.equals("security-manager: on")) {
                assertThat(control).contains("security-manager connect ").contains(":" + port);
            }
            assertThat(probe.await("analytics-class: ", WAIT)).isEqualTo("analytics-class: absent");
            probe.await("done", WAIT);
            assertThat(probe.awaitExit(WAIT)).as("probe's exit code" + probe.errors()).isZero();
        }
    }
}
