package io.sluice.testing;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Files for tests: deleting those of tests that cannot use JUnit's {@code @TempDir} (jqwik
 * properties make a directory per try), and damaging them as a killed process leaves them.
 */
public final class TestFiles {
    private TestFiles() {}

    /**
     * Zeroes everything after the first {@code entries} entries of a Chronicle Queue file, as a
     * writer killed before it wrote the next one leaves it. Chronicle's files are a sequence of
     * entries, each a little-endian header word, whose low 30 bits are the length of the entry
     * after it, followed by the entry; a zero word is where nothing was written yet.
     *
     * @throws IllegalArgumentException if the file holds fewer entries
     */
    public static void keepFirstEntries(Path chronicleFile, int entries) throws IOException {
        byte[] bytes = Files.readAllBytes(chronicleFile);
        ByteBuffer file = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int position = 0;
        for (int i = 0; i < entries; i++) {
            int header = position + Integer.BYTES <= bytes.length ? file.getInt(position) : 0;
            if (header == 0) {
                throw new IllegalArgumentException(chronicleFile + " holds only " + i + " entries, not " + entries);
            }
            position += Integer.BYTES + (header & 0x3FFF_FFFF);
        }
        Arrays.fill(bytes, position, bytes.length, (byte) 0);
        Files.write(chronicleFile, bytes);
    }

    /** Deletes {@code root} and everything under it; nothing if it does not exist. */
    public static void deleteRecursively(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
