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
    /** How many tokens the owner has taken through this input in this run; only its thread uses it. */
    long taken;

    InputBinding(InputPort<?> port, ChannelReader<?> reader, String channel, String readerName) {
        this.port = port;
        this.reader = reader;
        this.channel = channel;
        this.readerName = readerName;
    }
}
