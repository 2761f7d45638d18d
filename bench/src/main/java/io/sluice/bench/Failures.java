package io.sluice.bench;

import io.sluice.channel.ChannelStats;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;
import java.util.stream.Collectors;

/** How the report words a failed run. */
final class Failures {
    private Failures() {}

    /**
     * One line: the exception's message, and the innermost cause if it says something more (an
     * {@link OutOfMemoryError} is always named). If the run's counters came with it, the
     * channels' token counts when it ended.
     */
    static String describe(Throwable e) {
        StringBuilder b = new StringBuilder(oneLine(String.valueOf(e.getMessage() != null ? e.getMessage() : e)));
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        if (root != e && !b.toString().contains(String.valueOf(root.getMessage()))) {
            b.append(" (cause: ").append(oneLine(root.toString())).append(')');
        }
        if (e instanceof RunFailedException rf && rf.result() != null) {
            b.append("; tokens written when it ended: ").append(counts(rf.result()));
        }
        return b.toString();
    }

    /** True if an {@link OutOfMemoryError} is in the cause chain. */
    static boolean outOfMemory(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    /** {@code source.out=1,000,000, mergesort.a=...}. */
    static String counts(RunResult result) {
        return result.channels().stream().map(c -> c.channel() + "=" + Format.count(c.tokensWritten()))
                .collect(Collectors.joining(", "));
    }

    /** The deepest channel of a result: {@code mergesort.a held 1,999,999}. */
    static String deepest(RunResult result) {
        return result.deepestChannel().map(Failures::depth).orElse("");
    }

    private static String depth(ChannelStats c) {
        return c.channel() + " held up to " + Format.count(c.peakDepth()) + " tokens";
    }

    static String oneLine(String s) {
        String flat = s.replaceAll("\\s*\\R\\s*", " ").trim();
        return flat.length() > 600 ? flat.substring(0, 600) + " …" : flat;
    }
}
