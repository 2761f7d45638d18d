package io.sluice.composite.replicas;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.ChannelPolicy;
import io.sluice.director.Directors;
import io.sluice.durable.DurableRun;
import io.sluice.durable.WorkDirectory;
import io.sluice.provenance.CopyShare;
import io.sluice.provenance.Lineage;
import io.sluice.provenance.ProvExport;
import io.sluice.provenance.ProvenanceException;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.provenance.TokenRef;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import io.sluice.run.WorkLayout;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The provenance store says which copy of a replicated actor took and put which tokens: the
 * shares of every firing tile its record, each copy's outputs are what it makes of its inputs, and
 * a token's lineage leads to the copy that put it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ReplicatedProvenanceTest {
    private static final int TOKENS = 2000;

    @TempDir
    Path dir;

    @Test
    void everyFiringOfAReplicatedActorSaysWhichCopyTookAndPutWhichTokens() throws Exception {
        // inputs 0..TOKENS-1, so a token of work.in has its seq as its value; copy 1 is the slow one
        Workflow workflow = Runs.arith(IntStream.range(0, TOKENS).boxed().toList(), 3, i -> new Arith(i == 1 ? 100_000 : 0));
        Path work = dir.resolve("work");
        try (WorkDirectory directory = WorkDirectory.take(work);
                DurableRun run = DurableRun.in(directory).policy(ChannelPolicy.DIRECT).start(workflow)) {
            Directors.dataDriven().run(workflow, run.config().build());
        }
        long[] byCopy = ((ReplicatedActor) workflow.actor("work").orElseThrow().actor()).tokensByCopy();
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            long[] tokens = checkShares(store, TOKENS);
            assertThat(tokens).as("tokens each copy took, by provenance and by the actor").containsExactly(byCopy);
            assertThat(java.util.Arrays.stream(tokens).min().orElseThrow()).as("fewest tokens a copy took").isPositive();

            FiringRecord source = store.firing("src", 0).orElseThrow();
            assertThat(store.copies(source)).as("an actor that is not replicated").isEmpty();
            assertThat(store.copyThatMoved(source, new TokenRef("src.out", 0))).isEmpty();

            // the lineage of an output token: the firing that put it, and in it the copy that put it took its input
            for (long seq : new long[] {0, 700, 1500}) {
                TokenRef token = new TokenRef("work.out", seq);
                Lineage lineage = store.lineage(token, Lineage.Direction.BACKWARD, 1);
                FiringRecord put = lineage.steps().get(0).firing();
                int copy = store.copyThatMoved(put, token).orElseThrow();
                int x = ((Integer) store.value(token) - 1) / 3;
                CopyShare share = store.copies(put).stream().filter(s -> s.copy() == copy).findFirst().orElseThrow();
                assertThat(share.moved(new TokenRef("src.out", x))).as("copy %d of %s took the %d that %s came from", copy, put,
                        x, token).isTrue();
                assertThat(store.copyThatMoved(put, new TokenRef("src.out", x))).hasValue(copy);
            }
        }

        // PROV says which copy used and generated each token of a replicated actor's firing
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            TokenRef token = new TokenRef("work.out", 700);
            Lineage lineage = store.lineage(token, Lineage.Direction.BACKWARD, 1);
            int copy = store.copyThatMoved(lineage.steps().get(0).firing(), token).orElseThrow();
            java.io.StringWriter provN = new java.io.StringWriter();
            ProvExport.ofLineage(store, lineage).provN(provN);
            assertThat(provN.toString()).contains("wasGeneratedBy(run:t-work.out-700, run:f-work-"
                    + lineage.steps().get(0).firing().firing() + ", -, [sluice:copy=" + copy + "])");
            java.io.StringWriter json = new java.io.StringWriter();
            ProvExport.ofRun(store).provJson(json);
            assertThat(json.toString()).containsPattern("\"sluice:copy\" ?: ?" + copy);
        }

        // a copy log that disagrees with the provenance is an error naming the log and the firing
        Path log = WorkLayout.replicaLog(work, "work");
        List<String> lines = new ArrayList<>(Files.readAllLines(log));
        int first = lines.indexOf(lines.stream().filter(l -> l.startsWith("0\t")).findFirst().orElseThrow());
        String[] f = lines.get(first).split("\t");
        f[3] = String.valueOf(Integer.parseInt(f[3]) + 1);
        lines.set(first, String.join("\t", f));
        Files.write(log, lines);
        try (ProvenanceStore store = ProvenanceStore.open(work)) {
            FiringRecord firing0 = store.firing("work", 0).orElseThrow();
            assertThatThrownBy(() -> store.copies(firing0)).isInstanceOf(ProvenanceException.class)
                    .hasMessageContaining("the copy log " + log + " disagrees with the provenance of firing 0 of 'work'");
        }
    }

    /**
     * Checks every firing of {@code work}: its shares tile what it consumed and produced, in copy
     * order, and each share put on {@code out} and {@code evens} what {@link Arith} makes of the
     * tokens it took, and together they took {@code total} tokens. Returns the tokens each copy took.
     */
    static long[] checkShares(ProvenanceStore store, int total) {
        long[] tokens = new long[3];
        List<FiringRecord> firings = new ArrayList<>();
        store.firings("work", 0, Long.MAX_VALUE, firings::add);
        assertThat(firings).isNotEmpty();
        long next = 0;
        for (FiringRecord f : firings) {
            List<CopyShare> shares = store.copies(f);
            if (f.consumed().isEmpty()) { // the firing that met the end of the input
                assertThat(shares).as("shares of %s", f).isEmpty();
                continue;
            }
            assertThat(shares).as("shares of %s", f).isNotEmpty();
            assertThat(shares).extracting(CopyShare::copy).isSorted().doesNotHaveDuplicates();
            for (CopyShare share : shares) {
                PortRange in = share.consumed().get(0);
                assertThat(in.fromSeq()).as("%s of %s", share, f).isEqualTo(next);
                next = in.toSeq();
                tokens[share.copy()] += in.count();
                long out = count(in, x -> x % 7 != 0);
                long evens = count(in, x -> x % 2 == 0);
                assertThat(put(share, "out")).as("%s of %s", share, f).isEqualTo(out);
                assertThat(put(share, "evens")).as("%s of %s", share, f).isEqualTo(evens);
            }
            assertThat(next).isEqualTo(f.consumed().get(0).toSeq());
            for (PortRange produced : f.produced()) {
                List<PortRange> parts = shares.stream().flatMap(s -> s.produced().stream())
                        .filter(r -> r.port().equals(produced.port())).toList();
                assertThat(parts.get(0).fromSeq()).isEqualTo(produced.fromSeq());
                for (int i = 1; i < parts.size(); i++) {
                    assertThat(parts.get(i).fromSeq()).isEqualTo(parts.get(i - 1).toSeq());
                }
                assertThat(parts.get(parts.size() - 1).toSeq()).isEqualTo(produced.toSeq());
            }
        }
        assertThat(next).as("tokens the copies took").isEqualTo(total);
        return tokens;
    }

    private static long put(CopyShare share, String port) {
        return share.produced().stream().filter(r -> r.port().equals(port)).mapToLong(PortRange::count).sum();
    }

    /** How many tokens of a range of {@code work.in}, whose tokens are their seqs, match {@code p}. */
    private static long count(PortRange range, java.util.function.LongPredicate p) {
        return java.util.stream.LongStream.range(range.fromSeq(), range.toSeq()).filter(p).count();
    }
}
