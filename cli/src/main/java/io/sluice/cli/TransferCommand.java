package io.sluice.cli;

import io.sluice.composite.CompositeTransfer;
import io.sluice.composite.Schedule;
import io.sluice.composite.Scheduler;
import io.sluice.composite.TransferIncompleteException;
import io.sluice.composite.TransferListener;
import io.sluice.composite.TransferProgress;
import io.sluice.composite.TransferSpec;
import io.sluice.composite.TransferSpecException;
import io.sluice.composite.TransferSummary;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice transfer SPEC.json [--plan]}: an N-to-M composite transfer between spaces
 * ({@link CompositeTransfer}, {@code docs/composite.md}). Moves the data and prints one summary
 * line; with {@code --plan}, prints the schedule and moves nothing. While it runs it redraws a
 * progress line when stdout is a terminal (or prints one per interval with {@code --progress}).
 * Runs on the thread of {@link Main#run}; the transfer's threads and connections are closed
 * before it returns. An invalid spec prints {@code sluice: invalid transfer spec: FILE:LINE: ...};
 * a transfer that could not move everything prints {@code sluice: transfer of ... incomplete: }
 * naming each receiver, the ranges it lacks and the failed nodes; both exit {@value Main#FAILED}.
 */
@Command(name = "transfer",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Moves the seq ranges a transfer spec (JSON) names from its senders' spaces to its receivers',",
            "scheduled by the senders' measured capacities; with --plan, prints the schedule only."},
        footer = {"", "Exit codes: 0 everything moved (or planned), 1 an invalid spec or ranges not moved, 2 bad arguments."})
final class TransferCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SPEC.json", description = "The transfer spec (docs/composite.md).")
    Path specFile;

    @Option(names = "--plan", description = "Probe the senders and print the schedule: who sends which ranges to whom, rates and time.")
    boolean plan;

    @Option(names = "--scheduler", paramLabel = "NAME", defaultValue = "greedy",
            description = "greedy (the paper's proportional schedule, the default) or lp (linear programming).")
    String scheduler;

    @Option(names = "--progress", description = "Print a progress line every interval, also when stdout is not a terminal.")
    boolean progress;

    @Option(names = "--token-file", paramLabel = "F", description = "A file that holds the spaces' token.")
    Path tokenFile;

    private final Path currentDirectory;

    TransferCommand(Path currentDirectory) {
        this.currentDirectory = Objects.requireNonNull(currentDirectory, "currentDirectory");
    }

    @Override
    public Integer call() throws InterruptedException {
        Path file = currentDirectory.resolve(specFile);
        if (!Files.isReadable(file)) {
            throw new ParameterException(spec.commandLine(), "cannot read the transfer spec " + file);
        }
        Scheduler s;
        try {
            s = Scheduler.named(scheduler);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--scheduler: " + e.getMessage());
        }
        String token = TokenFile.read(spec, "--token-file", currentDirectory, tokenFile);
        TransferSpec transfer;
        try {
            transfer = TransferSpec.read(file);
        } catch (TransferSpecException e) {
            return Main.failed(spec, "invalid transfer spec: " + e.getMessage());
        } catch (IOException e) {
            return Main.failed(spec, "cannot read " + file + ": " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        boolean terminal = ProgressLine.stdoutIsTerminal();
        Line line = progress || terminal ? new Line(out, terminal) : null;
        CompositeTransfer.Builder b = CompositeTransfer.builder(transfer).scheduler(s).listener(line);
        if (token != null) {
            b.token(token);
        }
        try {
            if (plan) {
                Schedule schedule = b.build().plan();
                out.print(schedule.describe());
                return Main.OK;
            }
            TransferSummary summary = b.build().run();
            out.println(summary(summary));
            return Main.OK;
        } catch (TransferIncompleteException e) {
            return Main.failed(spec, e.getMessage());
        } catch (IOException | IllegalArgumentException e) {
            return Main.failed(spec, e.getMessage());
        }
    }

    /** The summary line: what moved, how fast, and each sender's part. */
    static String summary(TransferSummary s) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "transferred %,d tokens (%s) of %s in %.1f s, %s/s", s.tokens(),
                bytes(s.bytes()), s.channel(), s.elapsed().toNanos() / 1e9, bytes((long) s.bytesPerSecond())));
        String sep = "; senders ";
        for (TransferSummary.NodeSummary n : s.nodes()) {
            if (n.sender()) {
                b.append(sep).append(n.name()).append(' ').append(String.format(Locale.ROOT, "%,d", n.tokens()));
                if (n.failure() != null) {
                    b.append(" (failed)");
                }
                sep = ", ";
            }
        }
        if (s.wastedTokens() > 0) {
            b.append(String.format(Locale.ROOT, "; %,d tokens read twice or skipped", s.wastedTokens()));
        }
        return b.toString();
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        if (n < 1 << 20) {
            return String.format(Locale.ROOT, "%.1f KiB", n / 1024.0);
        }
        if (n < 1L << 30) {
            return String.format(Locale.ROOT, "%.1f MiB", n / (1024.0 * 1024));
        }
        return String.format(Locale.ROOT, "%.2f GiB", n / (1024.0 * 1024 * 1024));
    }

    /** The progress line: redrawn in place on a terminal, one line per report otherwise. */
    private static final class Line implements TransferListener {
        private final PrintWriter out;
        private final boolean inPlace;
        private boolean drawn;

        Line(PrintWriter out, boolean inPlace) {
            this.out = out;
            this.inPlace = inPlace;
        }

        @Override
        public void progress(TransferProgress p) {
            StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%6.1f s · %.0f%% · %,d of %,d tokens · %s", p.elapsed().toNanos() / 1e9,
                    p.fraction() * 100, p.tokens(), p.totalTokens(), bytes(p.bytes())));
            if (p.timeLeft() != null) {
                b.append(String.format(Locale.ROOT, " · ~%d s left", p.timeLeft().toSeconds()));
            }
            for (Map.Entry<String, Double> e : p.bytesPerSecond().entrySet()) {
                b.append(" · ").append(e.getKey()).append(' ').append(bytes(e.getValue().longValue())).append("/s");
            }
            if (!p.failed().isEmpty()) {
                b.append(" · failed: ").append(p.failed().size());
            }
            String text = inPlace && b.length() > ProgressLine.MAX_WIDTH ? b.substring(0, ProgressLine.MAX_WIDTH) : b.toString();
            if (inPlace) {
                out.print("\r" + text + "\033[K");
                drawn = true;
            } else {
                out.println(text);
            }
            out.flush();
        }

        @Override
        public void finished(TransferSummary summary) {
            if (drawn) {
                out.print("\r\033[K");
                out.flush();
            }
        }
    }
}
