package io.sluice.director;

import io.sluice.actor.OutputPort;
import io.sluice.channel.ChannelWriter;
import java.util.List;

/** An output port of an actor in a run, bound to its channel's writer. */
final class OutputBinding {
    final OutputPort<?> port;
    final ChannelWriter<Object> writer;
    final String channel;
    /** The inputs that read the channel (empty for an unconnected output). */
    final List<InputBinding> readers;
    /** The capacity the run keeps the channel within; null if the run does not bound it. */
    final ChannelBound bound;
    /** Whether {@link #bound} bounds the channel in bytes, so that each token put must be sized for it; decided at open. */
    final boolean countsBytes;
    /** How many tokens the actor has put through this output in this run; only its thread uses it. */
    long put;
    /** The firing the next token put belongs to if it follows the previous one's: see {@link PortTally}. */
    long nextFiring;
    /** Where tokens that do not follow are noted while firings are recorded; else null. */
    PortTally tally;

    OutputBinding(OutputPort<?> port, ChannelWriter<Object> writer, String channel, List<InputBinding> readers,
            ChannelBound bound) {
        this.port = port;
        this.writer = writer;
        this.channel = channel;
        this.readers = readers;
        this.bound = bound;
        this.countsBytes = bound != null && bound.boundedInBytes();
    }

    /** Counts a token the actor puts in firing {@code firing}; on its thread. */
    void count(long firing) {
        if (firing != nextFiring && tally != null) {
            tally.note(firing, put);
        }
        nextFiring = firing + 1;
        put++;
    }
}
