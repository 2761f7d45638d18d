package io.sluice.channel;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A channel could not do what was asked because of its storage or transport: a file that is
 * missing, corrupt or truncated, a full disk, a lock held by another process. The message names
 * the channel and, where there is one, the file, on one line (a problem given on several lines,
 * such as a library's dump of the bytes it could not parse, is cut at its first line break; the
 * cause keeps the rest). Tokens written before the fault stay readable.
 */
public class ChannelException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String channel;
    private final transient Path file;

    /**
     * @param channel the channel's name
     * @param file the file or directory involved, or null
     * @param problem what went wrong
     * @param cause the underlying error, or null
     */
    public ChannelException(String channel, Path file, String problem, Throwable cause) {
        super("channel '" + channel + "'" + (file == null ? "" : " (" + file + ")") + ": " + firstLine(problem), cause);
        this.channel = channel;
        this.file = file;
    }

    private static String firstLine(String problem) {
        int end = problem == null ? -1 : problem.indexOf('\n');
        return end < 0 ? problem : problem.substring(0, end).stripTrailing() + " ...";
    }

    /** The channel's name. */
    public String channel() {
        return channel;
    }

    /** The file or directory involved, if any. */
    public Optional<Path> file() {
        return Optional.ofNullable(file);
    }
}
