package io.sluice.run;

/** Where a run is in its life, as a {@link RunSnapshot} shows it. */
public enum RunPhase {
    /** Checking its files, opening its channels, telling its listeners; no actor fires yet. */
    STARTING,
    /** Its actors fire. */
    RUNNING,
    /** Every actor has ended; the run closes its channels and tells its listeners. */
    ENDING,
    /** The run has ended, completed or not ({@link Run#status()}). */
    ENDED
}
