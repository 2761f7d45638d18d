package io.sluice.run;

import java.nio.file.Path;

/**
 * Where a run kept whole in its work directory keeps each of its parts, by name: the one place
 * these names are decided. Whoever writes or reads a part asks here.
 *
 * <pre>
 * channels/      the persistent channels, a directory each, named as the channel
 * checkpoints/   the checkpoints of the run's resumable actors
 * provenance/    the provenance the run recorded
 * replicas/      the copy logs of replicated actors, a file {@code ACTOR.tsv} each
 * </pre>
 *
 * Actors write their own files beside these ({@code result.txt}, say); the program that owns the
 * directory may keep files of its own there too (see {@code io.sluice.durable.WorkDirectory}).
 */
public final class WorkLayout {
    /** The directory of the persistent channels. */
    public static final String CHANNELS = "channels";
    /** The directory of the checkpoints. */
    public static final String CHECKPOINTS = "checkpoints";
    /** The directory of the provenance. */
    public static final String PROVENANCE = "provenance";
    /** The directory of the replicated actors' copy logs. */
    public static final String REPLICAS = "replicas";

    private WorkLayout() {}

    /** The channels' directory of the work directory {@code work}. */
    public static Path channels(Path work) {
        return work.resolve(CHANNELS);
    }

    /** The checkpoints' directory of the work directory {@code work}. */
    public static Path checkpoints(Path work) {
        return work.resolve(CHECKPOINTS);
    }

    /** The provenance's directory of the work directory {@code work}. */
    public static Path provenance(Path work) {
        return work.resolve(PROVENANCE);
    }

    /** The copy log of the replicated actor {@code actor} in the work directory {@code work}. */
    public static Path replicaLog(Path work, String actor) {
        return work.resolve(REPLICAS).resolve(actor + ".tsv");
    }
}
