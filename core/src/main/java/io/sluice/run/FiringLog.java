package io.sluice.run;

/**
 * Receives the firings of one actor as plain numbers, without a {@link FiringRecord} being built:
 * the way for a {@link RunListener} that records every firing (provenance) to cost little per
 * firing. A listener hands one out per actor from {@link RunListener#firingLog}.
 *
 * <p><b>Threading.</b> Called on the thread that runs the actor, one firing after the other in
 * firing order; never for two firings of the same actor at once.
 */
@FunctionalInterface
public interface FiringLog {

    /**
     * A firing has ended (normally or not). Port arrays follow the order of the actor's input and
     * output ports in the workflow ({@code ActorNode.inputs()}, {@code outputs()}); a port whose
     * {@code from} equals its {@code to} moved no token. The arrays belong to the caller, who
     * reuses them: read them before returning.
     *
     * @param firing the firing's number, 0-based
     * @param startEpochNanos when it started, in nanoseconds since the epoch; when an actor's
     *     thread runs its firings one after the other (the data-driven director), a firing starts
     *     when the previous one ended
     * @param endEpochNanos when it ended
     * @param inputFrom per input port, the reader's position when the firing started
     * @param inputTo per input port, the reader's position when it ended
     * @param outputFrom per output port, the writer's position when the firing started
     * @param outputTo per output port, the writer's position when it ended
     * @throws Exception to fail the run, as a listener's exception does
     */
    void firing(long firing, long startEpochNanos, long endEpochNanos, long[] inputFrom, long[] inputTo, long[] outputFrom,
            long[] outputTo) throws Exception;
}
