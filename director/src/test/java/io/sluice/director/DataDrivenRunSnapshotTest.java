package io.sluice.director;

import static io.sluice.testing.TestActors.emit;
import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.ActorState;
import io.sluice.run.Director;
import io.sluice.run.Run;
import io.sluice.run.RunSnapshot;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class DataDrivenRunSnapshotTest extends RunSnapshotContractTest {
    @Override
    Director director() {
        return Directors.dataDriven();
    }

    @Test
    void aWriterBlockedOnAFullChannelIsShownWaitingToWrite() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Fn stuck = Fn.of(c -> {
            release.await();
            c.take(IN);
        }, IN);
        Workflow w = Workflow.builder("full")
                .actor("src", emit(Integer.class, List.of(1, 2, 3, 4)))
                .actor("stuck", stuck)
                .connect("src.out", "stuck.in", ChannelOptions.defaults().capacity(1))
                .build();
        try (Run run = director().start(w, watchedClosely().build())) {
            RunSnapshot s = awaitSnapshot(run, x -> x.actor("src").orElseThrow().state() == ActorState.WAITING_TO_WRITE);
            release.countDown();
            assertThat(s.actor("src").orElseThrow().waitingOn()).isEqualTo("src.out");
            assertThat(s.channel("src.out").orElseThrow().depth()).isEqualTo(1);
            assertThat(s.channel("src.out").orElseThrow().capacity()).isEqualTo(1);
            assertThat(s.channel("src.out").orElseThrow().capacityBytes()).as("a capacity in tokens alone")
                    .isEqualTo(io.sluice.channel.ChannelSpec.UNBOUNDED_BYTES);
            run.cancel();
        }
    }
}
