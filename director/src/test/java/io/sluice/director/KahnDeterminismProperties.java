package io.sluice.director;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.Director;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.testing.NoLeakedThreads;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;

/**
 * Invariant 1, Kahn determinism: for deterministic actors every channel's contents are the same
 * whichever director runs the workflow and however threads interleave.
 */
class KahnDeterminismProperties {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    /** Runs the workflow of a seed and returns every channel's contents. */
    private static Map<String, List<Object>> contents(Director director, long seed, boolean bounded) throws Exception {
        return contents(director, seed, bounded, false);
    }

    /** Runs the workflow of a seed, bounded in tokens, bytes or both, and returns every channel's contents. */
    private static Map<String, List<Object>> contents(Director director, long seed, boolean bounded, boolean inBytes) throws Exception {
        RecordingChannels channels = new RecordingChannels();
        director.run(RandomWorkflows.build(seed, bounded, inBytes), RunConfig.builder().channels(channels).timeout(LIMIT).build());
        assertThat(NoLeakedThreads.sluiceThreads()).as("threads left by the run").isEmpty();
        return channels.contents();
    }

    @Property(tries = 150)
    void bothDirectorsFillEveryChannelAlike(@ForAll long seed) throws Exception {
        Map<String, List<Object>> data = contents(Directors.dataDriven(), seed, false);
        Map<String, List<Object>> demand = contents(Directors.demandDriven(), seed, false);
        Statistics.label("channels").collect(data.size() < 5 ? "1-4" : data.size() < 10 ? "5-9" : "10+");
        long tokens = data.values().stream().mapToLong(List::size).sum();
        Statistics.label("tokens").collect(tokens < 50 ? "<50" : tokens < 200 ? "50-199" : "200+");
        assertThat(demand).isEqualTo(data);
        assertThat(contents(Directors.dataDriven(), seed, false)).as("a second data-driven run").isEqualTo(data);
    }

    /**
     * Where the SDF director can run a workflow (a consistent schedule exists and every actor
     * kept its rates, which the random actors only sometimes do), it fills every channel as the
     * data-driven director does; where it cannot, it says so before or during the run rather
     * than giving other contents.
     */
    @Property(tries = 150)
    void theSdfDirectorAgreesWhereverItRuns(@ForAll long seed) throws Exception {
        Map<String, List<Object>> data = contents(Directors.dataDriven(), seed, false);
        Map<String, List<Object>> sdf;
        try {
            sdf = contents(Directors.sdf(), seed, false);
        } catch (SdfScheduleException e) {
            Statistics.label("sdf").collect("no schedule");
            return;
        } catch (RunFailedException e) {
            assertThat(e).hasMessageContaining("SDF");
            Statistics.label("sdf").collect("rates broken");
            return;
        }
        Statistics.label("sdf").collect("ran");
        assertThat(sdf).isEqualTo(data);
    }

    /**
     * Bounded channels change no channel's contents and never make a run fail: a full channel is
     * grown rather than deadlocked on (Parks' rule) under the data-driven director, and never
     * waited for under the demand-driven one.
     */
    @Property(tries = 100)
    void boundedChannelsChangeNothing(@ForAll long seed) throws Exception {
        Map<String, List<Object>> reference = contents(Directors.dataDriven(), seed, false);
        for (Director director : List.of(Directors.dataDriven(), Directors.demandDriven())) {
            try {
                assertThat(contents(director, seed, true)).as(director.name()).isEqualTo(reference);
            } catch (RunFailedException e) {
                throw new AssertionError(director.name() + " failed with bounded channels: " + e.getMessage(), e);
            }
        }
    }

    /**
     * Small random capacities in bytes (one token at a time up to four), alone or beside small
     * capacities in tokens, change no channel's contents and never make a run fail.
     */
    @Property(tries = 100)
    void byteCapacitiesChangeNothing(@ForAll long seed, @ForAll boolean alsoInTokens) throws Exception {
        Map<String, List<Object>> reference = contents(Directors.dataDriven(), seed, false);
        for (Director director : List.of(Directors.dataDriven(), Directors.demandDriven())) {
            try {
                assertThat(contents(director, seed, alsoInTokens, true)).as(director.name()).isEqualTo(reference);
            } catch (RunFailedException e) {
                throw new AssertionError(director.name() + " failed with byte capacities: " + e.getMessage(), e);
            }
        }
    }
}
