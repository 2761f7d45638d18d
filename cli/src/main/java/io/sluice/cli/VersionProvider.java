package io.sluice.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * The text of {@code sluice --version}: the project version, which Maven writes into the
 * resource {@code io/sluice/cli/version.properties} when it builds the module (so it is the same
 * in the shaded jar and in tests run from {@code target/classes}).
 *
 * <p>Called by picocli on the thread of {@link Main#run}. A missing resource means a broken
 * build and fails with {@link IllegalStateException}, reported as an unexpected error.
 */
final class VersionProvider implements IVersionProvider {
    private static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() {
        return new String[] {"sluice " + version(), "Java " + System.getProperty("java.version")
                + " (" + System.getProperty("java.vendor") + "), " + System.getProperty("os.name") + " " + System.getProperty("os.arch")};
    }

    /** The project version, e.g. {@code 0.1.0-SNAPSHOT}. */
    static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource io/sluice/cli/" + RESOURCE + " is missing from the build");
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version");
            if (version == null || version.contains("${")) {
                throw new IllegalStateException("resource io/sluice/cli/" + RESOURCE + " was not filtered by Maven: version=" + version);
            }
            return version;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource io/sluice/cli/" + RESOURCE, e);
        }
    }
}
