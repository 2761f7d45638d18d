package io.sluice.run;

import io.sluice.channel.ChannelStats;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A started execution of a workflow.
 *
 * <p><b>Threading.</b> All methods may be called from any thread, including a GUI thread.
 *
 * <p><b>Ownership.</b> The caller of {@link Director#start} owns the run and closes it.
 * {@link #close()} cancels a run that is still going, waits for every thread it started to end,
 * and releases its channels; after it returns the run holds no thread, file or socket.
 */
public interface Run extends AutoCloseable {

    /** The run's identifier. */
    String id();

    /** The run's current status. */
    RunStatus status();

    /**
     * Waits for the run to end.
     *
     * @return the result, if the run completed
     * @throws RunFailedException if it failed, deadlocked, timed out or was cancelled; the
     *     exception's {@link RunFailedException#result() result} holds the counters at the end
     * @throws InterruptedException if this thread was interrupted while waiting (the run goes on)
     */
    RunResult await() throws RunFailedException, InterruptedException;

    /**
     * Waits at most {@code maxWait} for the run to end.
     *
     * @return the result if the run completed, empty if it is still going
     * @throws RunFailedException as {@link #await()}
     * @throws InterruptedException as {@link #await()}
     */
    Optional<RunResult> await(Duration maxWait) throws RunFailedException, InterruptedException;

    /**
     * Asks the run to stop. Actors are stopped at their next take or put (a blocked actor at
     * once) and wrapped up; the run then ends with status {@link RunStatus#CANCELLED} unless it
     * had already ended. Returns without waiting.
     */
    void cancel();

    /** Counters of every channel, read now; safe while the run is going. */
    List<ChannelStats> channelStats();

    /**
     * What the run is doing now: its phase, each actor's state and counts, each channel's counts
     * and depth. Cheap enough to call a few times a second from a GUI; safe at any time, before
     * the channels are open (phase {@link RunPhase#STARTING}) and after the run ended.
     */
    RunSnapshot snapshot();

    /**
     * Cancels the run if it is going, waits for its threads to end and releases its resources.
     * Idempotent.
     */
    @Override
    void close();
}
