package io.sluice.channels;

import java.util.ArrayList;
import java.util.List;

/**
 * What resuming a run over persistent channels found and did, channel by channel: give one to
 * {@link PersistentChannels.Builder#resume} and read it during or after the run.
 *
 * <p>A resumed run replays its workflow from the first firing. A channel that already holds
 * tokens keeps them: its writer's puts of those tokens are compared with them and skipped (see
 * {@link PersistentChannels.Builder#resume}), and only what comes after them is written.
 *
 * <p><b>Threading.</b> Safe for any thread; the counts are read as they are at that moment.
 */
public final class Resumption {
    private final List<ReplayingWriter<?>> writers = new ArrayList<>();

    private Resumption() {}

    /** A new, empty record of a resumption. */
    public static Resumption create() {
        return new Resumption();
    }

    synchronized void add(ReplayingWriter<?> writer) {
        writers.add(writer);
    }

    /** The channels that held tokens when the run resumed, in the order they were opened. */
    public synchronized List<ResumedChannel> channels() {
        return writers.stream()
                .map(w -> new ResumedChannel(w.channel(), w.durable().tokens(), w.durable().ended(), w.replayed()))
                .toList();
    }

    /**
     * One channel of a resumed run.
     *
     * @param channel the channel's name
     * @param durableTokens the tokens it held when the run resumed
     * @param durableEnded whether its stream had ended then
     * @param verified the durable tokens the replay has put again so far, each compared with the
     *     stored one and skipped; all of them once the writer is done
     */
    public record ResumedChannel(String channel, long durableTokens, boolean durableEnded, long verified) {}
}
