package io.sluice.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Resumable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Puts the rows of a CSV file on {@code output}, one per firing, each as the list of its fields.
 * Type name {@value #TYPE}. (Ptolemy's {@code ptolemy.actor.lib.io.CSVReader} puts records keyed
 * by column name; Sluice has no record token, and a list is what persistent channels store.)
 *
 * <p><b>Ports.</b> {@link #OUTPUT} ({@code output}, {@code Object}): each token is an unmodifiable
 * {@code List} of the row's fields in the order of the file's columns, the first column first.
 * Each field is converted by its text: {@code true} and {@code false} become {@code Boolean}s; an
 * integer written as JSON writes it ({@code 42}, {@code -7}; not {@code +7} or {@code 007})
 * becomes an {@code Integer} if it fits one, else a {@code Long} if it fits one; a JSON number
 * with a fraction or an exponent ({@code 2.5}, {@code 1e3}, {@code 1.0E10}) becomes a
 * {@code Double} unless it overflows; every other field (an empty one, {@code NaN},
 * {@code TRUE}, an integer beyond the long range) stays a {@code String}. A quoted field is
 * converted as an unquoted one: the CSV library does not say which fields were quoted, so
 * {@code "42"} is the {@code Integer} 42 too.
 *
 * <p><b>Parameters.</b> {@value #FILE} (required): the file to read; in a JSON workflow a relative
 * path is resolved against the workflow file's directory, in Java against the current directory.
 * {@value #SEPARATOR} (default {@code ,}): the string between fields, one or more characters but
 * no double quote or line break ({@code ;} or a tab, say). {@value #HEADER} (default true): the
 * first row names the columns and is not put. {@value #FIRING_COUNT_LIMIT} (0 or more, default 0
 * for every row): how many rows to put at most.
 *
 * <p><b>The format.</b> RFC 4180 with the chosen separator, read as UTF-8 (a byte order mark at
 * the start is skipped): a field may be quoted with {@code "}, and a quoted field may hold the
 * separator, line breaks and quotes (doubled). Empty lines are skipped. Every row must have as
 * many fields as the header (without a header, as the first row).
 *
 * <p><b>The file.</b> It is opened when the actor is initialised, which reads the header and the
 * first row; each firing puts one row and reads the next, so the actor reads one row ahead of
 * what it has put, and holds one row in memory. It is closed at wrap-up, which the director calls
 * whatever happened, also when initialisation or a firing failed.
 *
 * <p><b>End.</b> It finishes, ending its output, in the firing that puts the last row of the file
 * or the {@code firingCountLimit}-th row, whichever comes first; a file with no row to put finishes
 * in its first firing, putting nothing (an empty file is not an error, even with a header
 * expected).
 *
 * <p><b>Resuming.</b> It is {@link Resumable}: its snapshot is how many rows it has put, and a
 * resumed run opens the file again and reads past them, rather than putting every rows again
 * (which the run would compare and skip). The file must still hold them.
 *
 * <p><b>Threading.</b> As every actor: the director calls its methods one at a time, on a thread
 * of the run's.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * that is invalid. Initialisation fails with an {@link IOException} naming the file and the
 * parameter {@code file} if the file does not exist, is a directory or cannot be read. A row that
 * cannot be parsed (a quote not closed, text after a closing quote), whose field count differs
 * from the header's, or that is not UTF-8, fails the initialisation (the header or the first row)
 * or the firing that reads it with an {@link IOException} naming the file and the line the row
 * starts on.
 */
public final class CsvReader implements Actor, Resumable {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "csv-reader";
    /** The parameter that names the file. */
    public static final String FILE = "file";
    /** The parameter that gives the string between fields. */
    public static final String SEPARATOR = "separator";
    /** The parameter that says whether the first row names the columns. */
    public static final String HEADER = "header";
    /** The parameter that gives the number of rows to put; 0 for every row. */
    public static final String FIRING_COUNT_LIMIT = "firingCountLimit";
    /** The separator used when none is given. */
    public static final String DEFAULT_SEPARATOR = Csv.DEFAULT_SEPARATOR;
    /** The rows, each a list of its fields. */
    public static final OutputPort<Object> OUTPUT = Port.output("output", Object.class);

    private final Path file;
    private final String separator;
    private final boolean header;
    private final long firingCountLimit;
    private CSVParser parser;
    private Iterator<CSVRecord> records;
    /** The number of fields every row must have, once known; -1 before. */
    private int width = -1;
    /** The line the header starts on, or the first row if there is no header. */
    private long widthLine;
    /** The rows put, and the next one to put. */
    private final ReadAhead<Object> rows;

    /**
     * Puts every row of {@code file}, separated by commas, after its header.
     *
     * @param file the file to read; a relative path is resolved against the current directory
     */
    public CsvReader(Path file) {
        this(file, DEFAULT_SEPARATOR, true, 0);
    }

    /**
     * @param file the file to read; a relative path is resolved against the current directory
     * @param separator the string between fields: one or more characters, no double quote or line
     *     break
     * @param header whether the first row names the columns (and is not put)
     * @param firingCountLimit how many rows to put at most; 0 for every row
     * @throws IllegalArgumentException naming the parameter if the separator or the limit is not
     *     valid
     * @throws NullPointerException if {@code file} is null
     */
    public CsvReader(Path file, String separator, boolean header, long firingCountLimit) {
        this.file = Objects.requireNonNull(file, FILE);
        this.separator = Csv.separator(SEPARATOR, separator);
        this.header = header;
        this.firingCountLimit = Tokens.nonNegative(FIRING_COUNT_LIMIT, firingCountLimit);
        this.rows = new ReadAhead<>(this.firingCountLimit, "rows");
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
        BufferedReader reader = TextFiles.openReader(FILE, file);
        try {
            TextFiles.skipByteOrderMark(reader);
            parser = CSVParser.parse(reader, Csv.readFormat(separator));
        } catch (IOException e) {
            reader.close();
            throw TextFiles.readFailed(file, 1, e);
        }
        records = parser.iterator();
        boolean more = !header || nextRecord() != null;
        rows.start(more ? this::nextRow : () -> null);
    }

    @Override
    public void fire(FiringContext context) throws IOException {
        rows.fire(context, OUTPUT);
    }

    /** How many rows it has put. */
    @Override
    public byte[] snapshot() {
        return rows.snapshot();
    }

    /**
     * Opens the file again, as {@link #initialize} does, and reads past the rows the snapshot
     * counts as put.
     *
     * @throws IOException naming the file if it has fewer rows to put than the snapshot counts, or
     *     cannot be read
     * @throws IllegalArgumentException if the snapshot is not one of this type's
     */
    @Override
    public void resume(ActorContext context, byte[] snapshot) throws IOException {
        rows.resume(snapshot, this, () -> initialize(context), file);
    }

    private List<Object> nextRow() throws IOException {
        List<String> fields = nextRecord();
        if (fields == null) {
            return null;
        }
        List<Object> row = new ArrayList<>(fields.size());
        for (String field : fields) {
            row.add(Csv.token(field));
        }
        return Collections.unmodifiableList(row);
    }

    /**
     * The fields of the next record that is not an empty line, an unquoted empty field as
     * {@code ""}, its width checked; null at the end of the file.
     */
    private List<String> nextRecord() throws IOException {
        while (true) {
            // The parser has read up to the end of the previous record's last line.
            long line = parser.getCurrentLineNumber() + 1;
            CSVRecord record;
            try {
                if (!records.hasNext()) {
                    return null;
                }
                record = records.next();
            } catch (UncheckedIOException e) {
                // The parser's iterator wraps its IOExceptions, parse errors (CSVException) included.
                if (e.getCause() instanceof CSVException invalid) {
                    throw new IOException("file " + file + ", line " + line + ": not valid CSV: " + invalid.getMessage(),
                            invalid);
                }
                throw TextFiles.readFailed(file, line, e.getCause());
            }
            if (record.size() == 1 && record.get(0) == null) {
                continue; // an empty line
            }
            List<String> fields = new ArrayList<>(record.size());
            for (String field : record) {
                fields.add(field == null ? "" : field);
            }
            if (width < 0) {
                width = fields.size();
                widthLine = line;
            } else if (fields.size() != width) {
                throw new IOException("file " + file + ", line " + line + ": the row has " + fields.size() + " field"
                        + (fields.size() == 1 ? "" : "s") + ", but the " + (header ? "header" : "first row")
                        + " (line " + widthLine + ") has " + width);
            }
            return fields;
        }
    }

    @Override
    public void wrapUp(ActorContext context) throws IOException {
        if (parser != null) {
            parser.close();
        }
    }

    @Override
    public String toString() {
        return "CsvReader[" + file + (separator.equals(DEFAULT_SEPARATOR) ? "" : ", separator " + Tokens.show(separator))
                + (header ? "" : ", no header") + (firingCountLimit > 0 ? ", limit " + firingCountLimit : "") + "]";
    }
}
