package io.sluice.bench;

import java.time.Duration;
import java.util.Locale;

/** Number formats of the report. */
final class Format {
    private Format() {}

    /** A whole count with thousands separators, e.g. {@code 1,234,567}. */
    static String count(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    /** Tokens per second, compactly, e.g. {@code 1.23 M}. */
    static String rate(double value) {
        if (value >= 1e6) {
            return String.format(Locale.ROOT, "%.2f M", value / 1e6);
        }
        if (value >= 1e3) {
            return String.format(Locale.ROOT, "%.1f k", value / 1e3);
        }
        return String.format(Locale.ROOT, "%.0f", value);
    }

    /** A ratio, e.g. {@code 0.62×}. */
    static String ratio(double value) {
        return String.format(Locale.ROOT, "%.2f×", value);
    }

    /** Bytes in binary units, e.g. {@code 7.6 MiB}. */
    static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = bytes;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** A duration as {@code 1 min 23 s} or {@code 4.56 s}. */
    static String duration(Duration d) {
        double s = d.toNanos() / 1e9;
        if (s < 60) {
            return String.format(Locale.ROOT, "%.2f s", s);
        }
        long whole = Math.round(s);
        return whole / 60 + " min " + whole % 60 + " s";
    }
}
