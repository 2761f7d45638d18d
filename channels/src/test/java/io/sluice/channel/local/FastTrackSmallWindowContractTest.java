package io.sluice.channel.local;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The channel contract for the FAST_TRACK policy with a put cache of 64 tokens but only 256 bytes:
 * the ring keeps a few dozen of the latest tokens and empties the slots behind them, so readers
 * keep switching between the ring and the file, also under the contract's concurrent stress.
 */
class FastTrackSmallWindowContractTest extends ChannelContractTest {
    @TempDir
    Path directory;

    @Override
    protected ChannelFactory factory() {
        return PersistentChannels.builder(directory).policy(ChannelPolicy.FAST_TRACK)
                .tokensPerFile(1000).putCache(64).putCacheBytes(256).getCache(16).build();
    }

    @Override
    protected int stressTokens() {
        return 50_000;
    }
}
