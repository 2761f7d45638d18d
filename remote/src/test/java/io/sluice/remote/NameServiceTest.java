package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The space's name service and what the π-channels paper asks of named channels: created or
 * attached by name, listed by regular expression, unlinked; written with no reader present and
 * read after the writer has gone; read from any seq; one writer at a time; one token type.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class NameServiceTest {
    @TempDir
    Path dir;
    private SpaceServer server;
    private RemoteSpace space;

    @BeforeEach
    void serve() throws Exception {
        server = SpaceServer.builder(dir).start();
        space = RemoteChannels.connect(server.uri());
    }

    @AfterEach
    void stop() {
        space.close();
        server.close();
    }

    private void write(String name, int n) throws Exception {
        try (Channel<Integer> ch = space.open(ChannelSpec.unbounded(name, Integer.class))) {
            for (int i = 0; i < n; i++) {
                ch.writer().put(i);
            }
            ch.writer().close();
        }
    }

    @Test
    void namesAreListedByRegularExpressionAndUnlinked() throws Exception {
        write("sort.a", 1);
        write("sort.b", 1);
        write("filter.out", 1);
        assertThat(space.names(".*")).containsExactly("filter.out", "sort.a", "sort.b");
        assertThat(space.names("sort\\..*")).containsExactly("sort.a", "sort.b");
        assertThat(space.names("nothing")).isEmpty();
        space.unlink("sort.a");
        assertThat(space.names(".*")).containsExactly("filter.out", "sort.b");
        assertThat(Files.exists(dir.resolve("sort.a"))).as("its files are gone").isFalse();
        assertThatThrownBy(() -> space.unlink("sort.a")).isInstanceOf(SpaceException.class).hasMessageContaining("sort.a");
        assertThatThrownBy(() -> space.names("(")).isInstanceOf(SpaceException.class).hasMessageContaining("regular expression");
    }

    @Test
    void aChannelWrittenWithNoReaderIsReadAfterItsWriterHasGone() throws Exception {
        write("later", 500);
        try (RemoteSpace other = RemoteChannels.connect(server.uri());
                Channel<Integer> ch = other.open(ChannelSpec.unbounded("later", Integer.class))) {
            SeekableChannelReader<Integer> r = (SeekableChannelReader<Integer>) ch.openReader("r");
            for (int i = 0; i < 500; i++) {
                assertThat(r.take()).isEqualTo(i);
            }
            assertThat(r.take()).isNull();
            r.seek(123);
            assertThat(r.tell()).isEqualTo(123);
            assertThat(r.take()).isEqualTo(123);
            r.seek(0);
            assertThat(r.take()).isZero();
        }
    }

    @Test
    void aReaderAttachedBeforeTheWriterWaitsForIt() throws Exception {
        try (Channel<Integer> ch = space.open(ChannelSpec.unbounded("early", Integer.class));
                ChannelReader<Integer> r = ch.openReader("r")) {
            assertThat(r.poll()).isNull();
            write("early", 3);
            assertThat(r.take()).isZero();
            assertThat(r.take()).isEqualTo(1);
            assertThat(r.take()).isEqualTo(2);
            assertThat(r.take()).isNull();
        }
    }

    @Test
    void aChannelHasOneWriterAtATimeAndOneTokenType() throws Exception {
        try (RemoteSpace other = RemoteChannels.connect(server.uri());
                Channel<Integer> first = space.open(ChannelSpec.unbounded("one", Integer.class));
                Channel<Integer> second = other.open(ChannelSpec.unbounded("one", Integer.class))) {
            first.writer().put(1);
            assertThatThrownBy(second::writer).isInstanceOf(ChannelException.class).hasMessageContaining("already has a writer");
            Channel<String> typed = other.open(ChannelSpec.unbounded("one", String.class));
            assertThatThrownBy(() -> typed.openReader("r"))
                    .isInstanceOf(ChannelException.class)
                    .hasMessageContaining("java.lang.Integer")
                    .hasMessageContaining("java.lang.String");
        }
    }

    @Test
    void aWriterAttachedAgainAppendsAfterWhatTheChannelHolds() throws Exception {
        try (Channel<Integer> ch = space.open(ChannelSpec.unbounded("grow", Integer.class))) {
            ch.writer().put(1);
            ch.writer().put(2);
        }
        try (Channel<Integer> ch = space.open(ChannelSpec.unbounded("grow", Integer.class))) {
            assertThat(ch.writer().position()).isEqualTo(2);
            assertThat(ch.writer().put(3)).isEqualTo(2);
        }
    }

    @Test
    void anEndedChannelTakesNoMoreTokens() throws Exception {
        write("done", 2);
        try (Channel<Integer> ch = space.open(ChannelSpec.unbounded("done", Integer.class))) {
            assertThatThrownBy(ch::writer).isInstanceOf(ChannelException.class).hasMessageContaining("has ended");
        }
    }

    @Test
    void anInvalidNameIsRefusedByTheSpec() {
        assertThatThrownBy(() -> space.open(ChannelSpec.unbounded("../x", Integer.class))).isInstanceOf(IllegalArgumentException.class);
    }
}
