package io.sluice.records.actors;

import io.sluice.records.RecordFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Record formats read from the Avro schema files that actors' parameters name, for actor types
 * that take a format as a file ({@code json-to-record}, {@code record-convert}, the event
 * channels' {@code publish} and {@code subscribe}). Stateless.
 */
public final class FormatFiles {
    private FormatFiles() {}

    /**
     * The format in the schema file {@code file}, given by {@code parameter}.
     *
     * @throws IllegalArgumentException naming the parameter and the file if it cannot be read or
     *     holds no record format
     */
    public static RecordFormat read(Path file, String parameter) {
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("parameter '" + parameter + "': cannot read " + file + ": " + e, e);
        }
        try {
            return RecordFormat.parse(json);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("parameter '" + parameter + "': the format file " + file
                    + " holds no record format: " + e.getMessage(), e);
        }
    }
}
