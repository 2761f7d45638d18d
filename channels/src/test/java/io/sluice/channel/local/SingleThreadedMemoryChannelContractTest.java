package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.memory.MemoryChannels;
import org.junit.jupiter.api.Test;

/**
 * The channel contract, and the memory channel's, for memory channels opened single-threaded
 * ({@link ChannelFactory#openSingleThreaded}). The contract's tests with readers on other threads
 * hold too: such a reader is not woken, but finds its tokens by looking again.
 */
class SingleThreadedMemoryChannelContractTest extends MemoryChannelContractTest {

    /** The memory factory, each channel opened single-threaded. */
    @Override
    protected ChannelFactory factory() {
        return new ChannelFactory() {
            @Override
            public <T> Channel<T> open(ChannelSpec<T> spec) throws java.io.IOException {
                return MemoryChannels.factory().openSingleThreaded(spec);
            }

            @Override
            public String name() {
                return MemoryChannels.factory().name();
            }
        };
    }

    @Test
    void thePeakDepthIsExactWhenReadersKeepUp() throws Exception {
        Channel<Integer> ch = unbounded("c");
        ChannelReader<Integer> a = ch.openReader("a");
        ChannelReader<Integer> b = ch.openReader("b");
        for (int i = 0; i < 5000; i++) {
            ch.writer().put(i);
            assertThat(a.poll()).isEqualTo(i);
            assertThat(b.poll()).isEqualTo(i);
        }
        assertThat(ch.stats().peakDepth()).isEqualTo(1);
        ch.writer().put(1);
        ch.writer().put(2);
        a.poll();
        ch.writer().put(3);
        assertThat(ch.stats().peakDepth()).as("b took none of the last three").isEqualTo(3);
    }

    @Test
    void theMemoryFactoryOpensItSingleThreadedAndSaysSo() throws Exception {
        try (Channel<Integer> ch = MemoryChannels.factory().openSingleThreaded(ChannelSpec.unbounded("one", Integer.class))) {
            assertThat(ch.toString()).contains("single-threaded").contains("one");
            assertThat(ch.onHeap()).isTrue();
        }
    }

    @Test
    void aFactoryThatHasNoSingleThreadedChannelsOpensItsOwn() throws Exception {
        ChannelFactory plain = new ChannelFactory() {
            @Override
            public <T> Channel<T> open(ChannelSpec<T> spec) throws java.io.IOException {
                return MemoryChannels.factory().open(spec);
            }

            @Override
            public String name() {
                return "plain";
            }
        };
        try (Channel<Integer> ch = plain.openSingleThreaded(ChannelSpec.unbounded("p", Integer.class))) {
            assertThat(ch.toString()).doesNotContain("single-threaded");
        }
    }

    @Test
    void persistentChannelsOpenAMemoryPolicyChannelSingleThreaded(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        ChannelFactory persistent = PersistentChannels.builder(dir).build();
        try (Channel<Integer> ch = persistent.openSingleThreaded(
                new ChannelSpec<>("m", Integer.class, ChannelSpec.UNBOUNDED, io.sluice.channel.ChannelPolicy.MEMORY))) {
            assertThat(ch.toString()).contains("single-threaded");
        }
    }
}
