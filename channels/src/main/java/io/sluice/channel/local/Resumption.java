package io.sluice.channel.local;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * How a run resumes over the persistent channels a killed run left, and what it found and did,
 * channel by channel: give one to {@link PersistentChannels.Builder#resume} and read it during or
 * after the run.
 *
 * <p>A channel that already holds tokens keeps them. Its writer starts at 0, or where its actor
 * restarts from a checkpoint ({@link #from(CheckpointLog)}); from there its puts of the stored
 * tokens are compared with them and skipped, and only what comes after them is written. Its
 * readers start at 0, or where their actors restart.
 *
 * <p><b>Threading.</b> Safe for any thread; the counts are read as they are at that moment.
 */
public final class Resumption {
    private final CheckpointLog checkpoints;
    private final List<Supplier<ResumedChannel>> writers = new ArrayList<>();

    private Resumption(CheckpointLog checkpoints) {
        this.checkpoints = checkpoints;
    }

    /** A resumption that replays every actor from its first firing. */
    public static Resumption create() {
        return new Resumption(null);
    }

    /**
     * A resumption that opens each channel's writer and readers where their actors restart: at
     * the restart points of {@code checkpoints} (and at 0 for actors that have none). Give the
     * same log to the run ({@code RunConfig.Builder.checkpoints}), which restarts the actors there.
     */
    public static Resumption from(CheckpointLog checkpoints) {
        return new Resumption(Objects.requireNonNull(checkpoints, "checkpoints"));
    }

    /**
     * The seq the writer of {@code channel} starts at: where its actor restarts, or 0. A channel
     * factory that resumes channels kept elsewhere (a space's) opens their writers here too.
     */
    public long writerStart(String channel) {
        return checkpoints == null ? 0 : checkpoints.writerStart(channel);
    }

    /** The seq the reader named {@code reader} ({@code actor.port}) starts at: where its actor restarts, or 0. */
    public long readerStart(String reader) {
        return checkpoints == null ? 0 : checkpoints.readerStart(reader);
    }

    /**
     * Adds a channel that held tokens when the run resumed to {@link #channels()}: for a channel
     * factory that resumes channels kept elsewhere (a space's). {@code channel} gives the
     * channel's figures as they are when asked, from any thread.
     */
    public synchronized void add(Supplier<ResumedChannel> channel) {
        writers.add(Objects.requireNonNull(channel, "channel"));
    }

    /** The channels that held tokens when the run resumed, in the order they were opened. */
    public synchronized List<ResumedChannel> channels() {
        return writers.stream().map(Supplier::get).toList();
    }

    /**
     * One channel of a resumed run.
     *
     * @param channel the channel's name
     * @param durableTokens the tokens it held when the run resumed
     * @param durableEnded whether its stream had ended then
     * @param skipped the durable tokens its writer did not put again, because it restarted from a
     *     checkpoint past them
     * @param verified the durable tokens the replay has put again so far, each compared with the
     *     stored one and skipped; all of them, less those skipped, once the writer is done
     */
    public record ResumedChannel(String channel, long durableTokens, boolean durableEnded, long skipped, long verified) {}
}
