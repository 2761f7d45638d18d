package io.sluice.monitor.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The page's files, read once from the jar ({@code io/sluice/monitor/internal/page/}): the one
 * place that names them and their paths on the server. Immutable.
 */
final class PageResources {
    private static final String FOLDER = "page/";

    /** A file of the page: its bytes and its content type. */
    record File(byte[] bytes, String contentType) {}

    private final Map<String, File> byPath;

    private PageResources(Map<String, File> byPath) {
        this.byPath = byPath;
    }

    /**
     * Reads the page's files.
     *
     * @throws UncheckedIOException if one is missing from the jar: a broken build
     */
    static PageResources load() {
        return new PageResources(Map.of(
                "/", read("index.html", "text/html; charset=utf-8"),
                "/monitor.js", read("monitor.js", "text/javascript; charset=utf-8"),
                "/monitor.css", read("monitor.css", "text/css; charset=utf-8")));
    }

    /** The file served at {@code path}, or null. */
    File at(String path) {
        return byPath.get(path);
    }

    private static File read(String name, String contentType) {
        try (InputStream in = PageResources.class.getResourceAsStream(FOLDER + name)) {
            if (in == null) {
                throw new UncheckedIOException(new IOException("resource io/sluice/monitor/internal/" + FOLDER + name
                        + " is missing from the build"));
            }
            return new File(in.readAllBytes(), contentType);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the monitor's page resource " + name, e);
        }
    }
}
