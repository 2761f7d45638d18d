package io.sluice.bench;

import io.sluice.channel.ChannelStats;
import io.sluice.provenance.Lineage;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.provenance.TokenRef;
import io.sluice.run.ActorStats;
import io.sluice.run.RunResult;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * What a run's provenance cost on disk, and how fast it answers: after a run that recorded it,
 * times backward lineage queries of random tokens of the result channel, to depth 1 and 3.
 */
final class ProvenanceProbe {
    /** Queries timed per depth, after as many untimed ones; fewer if the time budget runs out. */
    static final int QUERIES = 100;
    static final long BUDGET_NANOS = 3_000_000_000L;

    private ProvenanceProbe() {}

    /**
     * @param bytes disk blocks allocated to {@code <work>/provenance}
     * @param firings firings the run recorded (all actors)
     * @param lineage1Nanos median time of a depth-1 backward lineage, -1 if none was timed
     * @param lineage3Nanos median time of a depth-3 backward lineage, -1 if none was timed
     * @param queries how many queries of each depth were timed
     */
    record Result(long bytes, long firings, long lineage1Nanos, long lineage3Nanos, int queries) {
        double bytesPerFiring() {
            return firings == 0 ? 0 : (double) bytes / firings;
        }
    }

    static Result measure(Path runDirectory, RunResult result, String outputChannel, long seed) throws IOException {
        long bytes = DiskUsage.allocated(runDirectory.resolve("provenance"));
        long firings = result.actors().stream().mapToLong(ActorStats::firings).sum();
        long tokens = result.channel(outputChannel).map(ChannelStats::tokensWritten).orElse(0L);
        if (tokens == 0) {
            return new Result(bytes, firings, -1, -1, 0);
        }
        try (ProvenanceStore store = ProvenanceStore.open(runDirectory)) {
            SplittableRandom random = new SplittableRandom(seed);
            long deadline = System.nanoTime() + BUDGET_NANOS;
            long[] depth1 = time(store, outputChannel, tokens, 1, random, deadline);
            long[] depth3 = time(store, outputChannel, tokens, 3, random, deadline);
            return new Result(bytes, firings, median(depth1), median(depth3), Math.min(depth1.length, depth3.length));
        }
    }

    private static long[] time(ProvenanceStore store, String channel, long tokens, int depth, SplittableRandom random, long deadline) {
        long[] times = new long[QUERIES];
        int n = 0;
        for (int i = 0; i < 2 * QUERIES && System.nanoTime() < deadline; i++) {
            TokenRef token = new TokenRef(channel, random.nextLong(tokens));
            long t0 = System.nanoTime();
            Lineage lineage = store.lineage(token, Lineage.Direction.BACKWARD, depth);
            long t = System.nanoTime() - t0;
            if (lineage.steps().isEmpty()) {
                throw new IllegalStateException("no recorded firing produced " + token);
            }
            if (i >= QUERIES) {
                times[n++] = t;
            }
        }
        return Arrays.copyOf(times, n);
    }

    private static long median(long[] times) {
        if (times.length == 0) {
            return -1;
        }
        long[] sorted = times.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }
}
