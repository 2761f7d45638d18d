package io.sluice.provenance;

import java.util.List;

/**
 * A channel of a recorded run's workflow, as its {@code run.json} describes it.
 *
 * @param name the channel's name
 * @param type the class name of its tokens
 * @param writer the port that writes it, as {@code actor.port}
 * @param readers the ports that read it, as {@code actor.port}; empty if none does
 * @param initialTokens how many tokens it held before any firing, produced by none
 */
public record RecordedChannel(String name, String type, String writer, List<String> readers, int initialTokens) {
    public RecordedChannel {
        readers = List.copyOf(readers);
    }
}
