package io.sluice.bench;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The options of a benchmark's {@code main}: {@code --name value} pairs, each one of the names
 * the benchmark knows. An unknown name, or a name without a value, is an
 * {@link IllegalArgumentException} that lists the options the benchmark takes.
 */
final class BenchArgs {
    private final Map<String, String> given;
    private final String usage;

    private BenchArgs(Map<String, String> given, String usage) {
        this.given = given;
        this.usage = usage;
    }

    /**
     * Reads {@code args}.
     *
     * @param usage the options as the error lists them, e.g. {@code --tokens N, --output DIR}; the
     *     names it starts its entries with are the names known
     */
    static BenchArgs parse(String[] args, String usage) {
        List<String> known = Arrays.stream(usage.split(",")).map(String::strip).map(o -> o.split(" ")[0]).toList();
        Map<String, String> given = new HashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            if (!known.contains(args[i])) {
                throw new IllegalArgumentException("unknown option " + args[i] + "; known: " + usage);
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(args[i] + " needs a value");
            }
            given.put(args[i], args[i + 1]);
        }
        return new BenchArgs(given, usage);
    }

    /** The value of {@code name} read by {@code read}, or {@code otherwise} if it was not given. */
    <T> T get(String name, Function<String, T> read, T otherwise) {
        String value = given.get(name);
        if (value == null) {
            return otherwise;
        }
        try {
            return read.apply(value);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + " " + value + ": " + e.getMessage() + "; options: " + usage, e);
        }
    }

    long getLong(String name, long otherwise) {
        return get(name, Long::parseLong, otherwise);
    }

    int getInt(String name, int otherwise) {
        return get(name, Integer::parseInt, otherwise);
    }

    /** A path, or {@code otherwise} (which may be null) if it was not given. */
    Path getPath(String name, Path otherwise) {
        return get(name, Path::of, otherwise);
    }
}
