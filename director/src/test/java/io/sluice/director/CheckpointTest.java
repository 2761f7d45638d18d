package io.sluice.director;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Resumable;
import io.sluice.actor.Stateless;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.run.Checkpoint;
import io.sluice.run.Checkpoints;
import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;
import io.sluice.testing.NoLeakedThreads;
import io.sluice.testing.TestActors.Collect;
import io.sluice.workflow.Workflow;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Checkpoints under both directors: resumable actors ({@link Stateless}, {@link Resumable}) are
 * checkpointed between firings and when they end, and restart where {@link Checkpoints} says,
 * with their snapshot, after the channels were opened there.
 */
@ExtendWith(NoLeakedThreads.class)
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class CheckpointTest {
    static List<Director> directors() {
        return List.of(Directors.dataDriven(), Directors.demandDriven());
    }

    /** Emits 0..count-1, one per firing; its snapshot is the next number. */
    static class Numbers implements Actor, Resumable {
        static final OutputPort<Integer> OUT = Port.output("out", Integer.class);
        final int count;
        int next;
        int initialized;
        final List<Long> firings = new ArrayList<>();
        final List<byte[]> resumedWith = new ArrayList<>();

        Numbers(int count) {
            this.count = count;
        }

        @Override
        public List<Port<?>> ports() {
            return List.of(OUT);
        }

        @Override
        public void initialize(ActorContext context) {
            initialized++;
        }

        @Override
        public void fire(FiringContext context) {
            firings.add(context.firing());
            if (next == count) {
                context.finish();
                return;
            }
            context.put(OUT, next++);
        }

        @Override
        public byte[] snapshot() {
            return ByteBuffer.allocate(4).putInt(next).array();
        }

        @Override
        public void resume(ActorContext context, byte[] snapshot) {
            resumedWith.add(snapshot);
            next = ByteBuffer.wrap(snapshot).getInt();
        }
    }

    /** Doubles each number; stateless. */
    @Stateless
    static final class Double implements Actor {
        static final InputPort<Integer> IN = Port.input("in", Integer.class);
        static final OutputPort<Integer> OUT = Port.output("out", Integer.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(IN, OUT);
        }

        @Override
        public void fire(FiringContext context) {
            context.put(OUT, 2 * context.take(IN));
        }
    }

    /** Checkpoints kept in memory: saves every one it is given, restarts actors where told. */
    static final class Saved implements Checkpoints {
        final List<Checkpoint> saved = new CopyOnWriteArrayList<>();
        final Map<String, Checkpoint> restarts = new HashMap<>();
        final Duration interval;

        Saved(Duration interval) {
            this.interval = interval;
        }

        @Override
        public Optional<Checkpoint> restartPoint(String actor) {
            return Optional.ofNullable(restarts.get(actor));
        }

        @Override
        public void save(Checkpoint checkpoint) {
            saved.add(checkpoint);
        }

        @Override
        public Duration interval() {
            return interval;
        }

        List<Checkpoint> of(String actor) {
            return saved.stream().filter(c -> c.actor().equals(actor)).toList();
        }
    }

    private static Workflow pipeline(Actor source, Actor middle, Actor sink) {
        return Workflow.builder("p")
                .actor("src", source)
                .actor("double", middle)
                .actor("sink", sink)
                .connect("src.out", "double.in")
                .connect("double.out", "sink.in")
                .build();
    }

    /** Checkpoints that restart {@code src} at firing 40, its snapshot the number 40, its output at seq 0 (memory channels start empty). */
    private static Saved sourceRestartsAt40() {
        Saved checkpoints = new Saved(Duration.ofSeconds(10));
        checkpoints.restarts.put("src", new Checkpoint("src", 40, Map.of(), Map.of("src.out", 0L),
                ByteBuffer.allocate(4).putInt(40).array(), false));
        return checkpoints;
    }

    private static RunResult run(Director director, Workflow workflow, Checkpoints checkpoints) throws Exception {
        return director.run(workflow, RunConfig.builder().channels(MemoryChannels.factory()).checkpoints(checkpoints).build());
    }

    @ParameterizedTest
    @MethodSource("directors")
    void resumableActorsAreCheckpointedBetweenFiringsAndWhenTheyEnd(Director director) throws Exception {
        Saved checkpoints = new Saved(Duration.ofNanos(1));
        Collect<Integer> sink = collect(Integer.class);
        run(director, pipeline(new Numbers(300), new Double(), sink), checkpoints);

        assertThat(checkpoints.of("sink")).as("a plain actor is not checkpointed").isEmpty();
        List<Checkpoint> source = checkpoints.of("src");
        assertThat(source).isNotEmpty();
        assertThat(source.get(source.size() - 1)).satisfies(last -> {
            assertThat(last.ended()).isTrue();
            assertThat(last.firing()).isEqualTo(301);
            assertThat(last.writers()).isEqualTo(Map.of("src.out", 300L));
            assertThat(ByteBuffer.wrap(last.state()).getInt()).isEqualTo(300);
        });
        for (Checkpoint c : source) {
            assertThat(c.writers().get("src.out")).as("each checkpoint's position follows its firing").isEqualTo(Math.min(c.firing(), 300));
            assertThat(ByteBuffer.wrap(c.state()).getInt()).isEqualTo((int) Math.min(c.firing(), 300));
        }
        assertThat(source.stream().map(Checkpoint::firing).toList()).isSorted();
        List<Checkpoint> doubler = checkpoints.of("double");
        assertThat(doubler).isNotEmpty().allSatisfy(c -> {
            assertThat(c.state()).as("a stateless actor has no snapshot").isEmpty();
            assertThat(c.readers().get("double.in")).isEqualTo(c.writers().get("double.out"));
        });
        assertThat(doubler.get(doubler.size() - 1).readers()).isEqualTo(Map.of("double.in", 300L));
    }

    @ParameterizedTest
    @MethodSource("directors")
    void anActorRestartsFromItsCheckpointWithItsSnapshot(Director director) throws Exception {
        Saved checkpoints = sourceRestartsAt40();
        Numbers source = new Numbers(100);
        Collect<Integer> sink = collect(Integer.class);
        RunResult result = run(director, pipeline(source, new Double(), sink), checkpoints);

        assertThat(source.initialized).as("resume, not initialize").isZero();
        assertThat(source.resumedWith).hasSize(1);
        assertThat(source.firings.get(0)).as("firing numbers go on from the checkpoint").isEqualTo(40);
        assertThat(result.actor("src").orElseThrow().firings()).isEqualTo(101);
        assertThat(sink.tokens).isEqualTo(IntStream.range(40, 100).map(x -> 2 * x).boxed().toList());
    }

    @ParameterizedTest
    @MethodSource("directors")
    void aRestartedActorsFiringsAreLoggedFromItsCheckpoint(Director director) throws Exception {
        Saved checkpoints = sourceRestartsAt40();
        LoggedFirings logged = new LoggedFirings();
        director.run(pipeline(new Numbers(100), new Double(), collect(Integer.class)),
                RunConfig.builder().channels(MemoryChannels.factory()).checkpoints(checkpoints).listener(logged).build());

        // Firings 40 to 99 put one token each, from seq 0 on; firing 100 finds the end of its numbers.
        List<LoggedFirings.Logged> source = logged.actors.get("src").firings;
        assertThat(source).hasSize(61);
        for (int i = 0; i < source.size(); i++) {
            LoggedFirings.Logged f = source.get(i);
            long put = Math.min(i, 60);
            assertThat(f.firing()).as("firing logged %d", i).isEqualTo(40 + i);
            assertThat(f.from()).as("firing %d from", f.firing()).containsExactly(put);
            assertThat(f.to()).as("firing %d to", f.firing()).containsExactly(Math.min(i + 1L, 60L));
        }
        List<LoggedFirings.Logged> doubler = logged.actors.get("double").firings;
        assertThat(doubler).as("the actor after it starts afresh").first()
                .satisfies(f -> assertThat(f.firing()).isZero());
        assertThat(doubler.get(59).to()).as("double's ports after its 60th firing").containsExactly(60L, 60L);
    }

    @ParameterizedTest
    @MethodSource("directors")
    void anActorThatHadEndedIsEndedWithoutAFiring(Director director) throws Exception {
        Saved checkpoints = new Saved(Duration.ofSeconds(10));
        checkpoints.restarts.put("src", new Checkpoint("src", 101, Map.of(), Map.of("src.out", 0L),
                ByteBuffer.allocate(4).putInt(100).array(), true));
        Numbers source = new Numbers(100);
        Collect<Integer> sink = collect(Integer.class);
        run(director, pipeline(source, new Double(), sink), checkpoints);

        assertThat(source.firings).isEmpty();
        assertThat(source.resumedWith).hasSize(1);
        assertThat(sink.tokens).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("directors")
    void aRestartPointTheChannelsWereNotOpenedAtFailsTheRun(Director director) {
        Saved checkpoints = new Saved(Duration.ofSeconds(10));
        checkpoints.restarts.put("double", new Checkpoint("double", 7, Map.of("double.in", 7L), Map.of("double.out", 7L),
                new byte[0], false));
        assertThatThrownBy(() -> run(director, pipeline(new Numbers(10), new Double(), collect(Integer.class)), checkpoints))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("actor 'double' restarts at firing 7")
                .hasMessageContaining("input 'in' at seq 7")
                .hasMessageContaining("channel 'src.out' opened with it at seq 0");
    }

    @ParameterizedTest
    @MethodSource("directors")
    void aSnapshotThatFailsFailsTheRunNamingTheActor(Director director) {
        Saved checkpoints = new Saved(Duration.ofNanos(1));
        Numbers failing = new Numbers(50) {
            @Override
            public byte[] snapshot() {
                throw new IllegalStateException("no room for the snapshot");
            }
        };
        assertThatThrownBy(() -> run(director, pipeline(failing, map(Integer.class, Integer.class, x -> x), collect(Integer.class)),
                checkpoints))
                .isInstanceOf(RunFailedException.class)
                .hasMessageContaining("the checkpoint of actor 'src'")
                .hasMessageContaining("no room for the snapshot");
    }
}
