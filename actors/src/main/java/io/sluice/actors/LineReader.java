package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Resumable;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Puts the lines of a UTF-8 text file on {@code output}, one per firing (Ptolemy's
 * {@code ptolemy.actor.lib.io.LineReader}). Type name {@value #TYPE}.
 *
 * <p><b>Ports.</b> {@link #OUTPUT} ({@code output}, {@code String}): each line without its line
 * terminator ({@code \n}, {@code \r\n} or {@code \r}), otherwise verbatim (a byte order mark at the
 * start of the file stays in the first line).
 *
 * <p><b>Parameters.</b> {@value #FILE} (required): the file to read; in a JSON workflow a relative
 * path is resolved against the workflow file's directory, in Java against the current directory.
 * {@value #NUMBER_OF_LINES_TO_SKIP} (0 or more, default 0): lines at the start of the file that
 * are not put, such as a header. {@value #FIRING_COUNT_LIMIT} (0 or more, default 0 for every
 * line): how many lines to put at most.
 *
 * <p><b>The file.</b> It is opened when the actor is initialised, which skips the lines to skip
 * and reads the first line to put; each firing puts one line and reads the next, so the actor
 * reads one line ahead of what it has put. It is closed at wrap-up, which the director calls
 * whatever happened, also when initialisation or a firing failed. Lines are read as the run goes,
 * so a file of any size takes little memory.
 *
 * <p><b>End.</b> It finishes, ending its output, in the firing that puts the last line of the
 * file or the {@code firingCountLimit}-th line, whichever comes first; a file with no line to put
 * (empty, or all skipped) finishes in its first firing, putting nothing.
 *
 * <p><b>Resuming.</b> It is {@link Resumable}: its snapshot is how many lines it has put, and a
 * resumed run opens the file again and reads past them, rather than putting every lines again
 * (which the run would compare and skip). The file must still hold them.
 *
 * <p><b>Threading.</b> As every actor: the director calls its methods one at a time, on a thread
 * of the run's.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid. Initialisation fails with an {@link IOException} naming the file and the
 * parameter {@code file} if the file does not exist, is a directory or cannot be read. A read
 * that fails, or meets bytes that are not UTF-8, fails the initialisation or the firing with an
 * {@link IOException} naming the file and the line.
 */
public final class LineReader implements Actor, Resumable {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "line-reader";
    /** The parameter that names the file. */
    public static final String FILE = "file";
    /** The parameter that gives the number of lines to skip at the start of the file. */
    public static final String NUMBER_OF_LINES_TO_SKIP = "numberOfLinesToSkip";
    /** The parameter that gives the number of lines to put; 0 for every line. */
    public static final String FIRING_COUNT_LIMIT = "firingCountLimit";
    /** The lines. */
    public static final OutputPort<String> OUTPUT = Port.output("output", String.class);

    private final Path file;
    private final long numberOfLinesToSkip;
    private final long firingCountLimit;
    private final ReadAhead<String> lines;
    private BufferedReader reader;
    /** The lines read from the file so far, skipped ones included. */
    private long linesRead;

    /**
     * Puts every line of {@code file}.
     *
     * @param file the file to read; a relative path is resolved against the current directory
     */
    public LineReader(Path file) {
        this(file, 0, 0);
    }

    /**
     * @param file the file to read; a relative path is resolved against the current directory
     * @param numberOfLinesToSkip how many lines at the start of the file not to put
     * @param firingCountLimit how many lines to put at most; 0 for every line
     * @throws IllegalArgumentException naming the parameter if a count is negative
     * @throws NullPointerException if {@code file} is null
     */
    public LineReader(Path file, long numberOfLinesToSkip, long firingCountLimit) {
        this.file = Objects.requireNonNull(file, FILE);
        this.numberOfLinesToSkip = Tokens.nonNegative(NUMBER_OF_LINES_TO_SKIP, numberOfLinesToSkip);
        this.firingCountLimit = Tokens.nonNegative(FIRING_COUNT_LIMIT, firingCountLimit);
        this.lines = new ReadAhead<>(this.firingCountLimit, "lines");
    }

    /** The file this actor reads. */
    public Path file() {
        return file;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(OUTPUT);
    }

    @Override
    public void initialize(ActorContext context) throws IOException {
        reader = TextFiles.openReader(FILE, file);
        linesRead = 0;
        boolean more = true;
        for (long i = 0; i < numberOfLinesToSkip && more; i++) {
            more = readLine() != null;
        }
        lines.start(more ? this::readLine : () -> null);
    }

    @Override
    public void fire(FiringContext context) throws IOException {
        lines.fire(context, OUTPUT);
    }

    /** How many lines it has put. */
    @Override
    public byte[] snapshot() {
        return lines.snapshot();
    }

    /**
     * Opens the file again, as {@link #initialize} does, and reads past the lines the snapshot
     * counts as put.
     *
     * @throws IOException naming the file if it has fewer lines to put than the snapshot counts,
     *     or cannot be read
     * @throws IllegalArgumentException if the snapshot is not one of this type's
     */
    @Override
    public void resume(ActorContext context, byte[] snapshot) throws IOException {
        lines.resume(snapshot, this, () -> initialize(context), file);
    }

    private String readLine() throws IOException {
        try {
            String line = reader.readLine();
            if (line != null) {
                linesRead++;
            }
            return line;
        } catch (IOException e) {
            throw TextFiles.readFailed(file, linesRead + 1, e);
        }
    }

    @Override
    public void wrapUp(ActorContext context) throws IOException {
        if (reader != null) {
            reader.close();
        }
    }

    @Override
    public String toString() {
        return "LineReader[" + file + (numberOfLinesToSkip > 0 ? ", skip " + numberOfLinesToSkip : "")
                + (firingCountLimit > 0 ? ", limit " + firingCountLimit : "") + "]";
    }
}
