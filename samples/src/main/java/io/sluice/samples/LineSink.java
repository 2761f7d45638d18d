package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.Port;
import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes every token, one per line ({@code toString()} then {@code \n}), to a UTF-8 file in the
 * run's work directory ({@code result.txt} by default). The file is created (or replaced) when the
 * actor is initialised and flushed and closed at wrap-up, also when the run fails, so that every
 * line taken so far is kept.
 */
public final class LineSink implements Actor {
    public static final InputPort<Object> IN = Port.input("in", Object.class);
    /** The file name used when none is given. */
    public static final String DEFAULT_FILE = "result.txt";

    private final String fileName;
    private Writer out;

    /** Writes to {@code result.txt} in the work directory. */
    public LineSink() {
        this(DEFAULT_FILE);
    }

    /** @param fileName a file name or path, resolved against the run's work directory */
    public LineSink(String fileName) {
        this.fileName = fileName;
    }

    /** The file name or path, relative to the run's work directory, this sink writes to. */
    public String fileName() {
        return fileName;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(IN);
    }

    @Override
    public void initialize(ActorContext context) throws IOException {
        Path file = context.workDirectory().resolve(fileName);
        // A FileOutputStream, unlike an NIO channel, is not closed by a thread interrupt.
        out = new BufferedWriter(new OutputStreamWriter(new FileOutputStream(file.toFile()), StandardCharsets.UTF_8), 1 << 16);
    }

    @Override
    public void fire(FiringContext context) throws IOException {
        out.write(context.take(IN).toString());
        out.write('\n');
    }

    @Override
    public void wrapUp(ActorContext context) throws IOException {
        if (out != null) {
            out.close();
        }
    }
}
