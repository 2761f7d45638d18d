package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.memory.MemoryChannels;
import org.junit.jupiter.api.Test;

class MemoryChannelContractTest extends ChannelContractTest {

    @Override
    protected ChannelFactory factory() {
        return MemoryChannels.factory();
    }

    @Test
    void readersMustBeOpenedBeforeTheFirstPut() throws Exception {
        Channel<Integer> ch = unbounded("late");
        ch.openReader("early");
        ch.writer().put(1);
        assertThatThrownBy(() -> ch.openReader("late-reader"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("memory channel 'late' cannot add reader 'late-reader'");
    }

    @Test
    void theFactoryIsNamed() {
        assertThat(factory().name()).isEqualTo("memory");
    }
}
