package io.sluice.composite.replicas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InitialTokens;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.director.SdfSchedule;
import io.sluice.run.WorkLayout;
import io.sluice.samples.PrefixFilter;
import io.sluice.testing.TestActors;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What a replicated actor keeps of its copies (initial tokens), what refuses it (SDF), and its copy log after a resume. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReplicatedLimitsTest {
    @TempDir
    Path work;

    /** A one-token delay: puts "first" before its first firing, then each token it takes. */
    @Stateless
    public static final class Delay implements Actor, InitialTokens {
        static final InputPort<String> IN = Port.input("in", String.class);
        static final OutputPort<String> OUT = Port.output("out", String.class);

        @Override
        public List<Port<?>> ports() {
            return List.of(IN, OUT);
        }

        @Override
        public void fire(FiringContext context) {
            context.put(OUT, context.take(IN));
        }

        @Override
        public List<?> initialTokens(OutputPort<?> port) {
            return List.of("first");
        }
    }

    @Test
    void theInitialTokensItsCopiesDeclareAreOnItsOutputChannel() {
        Workflow w = Workflow.builder("delayed").actor("src", TestActors.emit(String.class, List.of("a", "b")))
                .replicated("delay", 2, Delay::new)
                .actor("sink", TestActors.collect(String.class))
                .connect("src.out", "delay.in").connect("delay.out", "sink.in").build();
        assertThat(w.channels().stream().filter(c -> c.name().equals("delay.out")).findFirst().orElseThrow().initialTokens())
                .containsExactly("first");
    }

    @Test
    void theSdfDirectorRefusesAReplicatedActorNamingIt() {
        Workflow w = Workflow.builder("filter").actor("src", TestActors.emit(String.class, List.of("a", "b")))
                .replicated("filter", 2, () -> new PrefixFilter("a"))
                .actor("sink", TestActors.collect(String.class))
                .connect("src.out", "filter.in").connect("filter.out", "sink.in").build();
        assertThatThrownBy(() -> SdfSchedule.of(w)).hasMessageContaining("actor 'filter' is replicated (2 copies)")
                .hasMessageContaining("data- or demand-driven");
    }

    @Test
    void aRepeatedFiringReplacesItsSlicesAndALineCutByAKillIsSkipped() throws Exception {
        Path log = WorkLayout.replicaLog(work, "f");
        Files.createDirectories(log.getParent());
        Files.writeString(log, String.join("\n", "# firing\tcopy\toffset\tcount",
                "11\t0\t0\t30", "11\t1\t30\t34",
                "12\t0\t0\t32", "12\t1\t32\t32",
                "13\t0\t0\t3", // cut off by the kill
                "#resumed",
                "12\t0\t0\t40", "12\t1\t40\t24",
                "13\t0\t0\t64", ""));

        assertThat(ReplicatedActor.readCopyLog(work, "f")).containsExactly(
                new ReplicatedActor.CopySlice(11, 0, 0, 30), new ReplicatedActor.CopySlice(11, 1, 30, 34),
                new ReplicatedActor.CopySlice(12, 0, 0, 40), new ReplicatedActor.CopySlice(12, 1, 40, 24),
                new ReplicatedActor.CopySlice(13, 0, 0, 64));
    }

    @Test
    void tooFewOrTooManyReplicasAreRefusedNamingTheActorBeforeAnyCopyIsMade() {
        java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
        for (int k : new int[] {0, -3, ReplicatedActor.MAX_REPLICAS + 1, Integer.MAX_VALUE}) {
            assertThatThrownBy(() -> Workflow.builder("w").replicated("f", k, () -> {
                made.incrementAndGet();
                return new PrefixFilter("a");
            })).isInstanceOf(io.sluice.workflow.WorkflowDefinitionException.class)
                    .hasMessageContaining("actor 'f' cannot be replicated: replicas must be at least 1 and at most "
                            + ReplicatedActor.MAX_REPLICAS + ", not " + k);
        }
        assertThat(made).as("copies made for a refused count").hasValue(0);
        List<PrefixFilter> tooMany = java.util.stream.IntStream.rangeClosed(0, ReplicatedActor.MAX_REPLICAS)
                .mapToObj(i -> new PrefixFilter("a")).toList();
        assertThatThrownBy(() -> Workflow.builder("w").replicated("f", tooMany, "prefix-filter", java.util.Map.of()))
                .hasMessageContaining("actor 'f' cannot be replicated: " + (ReplicatedActor.MAX_REPLICAS + 1)
                        + " copies are more than the " + ReplicatedActor.MAX_REPLICAS);
        Workflow most = Workflow.builder("w").actor("src", TestActors.emit(String.class, List.of("a", "b")))
                .replicated("f", ReplicatedActor.MAX_REPLICAS, () -> new PrefixFilter("a"))
                .actor("sink", TestActors.collect(String.class))
                .connect("src.out", "f.in").connect("f.out", "sink.in").build();
        assertThat(((ReplicatedActor) most.actor("f").orElseThrow().actor()).replicas()).isEqualTo(ReplicatedActor.MAX_REPLICAS);
    }

    @Test
    void theLogSaysWhatEachCopyPutAndSkipsALineWithPutsCutByAKill() throws Exception {
        Path log = WorkLayout.replicaLog(work, "f");
        Files.createDirectories(log.getParent());
        Files.writeString(log, String.join("\n", "# firing\tcopy\toffset\tcount\tputs",
                "0\t0\t0\t3\tout=2;evens=0;", "0\t1\t3\t5\tout=5;evens=3;",
                "1\t0\t0\t8\tout=4;", // cut off by the kill: "evens=...;" is missing
                "#resumed",
                "1\t0\t0\t8\tout=4;evens=1;",
                "2\t0\t0\t8\tout=1;ev")); // cut off by a second kill, with no newline
        assertThat(ReplicatedActor.readCopyLog(work, "f")).containsExactly(
                new ReplicatedActor.CopySlice(0, 0, 0, 3, java.util.Map.of("out", 2L, "evens", 0L)),
                new ReplicatedActor.CopySlice(0, 1, 3, 5, java.util.Map.of("out", 5L, "evens", 3L)),
                new ReplicatedActor.CopySlice(1, 0, 0, 8, java.util.Map.of("out", 4L, "evens", 1L)));
        ReplicatedActor.CopySlice slice = new ReplicatedActor.CopySlice(7, 2, 64, 32, java.util.Map.of("out", 30L));
        assertThat(slice.line()).isEqualTo("7\t2\t64\t32\tout=30;");

        Files.writeString(log, "0\t0\t0\t3\tout=2\n0\t1\t3\t5\tout=5;\n");
        assertThatThrownBy(() -> ReplicatedActor.readCopyLog(work, "f")).hasMessageContaining(log + ":1")
                .hasMessageContaining("do not end with ';'");
    }

    @Test
    void aMalformedLineInTheMiddleIsAnErrorNamingTheFileAndLine() throws Exception {
        Path log = WorkLayout.replicaLog(work, "f");
        Files.createDirectories(log.getParent());
        Files.writeString(log, "11\t0\t0\n12\t0\t0\t3\n");
        assertThatThrownBy(() -> ReplicatedActor.readCopyLog(work, "f")).hasMessageContaining(log + ":1");
    }
}
