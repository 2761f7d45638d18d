package io.sluice.composite.replicas;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.actor.FiringContext;
import io.sluice.actor.Stateless;
import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.workflow.CopySource;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The extension point {@link CopySource} with copies made in the test, no space: copies elsewhere
 * that answer, and copies that are lost with slices, whose slices the local copy fires again, one
 * slice at a time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CopySourceTest {
    @TempDir
    Path dir;

    /**
     * An {@link Arith} that counts the firings that overlapped another one of the same instance:
     * two local copies, so that two slices of one copy could run on the actor's two threads.
     */
    @Stateless
    static final class Guarded implements io.sluice.actor.Actor {
        private final Arith arith;
        private final AtomicInteger inside = new AtomicInteger();
        private final AtomicInteger overlaps;

        Guarded(AtomicInteger overlaps, long delayNanos) {
            this.overlaps = overlaps;
            this.arith = new Arith(delayNanos);
        }

        @Override
        public List<io.sluice.actor.Port<?>> ports() {
            return arith.ports();
        }

        @Override
        public void fire(FiringContext context) {
            if (inside.incrementAndGet() > 1) {
                overlaps.incrementAndGet();
            }
            try {
                arith.fire(context);
            } finally {
                inside.decrementAndGet();
            }
        }
    }

    /** The firing context of a copy fired by the test's copy elsewhere: one token, puts recorded. */
    private record Recording(Object token, List<CopySource.Put> puts) implements FiringContext {
        @Override
        public long firing() {
            return 0;
        }

        @Override
        public <T> T take(io.sluice.actor.InputPort<T> port) {
            return port.type().cast(token);
        }

        @Override
        public boolean hasNext(io.sluice.actor.InputPort<?> port) {
            return true;
        }

        @Override
        public <T> void put(io.sluice.actor.OutputPort<T> port, T value) {
            puts.add(new CopySource.Put(port.name(), value));
        }

        @Override
        public void finish() {
            throw new UnsupportedOperationException();
        }

        @Override
        public void declareStateEmpty() {}

        @Override
        public String actorName() {
            return "work";
        }

        @Override
        public String runId() {
            return "test";
        }

        @Override
        public Path workDirectory() {
            throw new IllegalStateException();
        }

        @Override
        public Path outputFile(String parameter) {
            throw new IllegalArgumentException();
        }
    }

    private static List<Integer> inputs(int n) {
        Random random = new Random(9);
        return IntStream.range(0, n).mapToObj(i -> random.nextInt(1000)).toList();
    }

    /** A copy elsewhere that fires an {@link Arith} here, or fails every slice if {@code lost}. */
    private static CopySource.Copy copy(String where, boolean lost, AtomicInteger slices) {
        Arith arith = new Arith(0);
        return new CopySource.Copy() {
            @Override
            public String where() {
                return where;
            }

            @Override
            public CompletableFuture<CopySource.Fired> fire(long firing, int offset, List<Object> tokens) {
                slices.incrementAndGet();
                if (lost) {
                    return CompletableFuture.failedFuture(new IllegalStateException(where + " is gone"));
                }
                List<List<CopySource.Put>> puts = new ArrayList<>();
                for (Object token : tokens) {
                    List<CopySource.Put> p = new ArrayList<>();
                    arith.fire(new Recording(token, p));
                    puts.add(p);
                }
                return CompletableFuture.completedFuture(new CopySource.Fired(puts, 1_000));
            }
        };
    }

    private static CopySource source(List<CopySource.Copy> copies) {
        return new CopySource() {
            private boolean given;

            @Override
            public List<Copy> joined() {
                if (given) {
                    return List.of();
                }
                given = true;
                return copies;
            }

            @Override
            public void close() {}
        };
    }

    @Test
    void copiesElsewhereAnswerAndLostOnesSlicesAreFiredHereOneAtATime() throws Exception {
        List<Integer> inputs = inputs(5000);
        Runs.Outputs expected = Runs.run(Runs.arith(inputs, 0, i -> new Arith(0)), "data");
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger lostSlices = new AtomicInteger();
        AtomicInteger overlaps = new AtomicInteger();
        // copy 0 slow, copy 1 fast: a second slice of copy 0 would start on the thread copy 1 left
        Workflow w = Runs.arith(inputs, 2, i -> new Guarded(overlaps, i == 0 ? 300_000 : 0));
        ReplicatedActor replicated = (ReplicatedActor) w.actor("work").orElseThrow().actor();
        replicated.acceptCopies(source(List.of(copy("answers", false, answered), copy("lost-a", true, lostSlices),
                copy("lost-b", true, lostSlices))));
        Path work = Files.createDirectories(dir.resolve("run"));
        Directors.dataDriven().run(w, RunConfig.builder().workDirectory(work).build());

        assertThat(Runs.outputs(w)).isEqualTo(expected);
        assertThat(overlaps.get()).as("firings of the local copy that overlapped").isZero();
        assertThat(lostSlices.get()).as("each lost copy was given one slice, then no more").isEqualTo(2);
        assertThat(answered.get()).isPositive();
        long[] byCopy = replicated.tokensByCopy();
        assertThat(byCopy).hasSize(5);
        assertThat(byCopy[0] + byCopy[1] + byCopy[2]).isEqualTo(inputs.size());
        assertThat(byCopy[3]).isZero();
        assertThat(byCopy[4]).isZero();
        String log = Files.readString(work.resolve("replicas/work.tsv"));
        assertThat(log).contains("#lost\t3\t").contains("#lost\t4\t");
        assertThat(ReplicatedActor.readCopyPlaces(work, "work"))
                .isEqualTo(Map.of(0, "local", 1, "local", 2, "answers", 3, "lost-a", 4, "lost-b"));
    }
}
