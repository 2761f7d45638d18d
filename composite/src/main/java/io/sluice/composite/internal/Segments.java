package io.sluice.composite.internal;

import io.sluice.composite.Capacities;
import io.sluice.composite.SeqRange;
import io.sluice.composite.SeqRanges;
import io.sluice.composite.TransferSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A spec cut into segments: the paper's graph of senders, data blocks and receivers. Every
 * receiver's wanted ranges are cut wherever any sender's held range starts or ends, so that all
 * seqs of a piece have the same holders. Senders of capacity 0 hold nothing. Immutable.
 *
 * @param pieces every receiver's pieces, receiver by receiver in the spec's order, each
 *     receiver's in the order of its wants
 */
public record Segments(List<Piece> pieces) {

    /**
     * A part of one receiver's wants whose seqs the same senders hold.
     *
     * @param receiver the receiver's index in the spec
     * @param range the seqs
     * @param holders the indexes of the senders that hold them, ascending
     */
    public record Piece(int receiver, SeqRange range, int[] holders) {}

    /**
     * Cuts {@code spec}.
     *
     * @throws IllegalArgumentException naming the ranges and receivers if some wanted seq has no
     *     holder of positive capacity
     */
    public static Segments of(TransferSpec spec, Capacities capacities) {
        TreeSet<Long> cuts = new TreeSet<>();
        List<TransferSpec.Sender> senders = spec.senders();
        for (TransferSpec.Sender s : senders) {
            for (SeqRange r : s.ranges()) {
                cuts.add(r.start());
                cuts.add(r.end());
            }
        }
        List<Piece> pieces = new ArrayList<>();
        Map<SeqRange, List<String>> missing = new LinkedHashMap<>();
        for (int j = 0; j < spec.receivers().size(); j++) {
            TransferSpec.Receiver r = spec.receivers().get(j);
            for (SeqRange want : r.wants()) {
                long at = want.start();
                while (at < want.end()) {
                    Long next = cuts.higher(at);
                    long end = next == null ? want.end() : Math.min(next, want.end());
                    SeqRange piece = new SeqRange(at, end);
                    int[] holders = holders(senders, capacities, at);
                    if (holders.length == 0) {
                        missing.computeIfAbsent(piece, p -> new ArrayList<>()).add(r.name());
                    } else {
                        pieces.add(new Piece(j, piece, holders));
                    }
                    at = end;
                }
            }
        }
        if (!missing.isEmpty()) {
            StringBuilder b = new StringBuilder("no sender that can send holds ");
            String sep = "";
            for (Map.Entry<SeqRange, List<String>> e : missing.entrySet()) {
                b.append(sep).append(e.getKey()).append(" (wanted by ").append(String.join(", ", e.getValue())).append(')');
                sep = "; ";
            }
            throw new IllegalArgumentException(b.toString());
        }
        return new Segments(List.copyOf(pieces));
    }

    private static int[] holders(List<TransferSpec.Sender> senders, Capacities capacities, long seq) {
        List<Integer> h = new ArrayList<>();
        for (int i = 0; i < senders.size(); i++) {
            TransferSpec.Sender s = senders.get(i);
            if (capacities.sender(s.name()) > 0 && s.holding(seq) != null) {
                h.add(i);
            }
        }
        return h.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The largest number of senders that hold one wanted seq: the paper's replication k. */
    public int replication() {
        int k = 0;
        for (Piece p : pieces) {
            k = Math.max(k, p.holders().length);
        }
        return k;
    }

    /** The ranges of the pieces, for messages. */
    public String describe() {
        return SeqRanges.describe(pieces.stream().map(Piece::range).toList());
    }
}
