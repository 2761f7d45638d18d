package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.run.ActorFailedException;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors.Collect;
import io.sluice.workflow.ChannelOptions;
import io.sluice.workflow.Workflow;
import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Which channels a run opens single-threaded ({@link io.sluice.channel.ChannelFactory#openSingleThreaded}):
 * those of its own factory under the directors that fire every actor on one thread, no others;
 * and such a run refuses a take or put from another thread.
 */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class SingleThreadedChannelsTest {
    private static final InputPort<Integer> IN = Port.input("in", Integer.class);
    private static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
    private static final List<Integer> NUMBERS = IntStream.range(0, 5000).boxed().toList();

    /** src → double → (sink, sink2): a channel with two readers. */
    private static Workflow fanOut(Collect<Integer> sink, Collect<Integer> sink2) {
        return Workflow.builder("fan")
                .actor("src", emit(Integer.class, NUMBERS))
                .actor("double", Fn.of(c -> c.put(OUT, 2 * c.take(IN)), IN, OUT))
                .actor("sink", sink)
                .actor("sink2", sink2)
                .connect("src.out", "double.in")
                .connect("double.out", "sink.in")
                .connect("double.out", "sink2.in")
                .build();
    }

    private static Set<String> openedSingleThreaded(Director director) throws Exception {
        RecordingChannels channels = new RecordingChannels();
        Collect<Integer> sink = collect(Integer.class);
        Collect<Integer> sink2 = collect(Integer.class);
        director.run(fanOut(sink, sink2), RunConfig.builder().channels(channels).build());
        List<Integer> doubled = NUMBERS.stream().map(x -> 2 * x).toList();
        assertThat(sink.tokens).isEqualTo(doubled);
        assertThat(sink2.tokens).as("the second reader of the same channel").isEqualTo(doubled);
        assertThat(channels.contents().keySet()).containsExactly("double.out", "src.out");
        return channels.singleThreaded();
    }

    @Test
    void theDemandDrivenAndSdfDirectorsOpenEveryChannelSingleThreaded() throws Exception {
        assertThat(openedSingleThreaded(Directors.demandDriven())).containsExactly("double.out", "src.out");
        assertThat(openedSingleThreaded(Directors.sdf())).containsExactly("double.out", "src.out");
    }

    @Test
    void theDataDrivenDirectorOpensNoneSingleThreaded() throws Exception {
        assertThat(openedSingleThreaded(Directors.dataDriven())).isEmpty();
    }

    @Test
    void aChannelInASpaceIsOpenedForAnyThread() throws Exception {
        URI space = URI.create("sluice://elsewhere:7000");
        RecordingChannels own = new RecordingChannels();
        RecordingChannels spaced = new RecordingChannels();
        Collect<Integer> sink = collect(Integer.class);
        Workflow wf = Workflow.builder("spaced")
                .actor("src", emit(Integer.class, NUMBERS))
                .actor("double", Fn.of(c -> c.put(OUT, 2 * c.take(IN)), IN, OUT))
                .actor("sink", sink)
                .connect("src.out", "double.in", ChannelOptions.defaults().space(space))
                .connect("double.out", "sink.in")
                .build();
        Directors.demandDriven().run(wf, RunConfig.builder().channels(own).space(space, spaced).build());
        assertThat(sink.tokens).hasSize(NUMBERS.size());
        assertThat(own.singleThreaded()).containsExactly("double.out");
        assertThat(spaced.contents().keySet()).containsExactly("src.out");
        assertThat(spaced.singleThreaded()).isEmpty();
    }

    @Test
    void aTakeOnAnotherThreadFailsTheRunNamingTheActorAndThreads() {
        for (Director director : List.of(Directors.demandDriven(), Directors.sdf())) {
            Workflow wf = Workflow.builder("elsewhere")
                    .actor("src", emit(Integer.class, NUMBERS))
                    .actor("helper", Fn.of(c -> {
                        CompletableFuture<Integer> taken = new CompletableFuture<>();
                        Thread t = new Thread(() -> {
                            try {
                                taken.complete(c.take(IN));
                            } catch (Throwable e) {
                                taken.completeExceptionally(e);
                            }
                        }, "user-thread");
                        t.start();
                        t.join();
                        c.put(OUT, taken.join());
                    }, IN, OUT))
                    .actor("sink", collect(Integer.class))
                    .connect("src.out", "helper.in")
                    .connect("helper.out", "sink.in")
                    .build();
            assertThatThrownBy(() -> director.run(wf, RunConfig.builder().build()))
                    .as(director.name())
                    .isInstanceOfSatisfying(ActorFailedException.class, e -> assertThat(e.actor()).isEqualTo("helper"))
                    .rootCause()
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("actor 'helper' took from port 'in' on thread 'user-thread'")
                    .hasMessageContaining("may be used only on the thread that fires the actor");
        }
    }

    @Test
    void aPutOnAnotherThreadFailsTheRun() {
        Workflow wf = Workflow.builder("elsewhere")
                .actor("src", Fn.of(c -> {
                    Thread t = new Thread(() -> c.put(OUT, 1), "user-thread");
                    CompletableFuture<Throwable> failed = new CompletableFuture<>();
                    t.setUncaughtExceptionHandler((th, e) -> failed.complete(e));
                    t.start();
                    t.join();
                    Throwable e = failed.getNow(null);
                    if (e instanceof Exception ex) {
                        throw ex;
                    }
                    c.finish();
                }, OUT))
                .actor("sink", collect(Integer.class))
                .connect("src.out", "sink.in")
                .build();
        assertThatThrownBy(() -> Directors.demandDriven().run(wf, RunConfig.builder().build()))
                .rootCause()
                .hasMessageContaining("actor 'src' put to port 'out' on thread 'user-thread'");
    }
}
