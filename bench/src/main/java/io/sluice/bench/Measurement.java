package io.sluice.bench;

import java.time.Duration;

/**
 * One measured run of a variant.
 *
 * @param variant what ran
 * @param round the measured round, from 1
 * @param tokens words the source emitted
 * @param wall time around {@code Director.run}: setting up channels, running, closing the run
 * @param cpu CPU time of the whole process during the run (every thread, JIT and GC included),
 *     or {@link Duration#ZERO} if the JVM cannot tell
 * @param peakDepth the most tokens waiting at once in the deepest channel
 * @param peakChannel the name of that channel
 * @param diskBytes bytes of the files in the run's work directory when it ended (apparent sizes)
 * @param diskAllocatedBytes disk blocks allocated to them ({@code du}), -1 if unknown
 * @param provenance what recording provenance cost and how fast it answers, for a run that
 *     recorded it; null otherwise
 */
record Measurement(Variant variant, int round, long tokens, Duration wall, Duration cpu,
        long peakDepth, String peakChannel, long diskBytes, long diskAllocatedBytes, ProvenanceProbe.Result provenance) {

    /** Source words per second of wall time. */
    double tokensPerSecond() {
        return tokens / seconds(wall);
    }

    /** Average number of cores the process kept busy: CPU time over wall time. */
    double coresBusy() {
        return seconds(cpu) / seconds(wall);
    }

    static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }
}
