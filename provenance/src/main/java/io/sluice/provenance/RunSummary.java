package io.sluice.provenance;

import java.nio.file.Path;
import java.time.Instant;

/**
 * A recorded run, as {@code sluice prov runs} lists it.
 *
 * @param workDirectory the run's work directory
 * @param runId the run's identifier
 * @param workflow the workflow's name
 * @param director the director's name
 * @param channels the run's channel factory, e.g. {@code memory} or {@code fast-track}
 * @param sluiceVersion the version of Sluice that ran it
 * @param status {@code COMPLETED}, {@code FAILED} or {@code CANCELLED}; {@code RUNNING} for a run
 *     that is still going, or whose process was killed ({@link #complete()} is then false)
 * @param started when it started
 * @param ended when it ended, or null if it did not (yet)
 * @param complete true if the run ended and every record of it reached the store
 * @param format the provenance format the run was recorded in; see {@link #checksummed()}
 */
public record RunSummary(Path workDirectory, String runId, String workflow, String director, String channels,
        String sluiceVersion, String status, Instant started, Instant ended, boolean complete, int format) {

    /**
     * Whether the store's files carry checksums (format 7 on), which every read verifies: an
     * answer is then read from verified records, or the query fails naming what is damaged. A
     * store of an older format has none, and damage to it may go unnoticed.
     */
    public boolean checksummed() {
        return format >= RunFile.CHECKSUMS;
    }
}
