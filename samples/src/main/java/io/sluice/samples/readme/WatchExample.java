package io.sluice.samples.readme;

import io.sluice.director.Directors;
import io.sluice.run.ActorSnapshot;
import io.sluice.run.ChannelSnapshot;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.run.RunListener;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import io.sluice.samples.SampleWorkflows;
import io.sluice.samples.WordSource;
import io.sluice.workflow.Workflow;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

/** The example of docs/events.md; a test runs it and checks that the page shows this file's code. */
public final class WatchExample {
    private WatchExample() {}

    // DOCS:begin
    /** Prints a live view of a run: one block per progress event. */
    public static final class LiveView implements RunListener {
        private final PrintStream out;

        public LiveView(PrintStream out) {
            this.out = out;
        }

        @Override
        public void progress(RunSnapshot run) {
            out.printf(Locale.ROOT, "%s %.1f s%n", run.phase(), run.elapsed().toNanos() / 1e9);
            for (ActorSnapshot a : run.actors()) {
                String waiting = a.waitingOn() == null ? "" : " on " + a.waitingOn();
                out.printf(Locale.ROOT, "  %-10s %-16s %,9d firings, busy %d ms%n",
                        a.name(), a.state() + waiting, a.firings(), a.busy().toMillis());
            }
            for (ChannelSnapshot c : run.channels()) {
                out.printf(Locale.ROOT, "  %-14s %,9d written, depth %,7d, %,.0f tokens/s%n",
                        c.name(), c.written(), c.depth(), c.rate());
            }
        }
    }

    /** Runs the mergesort sample in {@code work}, printing a live view to {@code out} every 100 ms. */
    public static RunResult run(Path work, PrintStream out) throws Exception {
        Workflow mergesort = SampleWorkflows.mergesort(WordSource.generated(300_000, 7));
        RunConfig config = RunConfig.builder()
                .workDirectory(work)
                .listener(new LiveView(out))
                .progressInterval(Duration.ofMillis(100))
                .build();
        try (Run run = Directors.dataDriven().start(mergesort, config)) {
            // A GUI may also ask at any time, from any thread: run.snapshot().
            return run.await();
        }
    }
    // DOCS:end
}
