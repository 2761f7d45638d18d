package io.sluice.provenance;

import static io.sluice.provenance.ExportContent.copy;
import static io.sluice.provenance.ExportContent.forEachDerivation;
import static io.sluice.provenance.ExportContent.forEachToken;
import static io.sluice.provenance.ProvIds.actorId;
import static io.sluice.provenance.ProvIds.firingId;
import static io.sluice.provenance.ProvIds.rangeFiringId;
import static io.sluice.provenance.ProvIds.rangeId;
import static io.sluice.provenance.ProvIds.time;
import static io.sluice.provenance.ProvIds.tokenId;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * Writes an export's content as PROV-N ({@link ProvExport#provN}), one statement a line, as the
 * firings are read: nothing is held in memory but the firing being written.
 *
 * <p><b>Threading and failure.</b> Used once, by the thread that uses the store; it writes to
 * {@code out} and flushes it, but does not close it. A write that fails raises an
 * {@link UncheckedIOException}; a read of the store a {@link ProvenanceException}. What was
 * written before stays written.
 */
final class ProvNWriter {
    private final ExportContent content;
    private final Writer out;

    ProvNWriter(ExportContent content, Writer out) {
        this.content = content;
        this.out = out;
    }

    /** Writes the document and flushes {@code out}. */
    void write() {
        line("document");
        line("  prefix run <" + content.runNs() + ">");
        line("  prefix sluice <" + ProvIds.SLUICE_NS + ">");
        for (String actor : content.store.actors()) {
            line("  agent(" + actorId(actor) + ", [prov:type='prov:SoftwareAgent', prov:label=\"" + actor + "\"])");
        }
        for (TokenRef t : content.extraTokens) {
            line("  entity(" + tokenId(t.channel(), t.seq()) + ")");
        }
        content.forEachFiring(f -> {
            String a = firingId(f.actor(), f.firing());
            line("  activity(" + a + ", " + time(f.startEpochNanos()) + ", " + time(f.endEpochNanos()) + ")");
            line("  wasAssociatedWith(" + a + ", " + actorId(f.actor()) + ", -)");
            List<CopyShare> shares = content.store.copies(f);
            forEachToken(f.produced(), (c, seq) -> {
                line("  entity(" + tokenId(c, seq) + ")");
                line("  wasGeneratedBy(" + tokenId(c, seq) + ", " + a + ", -" + copyAttribute(shares, c, seq) + ")");
            });
            forEachToken(f.consumed(), (c, seq) -> line("  used(" + a + ", " + tokenId(c, seq) + ", -"
                    + copyAttribute(shares, c, seq) + ")"));
            forEachDerivation(f, (gen, used) -> line("  wasDerivedFrom(" + gen + ", " + used + ", " + a + ", -, -)"));
        });
        for (TokenRange r : content.ranges()) {
            line("  entity(" + rangeId(r) + (r.count() == 1 ? ")" : ", [prov:type='prov:Collection'])"));
        }
        for (Lineage.RangeStep s : content.rangeSteps) {
            String a = rangeFiringId(s);
            line("  activity(" + a + ", -, -, [sluice:firstFiring=" + s.firstFiring() + ", sluice:lastFiring=" + s.lastFiring() + "])");
            line("  wasAssociatedWith(" + a + ", " + actorId(s.actor()) + ", -)");
            s.produced().forEach(r -> line("  wasGeneratedBy(" + rangeId(r) + ", " + a + ", -)"));
            s.consumed().forEach(r -> line("  used(" + a + ", " + rangeId(r) + ", -)"));
        }
        for (ExportContent.Widened w : content.widened) {
            for (TokenRange r : w.ranges()) {
                line(w.backward() ? "  used(" + w.activity() + ", " + rangeId(r) + ", -, [sluice:widened=\"" + w.why() + "\"])"
                        : "  wasDerivedFrom(" + rangeId(r) + ", " + w.viaId() + ", " + w.activity()
                                + ", -, -, [sluice:widened=\"" + w.why() + "\"])");
            }
        }
        line("endDocument");
        try {
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes one line of PROV-N. */
    private void line(String text) {
        try {
            out.write(text);
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code , [sluice:copy=N]} for a token a copy of a replicated actor moved, else nothing. */
    private static String copyAttribute(List<CopyShare> shares, String channel, long seq) {
        int copy = copy(shares, channel, seq);
        return copy < 0 ? "" : ", [sluice:copy=" + copy + "]";
    }
}
