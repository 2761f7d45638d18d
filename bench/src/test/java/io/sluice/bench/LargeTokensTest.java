package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The heap-flat page's workflow of large tokens: every token reaches the sink, and a byte bound holds its channels. */
class LargeTokensTest {

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aByteBoundHoldsTheChannelsOfLargeTokens() throws Exception {
        RunResult result = Directors.dataDriven().run(LargeTokens.workflow(400, 7), RunConfig.builder().memoryCapacityBytes(1 << 20).build());
        assertThat(result.channel("copy.out").orElseThrow().tokensWritten()).isEqualTo(400);
        // 1 MiB over 65,552 bytes a token: 16 tokens at most.
        assertThat(result.channel("source.out").orElseThrow().peakDepth()).isBetween(1L, 16L);
        assertThat(result.channel("copy.out").orElseThrow().peakDepth()).isBetween(1L, 16L);
        assertThat(Variants.WORKFLOWS).containsKey("large-tokens");
        assertThat(Variants.channels("memory-tokens").memoryCapacityBytes()).isEqualTo(io.sluice.channel.ChannelSpec.UNBOUNDED_BYTES);
    }
}
