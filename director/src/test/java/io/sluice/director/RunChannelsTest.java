package io.sluice.director;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;
import io.sluice.run.RunFailedException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The channels a run opened ({@link RunChannels}): read as they were when asked, counted before
 * closing without the ones that cannot tell, and every one closed even when one fails to close.
 */
class RunChannelsTest {
    private final RunChannels channels = new RunChannels("r1");

    @Test
    void theChannelsOpenedSoFarAreAValueThatLaterOpeningsLeaveAlone() {
        channels.add(new FakeChannel("a"));
        List<RunChannels.OpenChannel> before = channels.opened();
        channels.add(new FakeChannel("b"));

        assertThat(before).extracting(o -> o.channel().name()).containsExactly("a");
        assertThat(channels.opened()).extracting(o -> o.channel().name()).containsExactly("a", "b");
        assertThat(channels.opened()).allSatisfy(o -> assertThat(o.bound()).isNull());
    }

    @Test
    void aChannelThatCannotTellItsCountersIsLeftOutBeforeClosing() {
        channels.add(new FakeChannel("a"));
        FakeChannel mute = new FakeChannel("b");
        mute.statsFail = true;
        channels.add(mute);
        channels.add(new FakeChannel("c"));

        assertThat(channels.statsBeforeClosing()).extracting(ChannelStats::channel).containsExactly("a", "c");
        assertThatThrownBy(channels::stats).as("the counters a run is asked for").isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyChannelIsClosedEvenWhenOneFailsToClose() {
        FakeChannel a = new FakeChannel("a");
        FakeChannel b = new FakeChannel("b");
        FakeChannel c = new FakeChannel("c");
        b.closeFails = true;
        channels.add(a);
        channels.add(b);
        channels.add(c);
        List<RunFailedException> failures = new ArrayList<>();

        channels.closeAll(failures::add);

        assertThat(List.of(a, b, c)).allSatisfy(ch -> assertThat(ch.closeCalls).as(ch.name()).isEqualTo(1));
        assertThat(failures).singleElement().satisfies(e -> assertThat(e.getMessage()).contains("channel 'b' failed to close"));
    }

    /** A channel that only counts its closes, and fails to close or to tell its counters when asked to. */
    private static final class FakeChannel implements Channel<Object> {
        private final String name;
        boolean statsFail;
        boolean closeFails;
        int closeCalls;

        FakeChannel(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public Class<Object> type() {
            return Object.class;
        }

        @Override
        public ChannelWriter<Object> writer() {
            throw new UnsupportedOperationException();
        }

        @Override
        public ChannelReader<Object> openReader(String readerName) {
            throw new UnsupportedOperationException();
        }

        @Override
        public ChannelStats stats() {
            if (statsFail) {
                throw new IllegalStateException("channel '" + name + "' is closed");
            }
            return new ChannelStats(name, 0, 0, 0);
        }

        @Override
        public void close() {
            closeCalls++;
            if (closeFails) {
                throw new IllegalStateException("disk gone");
            }
        }
    }
}
