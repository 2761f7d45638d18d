package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The put cache of the staged policies is bounded in bytes as well as in tokens
 * ({@link PersistentChannels.Builder#putCacheBytes}): large tokens leave the ring once they are on
 * disk, and a reader behind them reads them from the file.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PutCacheBytesTest {
    private static final int RING = 1024;
    private static final int TOKEN_BYTES = 4096;
    private static final long CACHE_BYTES = 64 << 10;
    /** The window the ring settles at: the cache's bytes over a token's, its length's two bytes included. */
    private static final long WINDOW = CACHE_BYTES / (TOKEN_BYTES + 2);

    @TempDir
    Path directory;

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"CACHED", "FAST_TRACK"})
    void largeTokensLeaveTheRingOnceTheyAreOnDiskAndAReaderBehindThemReadsThemFromTheFile(ChannelPolicy policy) throws Exception {
        int tokens = 3 * RING;
        try (Channel<byte[]> channel = open(policy)) {
            ChannelReader<byte[]> reader = channel.openReader("behind");
            for (int i = 0; i < tokens; i++) {
                channel.writer().put(token(i));
            }
            // At 4 KiB a token, the ring keeps the 15 or so latest, not the 1024 it has room for.
            assertThat(((StagedChannel<?>) channel).tokensInRing()).as("tokens the ring keeps")
                    .isBetween(policy == ChannelPolicy.FAST_TRACK ? 1 : 0, (int) WINDOW + 1);
            channel.writer().close();
            for (int i = 0; i < tokens; i++) {
                assertThat(reader.take()).as("token %d", i).isEqualTo(token(i));
            }
            assertThat(reader.take()).isNull();
            assertThat(reader.isEndOfStream()).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(value = ChannelPolicy.class, names = {"CACHED", "FAST_TRACK"})
    void smallTokensFillAFastTrackRingAndLeaveACachedOneOnceOnDisk(ChannelPolicy policy) throws Exception {
        try (Channel<byte[]> channel = PersistentChannels.builder(directory).policy(policy).putCache(RING)
                .putCacheBytes(CACHE_BYTES).build().open(new ChannelSpec<>("small", byte[].class, ChannelSpec.UNBOUNDED))) {
            for (int i = 0; i < 3 * RING; i++) {
                channel.writer().put(new byte[] {(byte) i});
            }
            // Every token on disk: a cached channel's readers read it from there.
            assertThat(((StagedChannel<?>) channel).appendWritten()).isTrue();
            // Three bytes a token: 64 KiB would hold far more than the ring's 1024 slots.
            assertThat(((StagedChannel<?>) channel).tokensInRing()).isEqualTo(policy == ChannelPolicy.FAST_TRACK ? RING : 0);
        }
    }

    @Test
    void aPutCacheOfNoBytesIsRefusedSayingSo() {
        assertThatThrownBy(() -> PersistentChannels.builder(directory).putCacheBytes(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("put cache bytes must be positive, was 0");
    }

    private Channel<byte[]> open(ChannelPolicy policy) throws Exception {
        return PersistentChannels.builder(directory).policy(policy).putCache(RING).putCacheBytes(CACHE_BYTES).build()
                .open(new ChannelSpec<>("large", byte[].class, ChannelSpec.UNBOUNDED));
    }

    /** Token {@code i}: 4 KiB, every byte telling which token it is. */
    private static byte[] token(int i) {
        byte[] bytes = new byte[TOKEN_BYTES];
        Arrays.fill(bytes, (byte) (i * 31));
        bytes[0] = (byte) i;
        bytes[1] = (byte) (i >> 8);
        return bytes;
    }
}
