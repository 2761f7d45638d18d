package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.run.Director;
import io.sluice.run.FiringRecord;
import io.sluice.run.RunListener;
import io.sluice.run.RunResult;
import io.sluice.testing.TestActors.Collect;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemandDrivenDirectorTest extends DirectorContractTest {

    @Override
    Director director() {
        return Directors.demandDriven();
    }

    @Test
    void isFoundByName() {
        assertThat(Directors.named("demand")).isSameAs(director());
        assertThatThrownBy(() -> Directors.named("sdf")).hasMessage("unknown director 'sdf'; known: [data, demand]");
    }

    @Test
    void aLongChainOfDemandsFitsTheDirectorsStack() throws Exception {
        Workflow.Builder wf = Workflow.builder("long").actor("src", emit(Integer.class, range(0, 10)));
        String previous = "src";
        for (int i = 0; i < 2000; i++) {
            wf.actor("p" + i, pass()).connect(previous + ".out", "p" + i + ".in");
            previous = "p" + i;
        }
        Collect<Integer> sink = collect(Integer.class);
        wf.actor("sink", sink).connect(previous + ".out", "sink.in");
        run(wf.build());
        assertThat(sink.tokens).isEqualTo(range(0, 10));
    }

    @Test
    void anActorFiresOnlyWhenItsOutputIsNeeded() throws Exception {
        List<FiringRecord> order = Collections.synchronizedList(new ArrayList<>());
        RunListener listener = new RunListener() {
            @Override
            public boolean wantsFirings() {
                return true;
            }

            @Override
            public void firingEnded(FiringRecord firing) {
                order.add(firing);
            }
        };
        RunResult result = director().run(Workflow.builder("lazy")
                .actor("src", emit(Integer.class, range(0, 3)))
                .actor("p", pass())
                .actor("sink", collect(Integer.class))
                .connect("src.out", "p.in")
                .connect("p.out", "sink.in")
                .build(), config().listener(listener).build());

        // The sink asks p, p asks src: each token travels the whole pipeline before the next is made.
        assertThat(names(order)).isEqualTo("src#0 p#0 sink#0 src#1 p#1 sink#1 src#2 p#2 sink#2 src#3 p#3 sink#3");
        assertThat(result.channels()).allSatisfy(c -> assertThat(c.peakDepth()).isEqualTo(1));
    }
}
