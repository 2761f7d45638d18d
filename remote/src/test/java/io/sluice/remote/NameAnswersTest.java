package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server keeps the answers to repeated name-service requests: a repeated request is answered
 * anew as soon as a channel was created or unlinked, whichever connection did it, and refusals
 * are never kept.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NameAnswersTest {
    @TempDir
    Path dir;
    private SpaceServer server;
    private RemoteSpace one;
    private RemoteSpace other;

    @BeforeEach
    void serve() throws Exception {
        server = SpaceServer.builder(dir).start();
        one = RemoteChannels.connect(server.uri());
        other = RemoteChannels.connect(server.uri());
    }

    @AfterEach
    void stop() {
        one.close();
        other.close();
        server.close();
    }

    private static void create(RemoteSpace space, String name) throws Exception {
        try (Channel<Integer> ch = space.open(ChannelSpec.unbounded(name, Integer.class))) {
            ch.writer().put(1);
        }
    }

    @Test
    void aRepeatedRequestSeesEveryChannelCreatedOrUnlinkedSince() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(one.names("c.*")).isEmpty();
        }
        create(other, "c1");
        assertThat(one.names("c.*")).containsExactly("c1");
        create(one, "c0");
        assertThat(one.names("c.*")).containsExactly("c0", "c1");
        assertThat(other.names("c.*")).containsExactly("c0", "c1");
        other.unlink("c1");
        assertThat(one.names("c.*")).containsExactly("c0");
        create(other, "d");
        assertThat(one.names("c.*")).containsExactly("c0");
        assertThat(one.names(".*")).containsExactly("c0", "d");
    }

    @Test
    void refusedExpressionsAreRefusedEveryTime() {
        for (int i = 0; i < 3; i++) {
            assertThatThrownBy(() -> one.names("(")).isInstanceOf(SpaceException.class).hasMessageContaining("regular expression");
            assertThatThrownBy(() -> one.names("x".repeat(1025))).isInstanceOf(SpaceException.class).hasMessageContaining("1025");
        }
    }
}
