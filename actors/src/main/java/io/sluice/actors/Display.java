package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.Port;
import io.sluice.actor.WritesFiles;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes each token's text ({@code String.valueOf(token)}) as one line to a UTF-8 file: the
 * stand-in for Ptolemy's {@code Display} window. Type name {@value #TYPE}. Puts nothing.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@code Object}).
 *
 * <p><b>Parameters.</b> {@value #FILE} (default {@value #DEFAULT_FILE}): resolved against the
 * run's work directory. It is declared under that parameter ({@link WritesFiles}), so a run
 * refuses a file outside its work directory unless it allows writes there.
 *
 * <p><b>The file.</b> It is created, or emptied, when the actor is initialised; each line is
 * flushed to it as it is written, so that the file shows the tokens taken so far while the run
 * goes on (a token whose text holds line breaks takes several lines); it is closed at wrap-up,
 * also when the run fails. The actor owns it: nothing else should write to it during the run.
 * A resumed run writes it anew from the first token.
 *
 * <p><b>Failure.</b> An {@link IOException} when the file cannot be opened or written fails the
 * run, naming this actor.
 */
public final class Display implements Actor, WritesFiles {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "display";
    /** The parameter that names the file, in JSON workflows and in messages. */
    public static final String FILE = "file";
    /** The file name used when none is given. */
    public static final String DEFAULT_FILE = "display.txt";
    /** The tokens to show. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);

    private final String fileName;
    private final LineFile file;

    /** Writes to {@value #DEFAULT_FILE} in the run's work directory. */
    public Display() {
        this(DEFAULT_FILE);
    }

    /**
     * @param fileName a file name or path, resolved against the run's work directory; a run refuses
     *     one outside it unless it allows writes outside its work directory
     */
    public Display(String fileName) {
        this.fileName = Objects.requireNonNull(fileName, FILE);
        this.file = new LineFile(FILE, false, true);
    }

    /** The file name or path, relative to the run's work directory, this actor writes to. */
    public String fileName() {
        return fileName;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT);
    }

    @Override
    public Map<String, String> outputFiles() {
        return Map.of(FILE, fileName);
    }

    @Override
    public void initialize(ActorContext context) throws IOException {
        file.open(context);
    }

    @Override
    public void fire(FiringContext context) throws IOException {
        file.write(context.take(INPUT));
    }

    @Override
    public void wrapUp(ActorContext context) throws IOException {
        file.close();
    }

    @Override
    public String toString() {
        return "Display[" + fileName + "]";
    }
}
