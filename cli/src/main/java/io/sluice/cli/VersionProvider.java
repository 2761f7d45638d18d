package io.sluice.cli;

import io.sluice.run.SluiceVersion;
import picocli.CommandLine.IVersionProvider;

/**
 * The text of {@code sluice --version}: the project version ({@link SluiceVersion}) and the JVM.
 *
 * <p>Called by picocli on the thread of {@link Main#run}. A missing resource means a broken
 * build and fails with {@link IllegalStateException}, reported as an unexpected error.
 */
final class VersionProvider implements IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"sluice " + version(), "Java " + System.getProperty("java.version")
                + " (" + System.getProperty("java.vendor") + "), " + System.getProperty("os.name") + " " + System.getProperty("os.arch")};
    }

    /** The project version, e.g. {@code 0.1.0-SNAPSHOT}. */
    static String version() {
        return SluiceVersion.get();
    }
}
