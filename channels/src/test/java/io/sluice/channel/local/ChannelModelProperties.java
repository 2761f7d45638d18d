package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.memory.MemoryChannels;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * A memory channel behaves like a list with one cursor per reader, under any sequence of puts,
 * polls and closes, whatever capacity its spec gives, opened for any threads or single-threaded:
 * checked against that model on one thread.
 */
class ChannelModelProperties {

    /** An operation: 0 = put, 1..readers = poll by reader (op - 1). */
    @Provide
    Arbitrary<List<Integer>> operations() {
        return Arbitraries.integers().between(0, 3).list().ofMaxSize(300);
    }

    @Property(tries = 300)
    void behavesLikeAListWithCursors(@ForAll("operations") List<Integer> ops,
            @ForAll @IntRange(min = 1, max = 5) int capacity, @ForAll boolean bounded, @ForAll boolean singleThreaded)
            throws Exception {
        int cap = bounded ? capacity : ChannelSpec.UNBOUNDED;
        ChannelSpec<Integer> spec = new ChannelSpec<>("model", Integer.class, cap);
        try (Channel<Integer> ch = singleThreaded ? MemoryChannels.factory().openSingleThreaded(spec)
                : MemoryChannels.factory().open(spec)) {
            List<ChannelReader<Integer>> readers = List.of(ch.openReader("r0"), ch.openReader("r1"), ch.openReader("r2"));
            List<Integer> written = new ArrayList<>();
            int[] cursor = new int[readers.size()];
            long peak = 0;
            for (int op : ops) {
                if (op == 0) {
                    int min = Math.min(cursor[0], Math.min(cursor[1], cursor[2]));
                    long seq = ch.writer().put(written.size());
                    assertThat(seq).isEqualTo(written.size());
                    written.add(written.size());
                    peak = Math.max(peak, written.size() - min);
                } else {
                    int r = op - 1;
                    Integer token = readers.get(r).poll();
                    if (cursor[r] < written.size()) {
                        assertThat(token).isEqualTo(written.get(cursor[r]++));
                    } else {
                        assertThat(token).isNull();
                    }
                    assertThat(readers.get(r).position()).isEqualTo(cursor[r]);
                }
            }
            assertThat(ch.stats().tokensWritten()).isEqualTo(written.size());
            assertThat(ch.stats().peakDepth()).isEqualTo(peak);
            ch.writer().close();
            for (int r = 0; r < readers.size(); r++) {
                for (int i = cursor[r]; i < written.size(); i++) {
                    assertThat(readers.get(r).poll()).isEqualTo(written.get(i));
                }
                assertThat(readers.get(r).isEndOfStream()).isTrue();
            }
        }
    }
}
