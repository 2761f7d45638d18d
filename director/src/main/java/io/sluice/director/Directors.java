package io.sluice.director;

import io.sluice.run.Director;
import java.util.List;

/**
 * The directors: how a workflow's actors are scheduled.
 *
 * <p>Both directors give every channel the same contents for deterministic actors (Kahn
 * determinism); they differ in when actors fire, how much they run in parallel and how many
 * tokens wait in channels. Both detect deadlock and fail the run naming the blocked actors and
 * channels, fail a run when an actor throws (naming the actor and firing), honour cancellation
 * and timeouts, and leave no thread behind once the run is closed.
 *
 * <p><b>Firings told to listeners.</b> Both hand each actor's firings to the
 * {@link io.sluice.run.FiringLog}s the run's listeners give for it, in spans. Firings run back to
 * back are timed together: the data-driven director runs every actor's firings back to back and
 * times them so that a timed interval is short and holds at most about a thousand firings (the
 * "provenance clock stride" in {@code docs/tuning.md}); the demand-driven one times together the
 * firings of an actor it fires again and again to meet one demand, and times the last of them
 * when the demand is met; a firing that meets a demand on its own starts, as timed, where the
 * firing that demanded it started (or where the actor's previous timed firing ended, if later),
 * so that only its end reads the clock. Both time on its own a firing that failed, ended its actor or emptied
 * its state, and the data-driven one a firing that waited for a channel.
 *
 * <p>Directors are stateless; each may run any number of workflows at once.
 */
public final class Directors {
    private Directors() {}

    /**
     * The data-driven director (process network): each actor fires on its own thread as soon as
     * its inputs have tokens. Most parallelism; channels may grow when readers are slower than
     * writers.
     */
    public static Director dataDriven() {
        return DataDrivenDirector.INSTANCE;
    }

    /**
     * The demand-driven director (lazy): an actor fires only when a downstream actor needs a
     * token it would produce; sinks drive the run, one actor firing at a time on one thread.
     */
    public static Director demandDriven() {
        return DemandDrivenDirector.INSTANCE;
    }

    /**
     * The SDF director (synchronous dataflow): a static schedule from the actors' token rates
     * ({@link io.sluice.actor.TokenRates}), run on one thread until the sources have finished.
     * It does the least work per firing, but on one core; a workflow without a consistent
     * schedule is refused when the run starts ({@link SdfScheduleException}).
     */
    public static Director sdf() {
        return new SdfDirector(0);
    }

    /** As {@link #sdf()}, ending each run after {@code iterations} iterations of its schedule (Ptolemy's {@code iterations}). */
    public static Director sdf(long iterations) {
        return new SdfDirector(iterations);
    }

    /**
     * The director with the given {@link Director#name() name}: {@code data}, {@code demand} or {@code sdf}.
     *
     * @throws IllegalArgumentException naming the known directors if there is none by that name
     */
    public static Director named(String name) {
        return switch (name) {
            case "data" -> dataDriven();
            case "demand" -> demandDriven();
            case "sdf" -> sdf();
            default -> throw new IllegalArgumentException("unknown director '" + name + "'; known: " + names());
        };
    }

    /** The names of the directors, as {@link #named} accepts them. */
    public static List<String> names() {
        return List.of("data", "demand", "sdf");
    }
}
