package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Resumable;
import io.sluice.actor.WritesFiles;
import java.io.BufferedWriter;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;

/**
 * Writes every token, one per line ({@code toString()} then {@code \n}), to a UTF-8 file in the
 * run's work directory ({@code result.txt} by default). The file is created (or replaced) when the
 * actor is initialised and flushed and closed at wrap-up, also when the run fails, so that every
 * line taken so far is kept. It is declared under the parameter {@value #FILE} ({@link WritesFiles}),
 * so a run refuses it outside the work directory unless it allows that.
 *
 * <p>Its snapshot flushes the file and records its length; a resumed run cuts the file back to
 * that length and appends from there.
 */
public final class LineSink implements Actor, Resumable, WritesFiles {
    public static final InputPort<Object> IN = Port.input("in", Object.class);
    /** The parameter that names the file, in JSON workflows and in messages. */
    public static final String FILE = "file";
    /** The file name used when none is given. */
    public static final String DEFAULT_FILE = "result.txt";

    private final String fileName;
    private Writer out;
    private Counting bytes;

    /** Writes to {@code result.txt} in the work directory. */
    public LineSink() {
        this(DEFAULT_FILE);
    }

    /**
     * @param fileName a file name or path, resolved against the run's work directory; a run refuses
     *     one outside it unless it allows writes outside its work directory
     */
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
    public Map<String, String> outputFiles() {
        return Map.of(FILE, fileName);
    }

    @Override
    public void initialize(ActorContext context) throws IOException {
        open(context.outputFile(FILE), 0);
    }

    private void open(Path file, long length) throws IOException {
        // A FileOutputStream, unlike an NIO channel, is not closed by a thread interrupt.
        bytes = new Counting(new FileOutputStream(file.toFile(), length > 0), length);
        out = new BufferedWriter(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), 1 << 16);
    }

    @Override
    public byte[] snapshot() throws IOException {
        out.flush();
        return ByteBuffer.allocate(Long.BYTES).putLong(bytes.count).array();
    }

    /** @throws IOException if the file is shorter than the snapshot says, or cannot be written */
    @Override
    public void resume(ActorContext context, byte[] snapshot) throws IOException {
        Path file = context.outputFile(FILE);
        long length = ByteBuffer.wrap(snapshot).getLong();
        try (FileChannel f = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.CREATE)) {
            if (f.size() < length) {
                throw new IOException(file + " has " + f.size() + " bytes, but the run to resume had written " + length
                        + " to it; was it changed?");
            }
            f.truncate(length);
        }
        open(file, length);
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

    /** Counts the bytes written through it. */
    private static final class Counting extends FilterOutputStream {
        long count;

        Counting(OutputStream out, long count) {
            super(out);
            this.count = count;
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
