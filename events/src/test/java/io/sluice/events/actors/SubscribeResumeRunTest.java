package io.sluice.events.actors;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.director.Directors;
import io.sluice.durable.DurableRun;
import io.sluice.durable.WorkDirectory;
import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.events.Publisher;
import io.sluice.records.RecordValue;
import io.sluice.run.Run;
import io.sluice.run.RunFailedException;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A durable run that subscribes to a persistent event channel, stopped while it waits for events
 * and resumed once more were published,
 * ends with every event once, in order: the resumed subscribe actor starts after the last event
 * of its checkpoint, and the tokens it puts again up to where the stopped run got are checked
 * against its channel.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SubscribeResumeRunTest {
    @TempDir
    Path dir;

    private static RecordValue reading(int i) {
        return RecordValue.builder(Flows.READING).set("site", i % 3 == 0 ? "cellar" : "roof").set("level", i).build();
    }

    /** Waits until the subscribe actor of {@code run} has put {@code tokens} tokens on its output. */
    private static void awaitPut(Run run, long tokens) throws InterruptedException {
        Flows.await(() -> "the subscribe actor putting " + tokens + " tokens: " + run.snapshot(), Duration.ofSeconds(60),
                () -> run.snapshot().channels().stream().anyMatch(c -> c.read().containsKey("out.input") && c.written() >= tokens));
    }

    @Test
    void aStoppedRunResumedGetsEveryEventOnceInOrder() throws Exception {
        int n = 1000;
        Flows.inputs(dir, 0);
        try (EventChannels space = EventChannels.builder().directory(dir.resolve("events")).workers(2).build()) {
            space.declare("readings", Flows.READING, Durability.PERSISTENT);
            Publisher<RecordValue> pub = space.publisher("readings", Flows.READING);
            String flow = """
                    {"name": "slow-display",
                     "actors": [
                       {"name": "sub", "type": "subscribe",   "params": {"channel": "readings", "start": "beginning", "maxEvents": %d}},
                       {"name": "out", "type": "line-writer", "params": {"file": "events.txt"}}
                     ],
                     "channels": [{"from": "sub.output", "to": "out.input"}]}
                    """.formatted(n);
            Workflow workflow = Flows.workflow(dir, "display.json", flow, Flows.withLocal(space));
            Path work = dir.resolve("work");
            try (WorkDirectory directory = WorkDirectory.take(work)) {
                try (DurableRun durable = DurableRun.in(directory).start(workflow);
                        Run run = Directors.dataDriven().start(workflow, durable.config().build())) {
                    // It puts the first half as it comes, then waits for more, checkpointing between its firings;
                    // stopped there. (Published at a pace: after a fast burst of firings the director reads the
                    // clock for checkpoints only every so many firings, and a waiting firing lasts 100 ms.)
                    for (int i = 0; i < n / 2; i++) {
                        pub.publish(reading(i));
                        Thread.sleep(1);
                    }
                    // Stopped once it has put all it got (however long a loaded machine takes), and
                    // after a few of its waiting firings: their checkpoints follow its last put.
                    awaitPut(run, n / 2);
                    Thread.sleep(500);
                    run.cancel();
                    try {
                        run.await();
                    } catch (RunFailedException expected) {
                        // cancelled
                    }
                }
                for (int i = n / 2; i < n; i++) {
                    pub.publish(reading(i));
                }
                workflow = Flows.workflow(dir, "display.json", flow, Flows.withLocal(space));
                try (DurableRun durable = DurableRun.in(directory).resume(workflow)) {
                    assertThat(durable.restartPoints()).as("the subscribe actor restarts from a checkpoint").containsKey("sub");
                    Directors.dataDriven().run(workflow, durable.config().build());
                }
            }
            List<String> expected = IntStream.range(0, n).mapToObj(Flows::reading).toList();
            assertThat(Flows.events(work)).containsExactlyElementsOf(expected);
        }
    }
}
