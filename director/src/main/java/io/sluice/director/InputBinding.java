package io.sluice.director;

import io.sluice.actor.InputPort;
import io.sluice.channel.ChannelReader;

/** An input port of an actor in a run, bound to its reader. */
final class InputBinding {
    final InputPort<?> port;
    final ChannelReader<?> reader;
    final String channel;
    /** The name its reader was opened with, {@code actor.port}: checkpoints name the reader so. */
    final String readerName;
    /** The actor that writes the channel; set once every runtime exists. */
    ActorRuntime writer;
    /** The actor that owns this input. */
    ActorRuntime owner;
    /** This input's place among its owner's inputs ({@link ActorRuntime#inputs}). */
    int slot;
    /** How many tokens the owner has taken through this input in this run; only its thread uses it. */
    long taken;
    /** The firing the next token taken belongs to if it follows the previous one's: see {@link PortTally}. */
    long nextFiring;
    /** Where tokens that do not follow are noted while firings are recorded; else null. */
    PortTally tally;
    /** The capacity the run keeps the channel within, told of each token taken; null if the run does not bound it. */
    ChannelBound bound;

    InputBinding(InputPort<?> port, ChannelReader<?> reader, String channel, String readerName) {
        this.port = port;
        this.reader = reader;
        this.channel = channel;
        this.readerName = readerName;
    }

    /** Counts a token the owner takes in firing {@code firing}, once taken; on its thread. */
    void count(long firing) {
        if (firing != nextFiring && tally != null) {
            tally.note(firing, taken);
        }
        nextFiring = firing + 1;
        taken++;
        if (bound != null) {
            bound.readerMoved(reader.position());
        }
    }
}
