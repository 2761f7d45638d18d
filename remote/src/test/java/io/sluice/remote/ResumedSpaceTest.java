package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.local.Resumption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A space's channels opened for a resumed run ({@link RemoteSpace#forResumedRun}): the writer
 * replays what the space holds, comparing each token, and sends only what follows; a writer that
 * does not repeat itself fails naming the seq; {@link RemoteSpace#held} tells what a killed
 * writer left.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ResumedSpaceTest {
    private static final ChannelSpec<Integer> SPEC = ChannelSpec.unbounded("source.out", Integer.class);

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

    /** Writes 0 .. n-1 as a killed writer would leave them: stored, the stream not ended. */
    private void writeWithoutEnd(int n) throws Exception {
        try (Channel<Integer> ch = space.forNewRun().open(SPEC)) {
            for (int i = 0; i < n; i++) {
                ch.writer().put(i);
            }
        }
    }

    /** The channel's tokens up to the end of its stream, or its first {@code n} if it has not ended. */
    private List<Integer> stored(int n) throws Exception {
        List<Integer> out = new ArrayList<>();
        try (Channel<Integer> ch = space.open(SPEC); ChannelReader<Integer> r = ch.openReader("check")) {
            Integer t;
            while (out.size() < n && (t = r.take()) != null) {
                out.add(t);
            }
        }
        return out;
    }

    @Test
    void theResumedWriterReplaysWhatTheSpaceHoldsAndSendsTheRest() throws Exception {
        writeWithoutEnd(700);
        assertThat(space.held(SPEC)).isEqualTo(new RemoteSpace.Held(700, false));

        Resumption resumption = Resumption.create();
        try (Channel<Integer> ch = space.forResumedRun(resumption).open(SPEC)) {
            ChannelWriter<Integer> w = ch.writer();
            for (int i = 0; i < 1000; i++) {
                assertThat(w.put(i)).isEqualTo(i);
            }
            assertThat(resumption.channels()).containsExactly(new Resumption.ResumedChannel("source.out", 700, false, 0, 700));
            w.close();
        }
        assertThat(stored(2000)).isEqualTo(range(1000));
        assertThat(space.held(SPEC)).isEqualTo(new RemoteSpace.Held(1000, true));
    }

    @Test
    void aChannelWhoseStreamEndedIsReplayedWhole() throws Exception {
        try (Channel<Integer> ch = space.open(SPEC)) {
            for (int i = 0; i < 50; i++) {
                ch.writer().put(i);
            }
            ch.writer().close();
        }
        ChannelFactory resumed = space.forResumedRun(Resumption.create());
        try (Channel<Integer> ch = resumed.open(SPEC)) {
            for (int i = 0; i < 50; i++) {
                ch.writer().put(i);
            }
            ch.writer().close();
        }
        assertThat(stored(100)).isEqualTo(range(50));
        try (Channel<Integer> ch = space.forResumedRun(Resumption.create()).open(SPEC)) {
            for (int i = 0; i < 50; i++) {
                ch.writer().put(i);
            }
            assertThatThrownBy(() -> ch.writer().put(50)).isInstanceOf(ChannelException.class)
                    .hasMessageContaining("source.out").hasMessageContaining("seq 50").hasMessageContaining("ended after 50 tokens");
        }
    }

    @Test
    void aWriterThatDoesNotRepeatItselfFailsNamingTheSeq() throws Exception {
        writeWithoutEnd(100);
        try (Channel<Integer> ch = space.forResumedRun(Resumption.create()).open(SPEC)) {
            ChannelWriter<Integer> w = ch.writer();
            for (int i = 0; i < 40; i++) {
                w.put(i);
            }
            assertThatThrownBy(() -> w.put(-1)).isInstanceOf(ChannelException.class)
                    .hasMessageContaining("source.out").hasMessageContaining("space " + server.uri())
                    .hasMessageContaining("seq 40").hasMessageContaining("'-1'").hasMessageContaining("not deterministic");
        }
        try (Channel<Integer> ch = space.forResumedRun(Resumption.create()).open(SPEC)) {
            ChannelWriter<Integer> w = ch.writer();
            w.put(0);
            assertThatThrownBy(w::close).isInstanceOf(ChannelException.class)
                    .hasMessageContaining("ended the stream after 1 tokens, but 100 are stored");
        }
        assertThat(stored(100)).as("nothing stored was changed").isEqualTo(range(100));
    }

    @Test
    void heldIsRefusedWhileAnotherWriterHoldsTheChannel() throws Exception {
        try (Channel<Integer> ch = space.open(SPEC)) {
            ch.writer().put(1);
            try (RemoteSpace other = RemoteChannels.connect(server.uri())) {
                assertThatThrownBy(() -> other.held(SPEC)).isInstanceOf(ChannelException.class).hasMessageContaining("source.out");
            }
        }
    }

    private static List<Integer> range(int n) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(i);
        }
        return out;
    }
}
