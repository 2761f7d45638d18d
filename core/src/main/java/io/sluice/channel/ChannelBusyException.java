package io.sluice.channel;

import java.nio.file.Path;

/**
 * A channel could not be opened for writing because another writer holds it: a writer in another
 * process, another writer in this one, or this process repairing what a killed writer left. The
 * holder is the one who lets it go; trying again later may succeed, and nothing stored was
 * touched.
 */
public class ChannelBusyException extends ChannelException {
    private static final long serialVersionUID = 1L;

    /**
     * @param channel the channel's name
     * @param file the file or directory involved, or null
     * @param problem who holds it, as far as known
     */
    public ChannelBusyException(String channel, Path file, String problem) {
        super(channel, file, problem, null);
    }
}
