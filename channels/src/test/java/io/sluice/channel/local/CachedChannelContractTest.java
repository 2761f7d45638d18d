package io.sluice.channel.local;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * The channel contract for the CACHED policy, with files of 1000 tokens and caches of 16, so that
 * the tests cross files and the caches overflow to disk.
 */
class CachedChannelContractTest extends ChannelContractTest {
    @TempDir
    Path directory;

    @Override
    protected ChannelFactory factory() {
        return PersistentChannels.builder(directory).policy(ChannelPolicy.CACHED)
                .tokensPerFile(1000).putCache(16).getCache(16).build();
    }

    @Override
    protected int stressTokens() {
        return 50_000;
    }
}
