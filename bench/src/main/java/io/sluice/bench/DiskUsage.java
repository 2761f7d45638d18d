package io.sluice.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Disk blocks a directory really occupies, from {@code du}: Chronicle Queue files are sparse and
 * grow in large chunks, so their apparent size ({@link WorkflowBenchmark#sizeOf}) can be far more
 * than what was written.
 */
final class DiskUsage {
    private DiskUsage() {}

    /** Bytes allocated under {@code dir} ({@code du -sk}), or -1 if {@code du} is not available. */
    static long allocated(Path dir) {
        try {
            Process p = new ProcessBuilder("du", "-sk", dir.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
            if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return -1;
            }
            return Long.parseLong(out.split("\\s+")[0]) * 1024;
        } catch (IOException | RuntimeException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }
}
