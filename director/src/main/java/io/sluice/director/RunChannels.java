package io.sluice.director;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelStats;
import io.sluice.run.RunFailedException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The channels a run has opened, each with the capacity the run keeps it within, in the order
 * they were opened: one immutable list behind one reference.
 *
 * <p><b>Threads.</b> Only the run's supervisor adds to it ({@link RunSetUp}, as it opens each
 * channel) and closes it; any thread may read the channels opened so far ({@link #opened()},
 * {@link #stats()}), as {@link io.sluice.run.Run#channelStats()} and snapshots do.
 *
 * <p><b>Ownership.</b> A channel belongs to the run from the moment it is {@linkplain #add added},
 * which is at once after it opened: if setting the run up fails later (a reader that cannot be
 * opened, initial tokens that cannot be put), the channel is closed here with every other as the
 * run ends ({@link #closeAll}), and closing it releases the readers and writer opened on it.
 */
final class RunChannels {
    private static final Logger LOG = LoggerFactory.getLogger(RunChannels.class);

    /** A channel the run opened, and the capacity it keeps the channel within, or null if it does not bound it. */
    record OpenChannel(Channel<?> channel, ChannelBound bound) {
        /** The channel's counters, with the capacity the run keeps it within. */
        ChannelStats stats() {
            ChannelStats s = channel.stats();
            return bound == null ? s : bound.stats(s);
        }
    }

    private final String runId;
    /** Replaced whole by the supervisor as channels open; read by any thread. */
    private volatile List<OpenChannel> opened = List.of();

    RunChannels(String runId) {
        this.runId = runId;
    }

    /**
     * Adds {@code channel}, opened just now and not bounded (yet), and returns it as added; the run
     * closes it from now on. On the supervisor.
     */
    OpenChannel add(Channel<?> channel) {
        OpenChannel open = new OpenChannel(channel, null);
        List<OpenChannel> next = new ArrayList<>(opened);
        next.add(open);
        opened = List.copyOf(next);
        return open;
    }

    /** Keeps the channel added last within {@code bound}, and returns it so bounded; on the supervisor. */
    OpenChannel boundLast(ChannelBound bound) {
        List<OpenChannel> next = new ArrayList<>(opened);
        OpenChannel open = new OpenChannel(next.get(next.size() - 1).channel(), bound);
        next.set(next.size() - 1, open);
        opened = List.copyOf(next);
        return open;
    }

    /** The channels opened so far; any thread. */
    List<OpenChannel> opened() {
        return opened;
    }

    /**
     * The counters of every channel opened so far; any thread.
     *
     * @throws RuntimeException what a channel that cannot tell its counters (a closed one, say) throws
     */
    List<ChannelStats> stats() {
        return opened.stream().map(OpenChannel::stats).toList();
    }

    /** The counters of the channels, read before they are closed; a channel that cannot tell is logged and left out. */
    List<ChannelStats> statsBeforeClosing() {
        List<ChannelStats> stats = new ArrayList<>();
        for (OpenChannel open : opened) {
            try {
                stats.add(open.stats());
            } catch (RuntimeException e) {
                LOG.warn("run {}: channel '{}' cannot report its counters: {}", runId, open.channel().name(), e.toString());
            }
        }
        return stats;
    }

    /**
     * Closes every channel opened, on the supervisor as the run ends, once no actor uses them. A
     * channel that fails to close is handed to {@code failed}, which must not throw, and the
     * others are closed still.
     */
    void closeAll(Consumer<RunFailedException> failed) {
        for (OpenChannel open : opened) {
            Channel<?> channel = open.channel();
            try {
                channel.close();
            } catch (RuntimeException e) {
                failed.accept(new RunFailedException("channel '" + channel.name() + "' failed to close: " + e, e));
            }
        }
    }
}
