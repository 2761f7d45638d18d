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
 * Writes each token's text ({@code String.valueOf(token)}, as {@link Display} does) as one line
 * of a UTF-8 file (Ptolemy's {@code ptolemy.actor.lib.io.LineWriter}). Type name
 * {@value #TYPE}. Puts nothing.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@code Object}).
 *
 * <p><b>Parameters.</b> {@value #FILE} (required): resolved against the run's work directory. It
 * is declared under that parameter ({@link WritesFiles}), so a run refuses a file outside its work
 * directory unless it allows writes there. {@value #APPEND} (default false): add to the end of
 * the file instead of replacing it.
 *
 * <p><b>The file.</b> It is opened when the actor is initialised: created if absent, emptied unless
 * {@code append}; its directory must exist. Each token's text is followed by {@code \n} (a text
 * holding line breaks takes several lines). Lines are buffered, not flushed one by one as
 * {@link Display} does: the file is complete once the actor is wrapped up, which flushes and
 * closes it whatever happened, also when the run fails. The actor owns the file: nothing else
 * should write to it during the run. It is not {@link io.sluice.actor.Resumable}: a resumed run
 * writes it anew from the first token, and with {@code append} adds every token again.
 *
 * <p><b>Threading.</b> As every actor: the director calls its methods one at a time, on a thread
 * of the run's.
 *
 * <p><b>Failure.</b> The constructor throws {@link NullPointerException} naming the parameter
 * {@code file} if it is null. An {@link IOException} when the file cannot be opened (naming it and
 * the parameter), written or closed fails the run, naming this actor.
 */
public final class LineWriter implements Actor, WritesFiles {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "line-writer";
    /** The parameter that names the file, in JSON workflows and in messages. */
    public static final String FILE = "file";
    /** The parameter that says whether to append to the file instead of replacing it. */
    public static final String APPEND = "append";
    /** The tokens to write. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);

    private final String fileName;
    private final boolean append;
    private final LineFile file;

    /**
     * @param fileName a file name or path, resolved against the run's work directory; a run refuses
     *     one outside it unless it allows writes outside its work directory
     * @param append whether to add to the end of the file instead of replacing it
     */
    public LineWriter(String fileName, boolean append) {
        this.fileName = Objects.requireNonNull(fileName, FILE);
        this.append = append;
        this.file = new LineFile(FILE, append, false);
    }

    /** The file name or path, relative to the run's work directory, this actor writes to. */
    public String fileName() {
        return fileName;
    }

    /** Whether it appends to the file instead of replacing it. */
    public boolean appends() {
        return append;
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
        return "LineWriter[" + fileName + (append ? ", appending" : "") + "]";
    }
}
