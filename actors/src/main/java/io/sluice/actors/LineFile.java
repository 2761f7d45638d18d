package io.sluice.actors;

import io.sluice.actor.ActorContext;
import java.io.IOException;
import java.io.Writer;

/**
 * The file a writing actor ({@link Display}, {@link LineWriter}) writes each token's text to, one
 * line each: opened at initialisation in the run's work directory under the actor's file
 * parameter, closed at wrap-up. Used by its actor's thread only.
 */
final class LineFile {
    private final String parameter;
    private final boolean append;
    private final boolean flushEachLine;
    private Writer out;

    /**
     * @param parameter the actor's parameter that declares the file ({@link io.sluice.actor.WritesFiles})
     * @param append whether to add to the file instead of replacing it
     * @param flushEachLine whether each line reaches the file at once, so that it shows the run's progress
     */
    LineFile(String parameter, boolean append, boolean flushEachLine) {
        this.parameter = parameter;
        this.append = append;
        this.flushEachLine = flushEachLine;
    }

    /** Opens the file the run checked for the parameter; a FileOutputStream is not closed by a thread interrupt. */
    void open(ActorContext context) throws IOException {
        out = TextFiles.openWriter(parameter, context.outputFile(parameter), append);
    }

    /** Writes {@code token}'s text and a line break. */
    void write(Object token) throws IOException {
        out.write(String.valueOf(token));
        out.write('\n');
        if (flushEachLine) {
            out.flush();
        }
    }

    /** Flushes and closes the file, if it was opened. */
    void close() throws IOException {
        if (out != null) {
            out.close();
        }
    }
}
