package io.sluice.cli;

import io.sluice.run.ChannelSnapshot;
import io.sluice.run.RunListener;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * The live progress line of {@code sluice run} on a terminal: elapsed time, tokens written, the
 * rate, the deepest channel and, for a source of known size, percent done and time left, e.g.
 *
 * <pre>
 *   12.5 s · 4,210,000 tokens · 1,203,114/s · deepest mergesort.a 250,000 · source 45%, ~15 s left
 * </pre>
 *
 * <p>Redrawn in place on each {@link RunListener#progress} (a carriage return, the line, and an
 * erase to the end of the line), and erased when the run ends, so that the summary line takes its
 * place. Called on the run's watch thread and, for the end, its supervisor; never at once.
 */
final class ProgressLine implements RunListener {
    /** Lines longer than this would wrap on a narrow terminal and could not be redrawn in place. */
    static final int MAX_WIDTH = 100;
    private static final String ERASE_TO_END = "\033[K";

    private final PrintWriter out;
    private final String sourceChannel;
    private final long sourceTokens;
    private boolean drawn;

    /**
     * @param sourceChannel a channel whose final count is known, or null
     * @param sourceTokens how many tokens it will carry in all, if {@code sourceChannel} is given
     */
    ProgressLine(PrintWriter out, String sourceChannel, long sourceTokens) {
        this.out = out;
        this.sourceChannel = sourceChannel;
        this.sourceTokens = sourceTokens;
    }

    /** Whether this process's standard output is a terminal, where a line can be redrawn. */
    static boolean stdoutIsTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            // From Java 22 a console exists when the output is redirected too; isTerminal() tells.
            Method isTerminal = java.io.Console.class.getMethod("isTerminal");
            return (boolean) isTerminal.invoke(console);
        } catch (NoSuchMethodException e) {
            return true;
        } catch (ReflectiveOperationException e) {
            return false;
        }
    }

    @Override
    public synchronized void progress(RunSnapshot snapshot) {
        out.print("\r" + line(snapshot) + ERASE_TO_END);
        out.flush();
        drawn = true;
    }

    @Override
    public synchronized void runEnded(RunResult result) {
        if (drawn) {
            out.print("\r" + ERASE_TO_END);
            out.flush();
            drawn = false;
        }
    }

    /** The line for {@code s}, at most {@link #MAX_WIDTH} characters. */
    String line(RunSnapshot s) {
        double seconds = s.elapsed().toNanos() / 1e9;
        double rate = s.channels().stream().mapToDouble(ChannelSnapshot::rate).sum();
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%6.1f s · %,d tokens · %,.0f/s", seconds, s.tokensWritten(), rate));
        Optional<ChannelSnapshot> deepest = s.deepest();
        String source = sourceChannel == null ? "" : s.channel(sourceChannel).map(c -> source(c, seconds)).orElse("");
        String deep = deepest.map(c -> String.format(Locale.ROOT, " · deepest %s %,d", c.name(), c.depth())).orElse("");
        if (b.length() + deep.length() + source.length() <= MAX_WIDTH) {
            b.append(deep);
        }
        if (b.length() + source.length() <= MAX_WIDTH) {
            b.append(source);
        }
        return b.length() <= MAX_WIDTH ? b.toString() : b.substring(0, MAX_WIDTH);
    }

    private String source(ChannelSnapshot c, double seconds) {
        if (sourceTokens <= 0) {
            return "";
        }
        double done = Math.min(1.0, (double) c.written() / sourceTokens);
        if (done >= 1.0) {
            return " · source done";
        }
        String left = done > 0.01 ? String.format(Locale.ROOT, ", ~%.0f s left", seconds * (1 - done) / done) : "";
        return String.format(Locale.ROOT, " · source %.0f%%%s", done * 100, left);
    }
}
