package io.sluice.events.actors;

import io.sluice.records.RecordFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads the record format an actor's parameter names. */
final class Formats {
    private Formats() {}

    /**
     * The format in the Avro schema file {@code file}.
     *
     * @throws IllegalArgumentException naming the parameter and the file if it cannot be read or
     *     holds no record format
     */
    static RecordFormat read(String parameter, Path file) {
        String json;
        try {
            json = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("parameter '" + parameter + "': cannot read the format file " + file + ": " + e, e);
        }
        try {
            return RecordFormat.parse(json);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("parameter '" + parameter + "': the format file " + file
                    + " holds no record format: " + e.getMessage(), e);
        }
    }
}
