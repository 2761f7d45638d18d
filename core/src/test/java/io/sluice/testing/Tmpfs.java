package io.sluice.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs mounted on a test's directory, to make a full or read-only file system on
 * purpose. Mounting needs Linux and root with the right to mount (CAP_SYS_ADMIN); where it cannot
 * be done, {@link #mountOrSkip} skips the test calling it, stating why.
 */
public final class Tmpfs implements AutoCloseable {
    private final Path mountPoint;

    private Tmpfs(Path mountPoint) {
        this.mountPoint = mountPoint;
    }

    /**
     * Mounts a tmpfs of {@code size} (as {@code mount -o size=} takes it, e.g. {@code 2m}) on
     * {@code mountPoint}, a new or empty directory, which is created if need be; {@code readOnly}
     * mounts it read-only. Skips the calling test, saying why, if it cannot be mounted.
     */
    public static Tmpfs mountOrSkip(Path mountPoint, String size, boolean readOnly) throws IOException, InterruptedException {
        assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"),
                "tmpfs mounts are made on Linux only, this is " + System.getProperty("os.name"));
        Files.createDirectories(mountPoint);
        String options = "size=" + size + ",mode=0777" + (readOnly ? ",ro" : "");
        String out = run("mount", "-t", "tmpfs", "-o", options, "tmpfs", mountPoint.toString());
        assumeTrue(out == null, () -> "cannot mount a tmpfs (needs root with the right to mount): " + out);
        return new Tmpfs(mountPoint);
    }

    /**
     * Writes {@code file} until its file system is full (a tmpfs this made, say); returns it.
     *
     * @throws IOException if writing fails for another reason than a full disk
     */
    public static Path fill(Path file) throws IOException {
        byte[] chunk = new byte[4096];
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(chunk);
                out.flush();
            }
        } catch (IOException e) {
            if (e.getMessage() == null || !e.getMessage().contains("No space left on device")) {
                throw e;
            }
        }
        return file;
    }

    /** Runs a command; null if it succeeded, else what it printed and its exit code. */
    private static String run(String... command) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return e.toString();
        }
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            return String.join(" ", command) + " did not finish within 30 s";
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        return p.exitValue() == 0 ? null : String.join(" ", command) + " exited with " + p.exitValue() + ": " + out;
    }

    /** Unmounts; lazily if something still holds a file open, so that the directory can be deleted. */
    @Override
    public void close() throws IOException {
        try {
            String out = run("umount", mountPoint.toString());
            if (out != null) {
                List<String> problems = new ArrayList<>(List.of(out));
                String lazy = run("umount", "-l", mountPoint.toString());
                if (lazy != null) {
                    problems.add(lazy);
                    throw new IOException("cannot unmount " + mountPoint + ": " + problems);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while unmounting " + mountPoint, e);
        }
    }
}
