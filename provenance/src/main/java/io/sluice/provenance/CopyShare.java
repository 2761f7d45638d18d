package io.sluice.provenance;

import io.sluice.run.PortRange;
import java.util.List;

/**
 * The part of one firing of a replicated actor ({@code io.sluice.workflow.ReplicatedActor}) that
 * one of its copies handled: the tokens it took, and those it put, as seqs of the channels. A
 * firing's shares, in copy order, tile what the firing consumed and produced on each port, since
 * the copies' outputs are put in input order. Read with {@link ProvenanceStore#copies}.
 *
 * @param copy the copy, 0-based
 * @param consumed the tokens the copy took: one range of the actor's input
 * @param produced the tokens the copy put, one range per output port it put on; empty if the run's
 *     copy log did not record what each copy put (one written before it did)
 * @param where where the copy fired: {@code local} (in the run's process) or the worker process
 *     that joined the run ({@code worker w4711-1a2b3 (pid 4711 on host)}); empty if the copy log
 *     does not say (a run that accepted no copies from elsewhere)
 */
public record CopyShare(int copy, List<PortRange> consumed, List<PortRange> produced, String where) {

    public CopyShare {
        consumed = List.copyOf(consumed);
        produced = List.copyOf(produced);
        where = where == null ? "" : where;
    }

    /** A share whose copy's place is not known. */
    public CopyShare(int copy, List<PortRange> consumed, List<PortRange> produced) {
        this(copy, consumed, produced, "");
    }

    /** Whether the copy took or put {@code token}. */
    public boolean moved(TokenRef token) {
        return holds(consumed, token) || holds(produced, token);
    }

    private static boolean holds(List<PortRange> ranges, TokenRef token) {
        for (PortRange r : ranges) {
            if (r.channel().equals(token.channel()) && r.fromSeq() <= token.seq() && token.seq() < r.toSeq()) {
                return true;
            }
        }
        return false;
    }

    /** {@code copy 2: took in=work.in[64,80) put out=work.out[50,62)}, the place after the copy if known. */
    @Override
    public String toString() {
        return "copy " + copy + (where.isEmpty() ? "" : " (" + where + ")") + ": took " + join(consumed) + (produced.isEmpty() ? "" : " put " + join(produced));
    }

    private static String join(List<PortRange> ranges) {
        return ranges.isEmpty() ? "nothing" : String.join(" ", ranges.stream().map(PortRange::toString).toList());
    }
}
