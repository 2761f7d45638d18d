package io.sluice.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/** Copies of work directories for tests that damage them, and fingerprints that tell whether a command changed one. */
final class Workspace {
    private Workspace() {}

    /**
     * Copies the directory {@code from} to {@code to} (which must not exist), keeping files sparse:
     * a channel's queue file is tens of megabytes long but holds little, and a plain copy would
     * write all of it.
     */
    static void copy(Path from, Path to) throws IOException {
        Process cp = new ProcessBuilder("cp", "-a", "--sparse=always", from.toString(), to.toString())
                .redirectErrorStream(true).start();
        try {
            if (!cp.waitFor(60, TimeUnit.SECONDS)) {
                cp.destroyForcibly();
                throw new IOException("cp of " + from + " took longer than a minute");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while copying " + from, e);
        }
        if (cp.exitValue() != 0) {
            throw new IOException("cp " + from + " " + to + " failed: " + new String(cp.getInputStream().readAllBytes()));
        }
    }

    /**
     * Every regular file under {@code root} but its {@code run.lock}, by its path relative to it,
     * with its length, its inode and when it was last modified: any write to it, also through a
     * memory map, or its replacement, changes that. (Reading the queue files whole to checksum
     * them would read tens of megabytes of holes each.)
     */
    static Map<String, String> fingerprint(Path root) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(root)) {
            // The work directory's lock file names the process that holds it: every run rewrites it.
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().equals("run.lock")).toList()) {
                BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
                out.put(root.relativize(f).toString(), a.size() + " bytes, inode " + a.fileKey() + ", modified "
                        + a.lastModifiedTime().toInstant());
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return out;
    }
}
