package io.sluice.provenance;

import static io.sluice.provenance.ProvIds.firingId;
import static io.sluice.provenance.ProvIds.rangeFiringId;
import static io.sluice.provenance.ProvIds.rangeId;
import static io.sluice.provenance.ProvIds.tokenId;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * What a PROV export ({@link ProvExport}) covers, for its writers to walk: the firings of a run or
 * of a lineage, read from the store each time they are walked ({@link #forEachFiring}), the tokens
 * declared apart from them, and a lineage's summarised firings and widened dependencies (none for
 * a run). Also the walks over a firing's tokens and derivations that every format shares.
 *
 * <p><b>Threading and failure.</b> Walked by one thread at a time, that of its store; a walk reads
 * the store and fails as the store's reads do ({@link ProvenanceException}).
 */
final class ExportContent {
    /** The store the firings, copies and values are read from. */
    final ProvenanceStore store;
    private final Consumer<Consumer<FiringRecord>> firings;
    /** The tokens declared apart from the firings: a run's initial tokens, or the lineage's token and ends. */
    final Set<TokenRef> extraTokens;
    /** True for a lineage, whose firings' tokens may repeat; a run's produced tokens never do. */
    final boolean lineage;
    /** A lineage's summarised firings, and its widened dependencies; none for a run. */
    final List<Lineage.RangeStep> rangeSteps;
    final List<Widened> widened;

    private ExportContent(ProvenanceStore store, Consumer<Consumer<FiringRecord>> firings, Set<TokenRef> extraTokens, boolean lineage,
            List<Lineage.RangeStep> rangeSteps, List<Widened> widened) {
        this.store = store;
        this.firings = firings;
        this.extraTokens = extraTokens;
        this.lineage = lineage;
        this.rangeSteps = rangeSteps;
        this.widened = widened;
    }

    /**
     * A widened dependency of the activity {@code activity}: backward, it used {@code ranges};
     * forward, {@code ranges} derive from the entity {@code via}, through which it was reached.
     */
    record Widened(String activity, String actor, boolean backward, TokenRange via, List<TokenRange> ranges) {
        /** The identifier of the entity {@code via}. */
        String viaId() {
            return rangeId(via);
        }

        String why() {
            return actor + " keeps state across firings";
        }
    }

    /** Every recorded firing of the run, actor by actor, and the channels' initial tokens. */
    static ExportContent ofRun(ProvenanceStore store) {
        return new ExportContent(store, action -> {
            for (String actor : store.actors()) {
                store.firings(actor, 0, Long.MAX_VALUE, action);
            }
        }, new LinkedHashSet<>(store.initialTokens()), false, List.of(), List.of());
    }

    /** The firings of a lineage, and the token it is about. */
    static ExportContent ofLineage(ProvenanceStore store, Lineage lineage) {
        Set<TokenRef> tokens = new LinkedHashSet<>();
        tokens.add(lineage.token());
        tokens.addAll(lineage.ends());
        boolean backward = lineage.direction() == Lineage.Direction.BACKWARD;
        List<Widened> widened = new ArrayList<>();
        for (Lineage.Step s : lineage.steps()) {
            if (s.widening() != null) {
                widened.add(new Widened(firingId(s.firing().actor(), s.firing().firing()), s.firing().actor(), backward,
                        new TokenRange(s.via().channel(), s.via().seq(), s.via().seq() + 1), s.widening().tokens()));
            }
        }
        for (Lineage.RangeStep s : lineage.rangeSteps()) {
            if (s.widening() != null) {
                widened.add(new Widened(rangeFiringId(s), s.actor(), backward, s.via(), s.widening().tokens()));
            }
        }
        return new ExportContent(store, action -> lineage.steps().forEach(s -> action.accept(s.firing())), tokens, true,
                lineage.rangeSteps(), widened);
    }

    /** Calls {@code action} with each firing, in order, read from the store again at each walk. */
    void forEachFiring(Consumer<FiringRecord> action) {
        firings.accept(action);
    }

    /** The namespace of the run's identifiers ({@link ProvIds#runNs}). */
    String runNs() {
        return ProvIds.runNs(store.run().runId());
    }

    /** The token ranges of the lineage's summarised firings and widenings, each once. */
    Set<TokenRange> ranges() {
        Set<TokenRange> out = new LinkedHashSet<>();
        for (Lineage.RangeStep s : rangeSteps) {
            out.addAll(s.consumed());
            out.addAll(s.produced());
        }
        for (Widened w : widened) {
            out.addAll(w.ranges());
        }
        return out;
    }

    /** The copy of a replicated actor's firing, among {@code shares}, that moved token {@code seq} of {@code channel}; -1 if none. */
    static int copy(List<CopyShare> shares, String channel, long seq) {
        if (shares.isEmpty()) {
            return -1;
        }
        TokenRef token = new TokenRef(channel, seq);
        for (CopyShare share : shares) {
            if (share.moved(token)) {
                return share.copy();
            }
        }
        return -1;
    }

    interface TokenAction {
        void accept(String channel, long seq);
    }

    /** Calls {@code action} with each token of {@code ranges}, in order. */
    static void forEachToken(List<PortRange> ranges, TokenAction action) {
        for (PortRange r : ranges) {
            for (long s = r.fromSeq(); s < r.toSeq(); s++) {
                action.accept(r.channel(), s);
            }
        }
    }

    interface PairAction {
        void accept(String generated, String used);
    }

    /**
     * Calls {@code action} with the identifiers of each token {@code f} produced and each it
     * consumed, if it consumed and produced at most {@link ProvExport#MAX_DERIVATION_PAIRS} pairs.
     */
    static void forEachDerivation(FiringRecord f, PairAction action) {
        long in = f.consumed().stream().mapToLong(PortRange::count).sum();
        long outs = f.produced().stream().mapToLong(PortRange::count).sum();
        if (in == 0 || outs == 0 || in * outs > ProvExport.MAX_DERIVATION_PAIRS) {
            return;
        }
        forEachToken(f.produced(), (gc, gs) -> forEachToken(f.consumed(), (uc, us) -> action.accept(tokenId(gc, gs), tokenId(uc, us))));
    }
}
