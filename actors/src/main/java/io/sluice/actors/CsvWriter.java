package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.Port;
import io.sluice.actor.WritesFiles;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes each token as a row of a CSV file. Type name {@value #TYPE}. Puts nothing. (Ptolemy's
 * {@code ptolemy.actor.lib.io.CSVWriter} writes records; Sluice has no record token, so a row is a
 * list.)
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@code Object}): a token that is a {@code List}
 * is a row of its elements, in order; any other token is a row of one field. Each field is written
 * as its text ({@code String.valueOf}, as {@link Display} does: a {@code Double} as
 * {@code 2.5} or {@code 1.0E10}, a nested list as {@code [1, a]}), quoted with {@code "} only where
 * CSV requires it (a field holding the separator, a quote, a line break, or starting with a space
 * or {@code #}, say; an empty field alone on its row) with its quotes doubled. What
 * {@link CsvReader} reads, this writes back alike: a file read and written with the same separator
 * is the same file when its fields are quoted only where needed, its numbers written as Java writes
 * them and its lines ended by {@code \n}.
 *
 * <p><b>Parameters.</b> {@value #FILE} (required): resolved against the run's work directory. It
 * is declared under that parameter ({@link WritesFiles}), so a run refuses a file outside its work
 * directory unless it allows writes there. {@value #SEPARATOR} (default {@code ,}): the string
 * between fields, one or more characters but no double quote or line break. {@value #COLUMNS}
 * (optional array of names): written as the first line, the header; none (or an empty array)
 * writes no header.
 *
 * <p><b>Rows.</b> Every row must have as many fields as {@code columns} names, or, without
 * {@code columns}, as the first row, so that {@link CsvReader} reads the file back; a row of no
 * fields (an empty list) is refused, as a CSV file cannot tell it from no row.
 *
 * <p><b>The file.</b> It is created, or emptied, when the actor is initialised, which writes the
 * header; its directory must exist. Lines end with {@code \n}, and the file is UTF-8. Rows are
 * buffered: the file is complete once the actor is wrapped up, which flushes and closes it
 * whatever happened, also when the run fails. The actor owns the file: nothing else should write
 * to it during the run. It is not {@link io.sluice.actor.Resumable}: a resumed run writes it anew
 * from the first token.
 *
 * <p><b>Threading.</b> As every actor: the director calls its methods one at a time, on a thread
 * of the run's.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid. A token that is an empty list or a row of the wrong width fails the firing with
 * an {@link IllegalArgumentException} naming the token's number (0 for the first taken) and the
 * width expected; nothing of that row is written. An {@link IOException} when the file cannot be
 * opened (naming it and the parameter), written or closed fails the run, naming this actor.
 */
public final class CsvWriter implements Actor, WritesFiles {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "csv-writer";
    /** The parameter that names the file, in JSON workflows and in messages. */
    public static final String FILE = "file";
    /** The parameter that gives the string between fields. */
    public static final String SEPARATOR = "separator";
    /** The parameter that names the columns, written as the header. */
    public static final String COLUMNS = "columns";
    /** The separator used when none is given. */
    public static final String DEFAULT_SEPARATOR = Csv.DEFAULT_SEPARATOR;
    /** The rows to write. */
    public static final InputPort<Object> INPUT = Port.input("input", Object.class);

    private final String fileName;
    private final String separator;
    private final List<String> columns;
    private CSVPrinter printer;
    /** The number of fields every row must have, once known; -1 before. */
    private int width;
    private long count;

    /**
     * Writes rows separated by commas, with no header.
     *
     * @param fileName a file name or path, resolved against the run's work directory; a run refuses
     *     one outside it unless it allows writes outside its work directory
     */
    public CsvWriter(String fileName) {
        this(fileName, DEFAULT_SEPARATOR, List.of());
    }

    /**
     * @param fileName a file name or path, resolved against the run's work directory; a run refuses
     *     one outside it unless it allows writes outside its work directory
     * @param separator the string between fields: one or more characters, no double quote or line
     *     break
     * @param columns the names of the columns, written as the header; empty for no header; copied
     * @throws IllegalArgumentException naming the parameter if the separator is not valid or a
     *     column name is null
     * @throws NullPointerException if {@code fileName} or {@code columns} is null
     */
    public CsvWriter(String fileName, String separator, List<String> columns) {
        this.fileName = Objects.requireNonNull(fileName, FILE);
        this.separator = Csv.separator(SEPARATOR, separator);
        Objects.requireNonNull(columns, COLUMNS);
        for (int i = 0; i < columns.size(); i++) {
            if (columns.get(i) == null) {
                throw new IllegalArgumentException("parameter '" + COLUMNS + "': " + COLUMNS + "[" + i + "] is null");
            }
        }
        this.columns = List.copyOf(columns);
        this.width = this.columns.isEmpty() ? -1 : this.columns.size();
    }

    /** The file name or path, relative to the run's work directory, this actor writes to. */
    public String fileName() {
        return fileName;
    }

    /** The names of the columns written as the header; empty if there is none. */
    public List<String> columns() {
        return columns;
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
        Writer out = TextFiles.openWriter(FILE, context.outputFile(FILE), false);
        try {
            printer = new CSVPrinter(out, Csv.writeFormat(separator));
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
        if (!columns.isEmpty()) {
            printer.printRecord(columns);
        }
    }

    @Override
    public void fire(FiringContext context) throws IOException {
        Object token = context.take(INPUT);
        List<String> fields = new ArrayList<>();
        if (token instanceof List<?> list) {
            for (Object field : list) {
                fields.add(String.valueOf(field));
            }
        } else {
            fields.add(String.valueOf(token));
        }
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("token " + count + " is an empty list: a CSV row needs one field or more");
        }
        if (width < 0) {
            width = fields.size();
        } else if (fields.size() != width) {
            throw new IllegalArgumentException("token " + count + " has " + fields.size() + " field"
                    + (fields.size() == 1 ? "" : "s") + ", but "
                    + (columns.isEmpty() ? "the first row (token 0) has " + width : "parameter '" + COLUMNS + "' names " + width)
                    + ": " + Tokens.show(token));
        }
        printer.printRecord(fields);
        count++;
    }

    @Override
    public void wrapUp(ActorContext context) throws IOException {
        if (printer != null) {
            printer.close();
        }
    }

    @Override
    public String toString() {
        return "CsvWriter[" + fileName + (separator.equals(DEFAULT_SEPARATOR) ? "" : ", separator " + Tokens.show(separator))
                + (columns.isEmpty() ? "" : ", columns " + columns) + "]";
    }
}
