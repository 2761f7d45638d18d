package io.sluice.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The version of Sluice, which Maven writes into the resource {@code io/sluice/run/version.properties}
 * when it builds {@code core} (so it is the same in a shaded jar and in tests run from
 * {@code target/classes}). Shown by {@code sluice --version} and stored with each run's provenance.
 * Read once, at the first call that succeeds: every run's provenance asks for it.
 */
public final class SluiceVersion {
    private static final String RESOURCE = "version.properties";
    /** The version once read: a constant of the build, not state; null until then. */
    private static volatile String version;

    private SluiceVersion() {}

    /**
     * The project version, e.g. {@code 0.1.0-SNAPSHOT}.
     *
     * @throws IllegalStateException if the resource is missing or was not filtered: a broken build
     */
    public static String get() {
        String known = version;
        if (known == null) {
            known = read();
            version = known;
        }
        return known;
    }

    private static String read() {
        try (InputStream in = SluiceVersion.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("resource io/sluice/run/" + RESOURCE + " is missing from the build");
            }
            Properties properties = new Properties();
            properties.load(in);
            String version = properties.getProperty("version");
            if (version == null || version.contains("${")) {
                throw new IllegalStateException("resource io/sluice/run/" + RESOURCE + " was not filtered by Maven: version=" + version);
            }
            return version;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource io/sluice/run/" + RESOURCE, e);
        }
    }
}
