package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * One lineage query over a {@link ProvenanceStore} ({@link ProvenanceStore#lineage}), level by
 * level. A token is followed to the firing that produced (or consumed) it, and on to the tokens
 * that firing consumed (or produced), one by one. A firing of an actor that keeps state has its
 * dependency widened ({@link Lineage.Widening}) to the firings since its state was last empty
 * (backward) or until it is next emptied (forward), found in the actor's emptied index; what that
 * reaches is followed as ranges of tokens: a range leads to the consecutive firings that
 * produced (or consumed) it, summarised by where their ports were before the first and after the
 * last ({@link Lineage.RangeStep}). No firing between is read, so a widening over a whole run
 * costs a few batch reads, as a single token does.
 *
 * <p>Used once, by the thread that uses its store.
 */
final class LineageSearch {
    private final ProvenanceStore store;
    private final boolean backward;
    private final List<Lineage.Step> steps = new ArrayList<>();
    private final List<Lineage.RangeStep> rangeSteps = new ArrayList<>();
    private final List<TokenRef> ends = new ArrayList<>();
    private final List<TokenRef> unrecorded = new ArrayList<>();
    private final List<TokenRange> unrecordedRanges = new ArrayList<>();
    private final Set<String> seen = new HashSet<>();
    private boolean truncated;
    /** What the level being searched leads to. */
    private List<TokenRef> nextTokens;
    private List<TokenRange> nextRanges;

    LineageSearch(ProvenanceStore store, Lineage.Direction direction) {
        this.store = store;
        this.backward = direction == Lineage.Direction.BACKWARD;
    }

    /** The lineage of {@code token} to {@code depth} levels. */
    Lineage search(TokenRef token, int depth) {
        List<TokenRef> tokens = List.of(token);
        List<TokenRange> ranges = List.of();
        for (int d = 1; d <= depth && !(tokens.isEmpty() && ranges.isEmpty()) && !truncated; d++) {
            nextTokens = new ArrayList<>();
            nextRanges = new ArrayList<>();
            for (TokenRef t : tokens) {
                if (truncated) {
                    break;
                }
                fromToken(d, t);
            }
            for (TokenRange r : ranges) {
                if (truncated) {
                    break;
                }
                fromRange(d, r);
            }
            tokens = nextTokens;
            ranges = nextRanges;
        }
        return new Lineage(token, backward ? Lineage.Direction.BACKWARD : Lineage.Direction.FORWARD, depth, steps, rangeSteps, ends,
                unrecorded, unrecordedRanges, truncated, store.statesRecorded());
    }

    private boolean full() {
        if (steps.size() + rangeSteps.size() >= ProvenanceStore.MAX_LINEAGE_FIRINGS) {
            truncated = true;
        }
        return truncated;
    }

    /** The firings of level {@code d} that produced (consumed) token {@code t}, and what they lead to. */
    private void fromToken(int d, TokenRef t) {
        List<FiringRecord> firings = backward ? store.producerOf(t).map(List::of).orElse(List.of()) : store.consumersOf(t);
        if (firings.isEmpty() && backward) {
            (t.seq() < store.initialTokenCount(t.channel()) ? ends : unrecorded).add(t);
        }
        for (FiringRecord f : firings) {
            if (!seen.add(f.actor() + "#" + f.firing())) {
                continue;
            }
            if (full()) {
                return;
            }
            int a = store.actorIndex(f.actor());
            Lineage.Widening w = widening(a, f.firing(), f.firing());
            steps.add(new Lineage.Step(d, f, t, w));
            if (w != null) {
                nextRanges.addAll(w.tokens());
                continue;
            }
            for (PortRange r : backward ? f.consumed() : f.produced()) {
                for (long s = r.fromSeq(); s < r.toSeq() && nextTokens.size() <= ProvenanceStore.MAX_LINEAGE_FIRINGS; s++) {
                    nextTokens.add(new TokenRef(r.channel(), s));
                }
            }
        }
    }

    /** The firings of level {@code d} that produced (consumed) the tokens of {@code r}, summarised, and what they lead to. */
    private void fromRange(int d, TokenRange r) {
        if (backward) {
            long initial = store.initialTokenCount(r.channel());
            for (long s = r.fromSeq(); s < Math.min(r.toSeq(), initial); s++) {
                ends.add(new TokenRef(r.channel(), s));
            }
            if (r.toSeq() <= initial) {
                return;
            }
            TokenRange produced = new TokenRange(r.channel(), Math.max(r.fromSeq(), initial), r.toSeq());
            Optional<FiringRecord> first = store.producerOf(new TokenRef(r.channel(), produced.fromSeq()));
            Optional<FiringRecord> last = store.producerOf(new TokenRef(r.channel(), produced.toSeq() - 1));
            if (first.isEmpty() || last.isEmpty()) {
                unrecordedRanges.add(produced);
                return;
            }
            rangeStep(d, first.get().actor(), first.get().firing(), last.get().firing(), r);
            return;
        }
        List<String> readers = store.readersOf(r.channel());
        for (int reader = 0; reader < readers.size() && !truncated; reader++) {
            Optional<FiringRecord> first = store.consumerOf(new TokenRef(r.channel(), r.fromSeq()), reader);
            if (first.isEmpty()) {
                continue; // this reader took none of it
            }
            int a = store.actorIndex(first.get().actor());
            long last = store.consumerOf(new TokenRef(r.channel(), r.toSeq() - 1), reader).map(FiringRecord::firing)
                    .orElse(store.lastRecordedFiring(a));
            rangeStep(d, first.get().actor(), first.get().firing(), last, r);
        }
    }

    /** Firings {@code first} to {@code last} of {@code actor}, reached through {@code via}, as one step, and what they lead to. */
    private void rangeStep(int d, String actor, long first, long last, TokenRange via) {
        if (!seen.add(actor + "#" + first + ".." + last) || full()) {
            return;
        }
        int a = store.actorIndex(actor);
        Lineage.Widening w = widening(a, first, last);
        List<TokenRange> consumed = moved(a, true, first, last);
        List<TokenRange> produced = moved(a, false, first, last);
        rangeSteps.add(new Lineage.RangeStep(d, actor, first, last, consumed, produced, via, w));
        nextRanges.addAll(w != null ? w.tokens() : backward ? consumed : produced);
    }

    /**
     * How the dependency of firings {@code first} to {@code last} of actor {@code a} widens because
     * the actor keeps state; null if it does not keep state, has no ports to widen to, or the
     * widening would add no firing.
     */
    private Lineage.Widening widening(int a, long first, long last) {
        if (!store.keepsState(a)) {
            return null;
        }
        FiringBatch.Ports ports = store.ports(a);
        if (backward ? ports.inputs().isEmpty() : ports.outputs().isEmpty()) {
            return null;
        }
        if (backward) {
            long emptied = store.emptiedAtOrBefore(a, first);
            long from = emptied >= 0 ? emptied : store.firstRecordedFiring(a);
            if (from < 0 || from >= first) {
                return null;
            }
            return new Lineage.Widening(from, last, emptied >= 0, moved(a, true, from, last));
        }
        long emptied = store.emptiedAfter(a, last);
        long to = emptied >= 0 ? emptied - 1 : store.lastRecordedFiring(a);
        if (to <= last) {
            return null;
        }
        return new Lineage.Widening(first, to, emptied >= 0, moved(a, false, first, to));
    }

    /**
     * What firings {@code first} to {@code last} of actor {@code a} moved on its inputs (or
     * outputs): per connected port, from where it was before the first to where it was after the
     * last, if that moved tokens.
     */
    private List<TokenRange> moved(int a, boolean inputs, long first, long last) {
        long[] before = store.positions(a, first, false);
        long[] after = store.positions(a, last, true);
        FiringBatch.Ports ports = store.ports(a);
        List<String> channels = inputs ? ports.inputChannels() : ports.outputChannels();
        int offset = inputs ? 0 : ports.inputs().size();
        if (before == null || after == null) {
            throw new ProvenanceException("the firing log of run " + store.run().runId() + " lacks firing "
                    + (before == null ? first : last) + " of actor '" + store.actors().get(a) + "', which the lineage needs"
                    + (store.run().complete() ? "; the firing log is damaged" : "; the run did not end, so its last firings may be missing"));
        }
        List<TokenRange> out = new ArrayList<>();
        for (int p = 0; p < channels.size(); p++) {
            long from = before[offset + p];
            long to = after[offset + p];
            if (channels.get(p) != null && to > from) {
                out.add(new TokenRange(channels.get(p), from, to));
            }
        }
        return out;
    }
}
