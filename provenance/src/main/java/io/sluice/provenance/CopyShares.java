package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import io.sluice.workflow.ReplicatedActor.CopySlice;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a replicated actor's copy log lines for one firing into seq ranges, checking that they
 * tile what the firing's record says it consumed and produced.
 */
final class CopyShares {
    private CopyShares() {}

    /**
     * The shares of {@code firing}, from its {@code slices} (in copy order, as the log has them).
     *
     * @throws ProvenanceException naming {@code file} and the firing if the slices do not tile the record
     */
    static List<CopyShare> of(FiringRecord firing, List<CopySlice> slices, java.util.Map<Integer, String> places, Path file) {
        String where = "the copy log " + file + " disagrees with the provenance of firing " + firing.firing() + " of '"
                + firing.actor() + "': ";
        if (firing.consumed().size() != 1) {
            throw new ProvenanceException(where + "a replicated actor's firing consumes from one port, this one from "
                    + firing.consumed());
        }
        PortRange input = firing.consumed().get(0);
        long taken = 0;
        boolean putsKnown = true;
        for (CopySlice slice : slices) {
            if (slice.offset() != taken) {
                throw new ProvenanceException(where + "copy " + slice.copy() + "'s slice starts at " + slice.offset()
                        + " of the round, not " + taken);
            }
            taken += slice.count();
            putsKnown &= !slice.puts().isEmpty();
        }
        if (taken != input.count()) {
            throw new ProvenanceException(where + "its copies took " + taken + " tokens, the firing " + input);
        }
        List<List<PortRange>> produced = new ArrayList<>();
        slices.forEach(s -> produced.add(new ArrayList<>()));
        if (putsKnown) {
            for (PortRange output : firing.produced()) {
                long at = output.fromSeq();
                for (int i = 0; i < slices.size(); i++) {
                    long n = slices.get(i).puts().getOrDefault(output.port(), 0L);
                    if (n > 0) {
                        produced.get(i).add(new PortRange(output.port(), output.channel(), at, at + n));
                    }
                    at += n;
                }
                if (at != output.toSeq()) {
                    throw new ProvenanceException(where + "its copies put " + (at - output.fromSeq()) + " tokens to '"
                            + output.port() + "', the firing " + output);
                }
            }
            for (CopySlice slice : slices) {
                slice.puts().forEach((port, n) -> {
                    if (n > 0 && firing.produced().stream().noneMatch(r -> r.port().equals(port))) {
                        throw new ProvenanceException(where + "copy " + slice.copy() + " put " + n + " tokens to '" + port
                                + "', the firing none");
                    }
                });
            }
        }
        List<CopyShare> out = new ArrayList<>(slices.size());
        long from = input.fromSeq();
        for (int i = 0; i < slices.size(); i++) {
            CopySlice slice = slices.get(i);
            out.add(new CopyShare(slice.copy(), List.of(new PortRange(input.port(), input.channel(), from, from + slice.count())),
                    produced.get(i), places.getOrDefault(slice.copy(), "")));
            from += slice.count();
        }
        return List.copyOf(out);
    }
}
