package io.sluice.actors;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens the UTF-8 text files of the file actors and words their errors, each naming the file (and
 * the parameter or the line).
 *
 * <p>Files are opened as {@link FileInputStream} and {@link FileOutputStream}, not through NIO
 * channels: a channel is closed when the thread using it is interrupted, which a director does
 * to stop a run, and the actor's wrap-up would then find its file closed under it.
 *
 * <p>Not API: package-private. Stateless; safe from any thread.
 */
final class TextFiles {
    /** Large enough that reading and writing lines costs few system calls. */
    private static final int BUFFER_CHARS = 1 << 16;

    private TextFiles() {}

    /**
     * Opens a file to read as UTF-8; a malformed byte sequence fails the read that meets it, with a
     * {@link CharacterCodingException}, instead of being replaced.
     *
     * @param parameter the parameter that names the file, for the message
     * @throws IOException naming the file and the parameter if it does not exist or cannot be read
     */
    static BufferedReader openReader(String parameter, Path file) throws IOException {
        try {
            return new BufferedReader(new InputStreamReader(new FileInputStream(file.toFile()),
                    StandardCharsets.UTF_8.newDecoder()), BUFFER_CHARS);
        } catch (FileNotFoundException e) {
            String reason = !Files.exists(file) ? "it does not exist"
                    : Files.isDirectory(file) ? "it is a directory" : e.getMessage();
            throw new IOException("cannot read file " + file + " (parameter '" + parameter + "'): " + reason, e);
        }
    }

    /**
     * Opens a file to write as UTF-8, creating it, and emptying it unless {@code append}.
     *
     * @param parameter the parameter that names the file, for the message
     * @throws IOException naming the file and the parameter if it cannot be opened
     */
    static Writer openWriter(String parameter, Path file, boolean append) throws IOException {
        try {
            return new BufferedWriter(new OutputStreamWriter(new FileOutputStream(file.toFile(), append),
                    StandardCharsets.UTF_8), BUFFER_CHARS);
        } catch (FileNotFoundException e) {
            throw new IOException("cannot write file " + file + " (parameter '" + parameter + "'): " + e.getMessage(), e);
        }
    }

    /**
     * An error met reading {@code file} at {@code line} (1-based), naming both. For bytes that are
     * not UTF-8 the line is found again by {@link #malformedLine}: a reader decodes a whole buffer
     * at once, so the line being read when the decoder fails may be an earlier one.
     */
    static IOException readFailed(Path file, long line, IOException cause) {
        if (cause instanceof CharacterCodingException) {
            long malformed = malformedLine(file);
            return new IOException("file " + file + ", line " + (malformed > 0 ? malformed : line)
                    + ": it is not UTF-8 text (" + cause + ")", cause);
        }
        return new IOException("file " + file + ", line " + line + ": " + cause, cause);
    }

    /**
     * The line (1-based, lines ended as {@link BufferedReader#readLine()} ends them) of the first
     * byte sequence in {@code file} that is not UTF-8; -1 if there is none or the file cannot be
     * read. Only called on the way to an error, so it may read the whole file again.
     */
    static long malformedLine(Path file) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder();
        ByteBuffer bytes = ByteBuffer.allocate(8192);
        CharBuffer chars = CharBuffer.allocate(8192);
        long line = 1;
        boolean afterCr = false;
        boolean eof = false;
        try (InputStream in = new FileInputStream(file.toFile())) {
            while (true) {
                if (!eof) {
                    int n = in.read(bytes.array(), bytes.position(), bytes.remaining());
                    if (n < 0) {
                        eof = true;
                    } else {
                        bytes.position(bytes.position() + n);
                    }
                }
                bytes.flip();
                CoderResult result = decoder.decode(bytes, chars, eof);
                chars.flip();
                while (chars.hasRemaining()) {
                    char c = chars.get();
                    if (c == '\n' && !afterCr || c == '\r') {
                        line++;
                    }
                    afterCr = c == '\r';
                }
                chars.clear();
                if (result.isError()) {
                    return line;
                }
                bytes.compact();
                if (eof && result.isUnderflow()) {
                    return -1;
                }
            }
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * Skips a UTF-8 byte order mark at the start of {@code reader}, as some editors write one, so
     * that it does not become part of the first field.
     */
    static void skipByteOrderMark(BufferedReader reader) throws IOException {
        reader.mark(1);
        if (reader.read() != '\uFEFF') {
            reader.reset();
        }
    }
}
