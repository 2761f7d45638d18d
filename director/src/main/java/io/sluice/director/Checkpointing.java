package io.sluice.director;

import io.sluice.actor.Resumable;
import io.sluice.run.Checkpoint;
import io.sluice.run.Checkpoints;
import io.sluice.run.RunFailedException;
import java.util.HashMap;
import java.util.Map;

/**
 * Saves the checkpoints of one {@link Checkpoints#resumable resumable} actor and
 * checks where it restarts. Runs on the actor's thread, except {@link #checkRestart}, which the
 * supervisor calls before the actor starts.
 *
 * <p>Reading the clock after every firing would cost as much as a short firing, so the clock is
 * read every {@code stride} firings, a stride that doubles while the firings between two reads
 * take less than a sixteenth of the interval and halves when they take more than a quarter.
 */
final class Checkpointing {
    private static final int MAX_STRIDE = 1 << 16;
    private static final byte[] NO_STATE = new byte[0];

    private final Checkpoints checkpoints;
    private final ActorRuntime runtime;
    private final long intervalNanos;
    private long lastSaved = System.nanoTime();
    private long lastCheck = lastSaved;
    private int stride = 1;
    private int countdown = 1;

    Checkpointing(Checkpoints checkpoints, ActorRuntime runtime) {
        this.checkpoints = checkpoints;
        this.runtime = runtime;
        this.intervalNanos = Math.max(1, checkpoints.interval().toNanos());
    }

    /**
     * Checks that the actor's readers and writers are where {@code restart} says; supervisor
     * thread, before the actor starts.
     *
     * @throws RunFailedException naming the actor, port and channel if one is elsewhere: the
     *     channels were not opened at the restart points the checkpoints give
     */
    void checkRestart(Checkpoint restart) throws RunFailedException {
        for (InputBinding in : runtime.inputs) {
            check(restart.readers().get(in.readerName), in.reader.position(), "input '" + in.port.name() + "'", in.channel);
        }
        for (OutputBinding out : runtime.outputs) {
            check(restart.writers().get(out.channel), out.writer.position(), "output '" + out.port.name() + "'", out.channel);
        }
    }

    private void check(Long expected, long actual, String port, String channel) throws RunFailedException {
        if (expected == null || expected != actual) {
            throw new RunFailedException("actor '" + runtime.name + "' restarts at firing " + runtime.firings()
                    + (expected == null ? ", but its checkpoint has no position for its " + port
                            : " with its " + port + " at seq " + expected)
                    + ", and channel '" + channel + "' opened with it at seq " + actual
                    + ": open the channels with the same checkpoints as the run (PersistentChannels.Builder.resume)", null);
        }
    }

    /**
     * After a firing that returned and did not end the actor: saves a checkpoint if it is time.
     *
     * @throws RunFailedException naming the actor if the snapshot or the save failed
     */
    void afterFiring(long nextFiring) throws RunFailedException {
        if (--countdown > 0) {
            return;
        }
        long now = System.nanoTime();
        long sinceCheck = now - lastCheck;
        lastCheck = now;
        if (sinceCheck < intervalNanos / 16 && stride < MAX_STRIDE) {
            stride <<= 1;
        } else if (sinceCheck > intervalNanos / 4 && stride > 1) {
            stride >>= 1;
        }
        countdown = stride;
        if (now - lastSaved >= intervalNanos) {
            save(nextFiring, false);
            lastSaved = now;
        }
    }

    /**
     * When the actor ends normally, before its outputs are closed: saves its last checkpoint.
     *
     * @throws RunFailedException naming the actor if the snapshot or the save failed
     */
    void atEnd(long firings) throws RunFailedException {
        save(firings, true);
    }

    private void save(long firing, boolean ended) throws RunFailedException {
        Map<String, Long> readers = new HashMap<>();
        for (InputBinding in : runtime.inputs) {
            readers.put(in.readerName, in.reader.position());
        }
        Map<String, Long> writers = new HashMap<>();
        for (OutputBinding out : runtime.outputs) {
            writers.put(out.channel, out.writer.position());
        }
        try {
            byte[] state = runtime.actor instanceof Resumable r ? r.snapshot() : NO_STATE;
            checkpoints.save(new Checkpoint(runtime.name, firing, readers, writers, state, ended));
        } catch (Exception e) {
            throw new RunFailedException("the checkpoint of actor '" + runtime.name + "' before firing " + firing
                    + " could not be saved: " + e, e);
        }
    }
}
