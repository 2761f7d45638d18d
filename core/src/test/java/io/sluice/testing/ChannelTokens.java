package io.sluice.testing;

import io.sluice.channel.ChannelReader;
import java.util.ArrayList;
import java.util.List;

/** The tokens a channel holds, for tests that compare channels. */
public final class ChannelTokens {
    private ChannelTokens() {}

    /** Every token {@code reader} gives until it has none now, in order; closes the reader. */
    public static List<Object> drain(ChannelReader<?> reader) {
        try (reader) {
            List<Object> out = new ArrayList<>();
            for (Object t = reader.poll(); t != null; t = reader.poll()) {
                out.add(t);
            }
            return out;
        }
    }
}
