package io.sluice.run;

/**
 * Receives the firings of one actor as plain numbers, without a {@link FiringRecord} being built:
 * the way for a {@link RunListener} that records every firing (provenance) to cost little per
 * firing. A listener hands one out per actor from {@link RunListener#firingLog}.
 *
 * <p><b>Threading.</b> Called on the thread that runs the actor, one firing after the other in
 * firing order; never for two firings of the same actor at once.
 *
 * <p><b>Time.</b> Reading the clock costs about as much as a short firing, so a director may time
 * short firings together: when an actor's thread runs its firings back to back, it may leave
 * firings {@link #UNTIMED} and time the next one from the end of the last timed firing. The
 * untimed firings then ran within that timed firing's interval; the data-driven director keeps
 * such an interval near 50 µs (a slower firing is timed on its own), and times an actor's last
 * firing, and any firing that failed.
 */
@FunctionalInterface
public interface FiringLog {

    /** The start and end of a firing the director did not time: see Time, above. */
    long UNTIMED = Long.MIN_VALUE;

    /**
     * A firing has ended (normally or not). Port arrays follow the order of the actor's input and
     * output ports in the workflow ({@code ActorNode.inputs()}, {@code outputs()}); a port whose
     * {@code from} equals its {@code to} moved no token. The arrays belong to the caller, who
     * reuses them: read them before returning.
     *
     * @param firing the firing's number, 0-based
     * @param startEpochNanos when it started, in nanoseconds since the epoch, or {@link #UNTIMED};
     *     when an actor's thread runs its firings one after the other (the data-driven director),
     *     a firing starts when the previous timed one ended
     * @param endEpochNanos when it ended, or {@link #UNTIMED} (then both are)
     * @param inputFrom per input port, the reader's position when the firing started
     * @param inputTo per input port, the reader's position when it ended
     * @param outputFrom per output port, the writer's position when the firing started
     * @param outputTo per output port, the writer's position when it ended
     * @throws Exception to fail the run, as a listener's exception does
     */
    void firing(long firing, long startEpochNanos, long endEpochNanos, long[] inputFrom, long[] inputTo, long[] outputFrom,
            long[] outputTo) throws Exception;
}
