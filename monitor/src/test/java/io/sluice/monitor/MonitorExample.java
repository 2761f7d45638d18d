package io.sluice.monitor;

import io.sluice.director.Directors;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.workflow.Workflow;
import java.io.PrintStream;
import java.time.Duration;

/**
 * How a program shows a run on the monitor's page: {@code docs/monitor.md} shows the method between
 * the markers, {@link MonitorExampleTest} runs it and checks that the page shows it unchanged.
 */
final class MonitorExample {
    private MonitorExample() {}

    // BEGIN example
    /**
     * Runs {@code workflow} while serving its live page, whose address it prints to {@code out};
     * the page stays up {@code linger} after the run, showing how it ended.
     */
    static RunResult runWatched(Workflow workflow, PrintStream out, Duration linger) throws Exception {
        try (RunMonitor monitor = RunMonitor.start()) { // loopback, any free port
            out.println("watch the run at " + monitor.uri());
            RunConfig config = RunConfig.builder()
                    .listener(monitor)
                    .progressInterval(Duration.ofMillis(500)) // how often the page is updated
                    .build();
            try (Run run = Directors.dataDriven().start(workflow, config)) {
                RunResult result = run.await();
                Thread.sleep(linger.toMillis());
                return result;
            }
        } // closing the monitor ends its thread and frees its port
    }
    // END example
}
