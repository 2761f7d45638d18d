package io.sluice.remote.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.UUID;

/**
 * A space's identity: a random id kept in {@code DIR/space-id}, made on the space's first start.
 * A client that reconnects checks it, so that it never resends to, or resumes reading from,
 * another space that took the same address.
 */
public final class SpaceIdentity {
    static final String FILE = "space-id";

    private SpaceIdentity() {}

    /**
     * The id of the space in {@code directory}, made and kept if it has none.
     *
     * @throws IOException if it cannot be read or written, or the file does not hold an id
     */
    public static String of(Path directory) throws IOException {
        Path file = directory.resolve(FILE);
        if (!Files.exists(file)) {
            Path tmp = Files.createTempFile(directory, FILE, ".tmp");
            try {
                Files.writeString(tmp, UUID.randomUUID() + "\n", StandardCharsets.UTF_8);
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException e) {
                // made by another server at the same moment: use its id
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        String id = Files.readString(file, StandardCharsets.UTF_8).trim();
        try {
            return UUID.fromString(id).toString();
        } catch (IllegalArgumentException e) {
            throw new IOException(file + " does not hold a space id: '" + id + "'", e);
        }
    }
}
