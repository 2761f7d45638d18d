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

import io.sluice.run.FiringRecord;
import java.io.Writer;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an export's content as PROV-JSON ({@link ProvExport#provJson}): one object per kind of
 * statement, each filled in one pass over the firings, written as they are read. A lineage's
 * tokens are declared once each, which takes a set of them; a run's are not remembered.
 *
 * <p><b>Threading and failure.</b> Used once, by the thread that uses the store; it writes to
 * {@code out} through a Jackson generator and closes the generator, which flushes {@code out}
 * (and, with Jackson's default settings, closes it). A write that fails raises Jackson's
 * {@code JacksonException}, which {@link ProvExport#provJson} reports as an
 * {@link java.io.UncheckedIOException}; a read of the store a {@link ProvenanceException}.
 */
final class ProvJsonWriter {
    private final ExportContent content;
    private final Writer out;

    ProvJsonWriter(ExportContent content, Writer out) {
        this.content = content;
        this.out = out;
    }

    /**
     * Writes the document.
     *
     * @throws tools.jackson.core.JacksonException if {@code out} cannot be written
     */
    void write() {
        try (JsonGenerator g = JsonMapper.builder().build().createGenerator(out)) {
            g.writeStartObject();
            g.writeName("prefix");
            g.writeStartObject();
            g.writeStringProperty("run", content.runNs());
            g.writeStringProperty("sluice", ProvIds.SLUICE_NS);
            g.writeEndObject();

            g.writeName("agent");
            g.writeStartObject();
            for (String actor : content.store.actors()) {
                g.writeName(actorId(actor));
                g.writeStartObject();
                // A qualified name as a value is a typed literal in PROV-JSON, not a plain string.
                g.writeName("prov:type");
                g.writeStartObject();
                g.writeStringProperty("$", "prov:SoftwareAgent");
                g.writeStringProperty("type", "xsd:QName");
                g.writeEndObject();
                g.writeStringProperty("prov:label", actor);
                g.writeEndObject();
            }
            g.writeEndObject();

            g.writeName("activity");
            g.writeStartObject();
            content.forEachFiring(f -> {
                g.writeName(firingId(f.actor(), f.firing()));
                g.writeStartObject();
                g.writeStringProperty("prov:startTime", time(f.startEpochNanos()));
                g.writeStringProperty("prov:endTime", time(f.endEpochNanos()));
                g.writeEndObject();
            });
            for (Lineage.RangeStep s : content.rangeSteps) {
                g.writeName(rangeFiringId(s));
                g.writeStartObject();
                g.writeNumberProperty("sluice:firstFiring", s.firstFiring());
                g.writeNumberProperty("sluice:lastFiring", s.lastFiring());
                g.writeEndObject();
            }
            g.writeEndObject();

            g.writeName("entity");
            g.writeStartObject();
            Set<TokenRef> declared = new LinkedHashSet<>(content.extraTokens);
            for (TokenRef t : content.extraTokens) {
                g.writeName(tokenId(t.channel(), t.seq()));
                g.writeStartObject();
                g.writeEndObject();
            }
            content.forEachFiring(f -> forEachToken(f.produced(), (c, s) -> {
                if (!content.lineage || declared.add(new TokenRef(c, s))) {
                    g.writeName(tokenId(c, s));
                    g.writeStartObject();
                    g.writeEndObject();
                }
            }));
            if (content.lineage) {
                // A lineage also names the tokens its firings consumed, which other firings produced.
                content.forEachFiring(f -> forEachToken(f.consumed(), (c, s) -> {
                    if (declared.add(new TokenRef(c, s))) {
                        g.writeName(tokenId(c, s));
                        g.writeStartObject();
                        g.writeEndObject();
                    }
                }));
            }
            for (TokenRange r : content.ranges()) {
                if (r.count() > 1 || declared.add(new TokenRef(r.channel(), r.fromSeq()))) {
                    g.writeName(rangeId(r));
                    g.writeStartObject();
                    if (r.count() > 1) {
                        g.writeName("prov:type");
                        g.writeStartObject();
                        g.writeStringProperty("$", "prov:Collection");
                        g.writeStringProperty("type", "xsd:QName");
                        g.writeEndObject();
                    }
                    g.writeEndObject();
                }
            }
            g.writeEndObject();

            long[] n = {0};
            relation(g, "wasAssociatedWith", f -> association(g, "_:w" + n[0]++, firingId(f.actor(), f.firing()), f.actor()), () -> {
                for (Lineage.RangeStep s : content.rangeSteps) {
                    association(g, "_:w" + n[0]++, rangeFiringId(s), s.actor());
                }
            });
            relation(g, "wasGeneratedBy", f -> {
                List<CopyShare> shares = content.store.copies(f);
                forEachToken(f.produced(), (c, s) -> generation(g, "_:g" + n[0]++, tokenId(c, s), firingId(f.actor(), f.firing()),
                        copy(shares, c, s)));
            }, () -> {
                for (Lineage.RangeStep s : content.rangeSteps) {
                    s.produced().forEach(r -> generation(g, "_:g" + n[0]++, rangeId(r), rangeFiringId(s), -1));
                }
            });
            relation(g, "used", f -> {
                List<CopyShare> shares = content.store.copies(f);
                forEachToken(f.consumed(), (c, s) -> usage(g, "_:u" + n[0]++, firingId(f.actor(), f.firing()), tokenId(c, s), null,
                        copy(shares, c, s)));
            }, () -> {
                for (Lineage.RangeStep s : content.rangeSteps) {
                    s.consumed().forEach(r -> usage(g, "_:u" + n[0]++, rangeFiringId(s), rangeId(r), null, -1));
                }
                for (ExportContent.Widened w : content.widened) {
                    if (w.backward()) {
                        w.ranges().forEach(r -> usage(g, "_:u" + n[0]++, w.activity(), rangeId(r), w.why(), -1));
                    }
                }
            });
            relation(g, "wasDerivedFrom", f -> forEachDerivation(f, (gen, used) ->
                    derivation(g, "_:d" + n[0]++, gen, used, firingId(f.actor(), f.firing()), null)), () -> {
                for (ExportContent.Widened w : content.widened) {
                    if (!w.backward()) {
                        w.ranges().forEach(r -> derivation(g, "_:d" + n[0]++, rangeId(r), w.viaId(), w.activity(), w.why()));
                    }
                }
            });
            g.writeEndObject();
        }
    }

    /** Writes the statements of one relation: per firing, then those of the lineage's summarised firings and widenings. */
    private void relation(JsonGenerator g, String name, Consumer<FiringRecord> each, Runnable more) {
        g.writeName(name);
        g.writeStartObject();
        content.forEachFiring(each);
        more.run();
        g.writeEndObject();
    }

    private static void association(JsonGenerator g, String id, String activity, String actor) {
        g.writeName(id);
        g.writeStartObject();
        g.writeStringProperty("prov:activity", activity);
        g.writeStringProperty("prov:agent", actorId(actor));
        g.writeEndObject();
    }

    /** A {@code wasGeneratedBy} statement, with {@code sluice:copy} if {@code copy} is not negative. */
    private static void generation(JsonGenerator g, String id, String entity, String activity, int copy) {
        g.writeName(id);
        g.writeStartObject();
        g.writeStringProperty("prov:entity", entity);
        g.writeStringProperty("prov:activity", activity);
        if (copy >= 0) {
            g.writeNumberProperty("sluice:copy", copy);
        }
        g.writeEndObject();
    }

    /**
     * A {@code used} statement, with {@code sluice:widened} if {@code widened} is not null and
     * {@code sluice:copy} if {@code copy} is not negative.
     */
    private static void usage(JsonGenerator g, String id, String activity, String entity, String widened, int copy) {
        g.writeName(id);
        g.writeStartObject();
        g.writeStringProperty("prov:activity", activity);
        g.writeStringProperty("prov:entity", entity);
        if (widened != null) {
            g.writeStringProperty("sluice:widened", widened);
        }
        if (copy >= 0) {
            g.writeNumberProperty("sluice:copy", copy);
        }
        g.writeEndObject();
    }

    /** A {@code wasDerivedFrom} statement, with {@code sluice:widened} if {@code widened} is not null. */
    private static void derivation(JsonGenerator g, String id, String generated, String used, String activity, String widened) {
        g.writeName(id);
        g.writeStartObject();
        g.writeStringProperty("prov:generatedEntity", generated);
        g.writeStringProperty("prov:usedEntity", used);
        g.writeStringProperty("prov:activity", activity);
        if (widened != null) {
            g.writeStringProperty("sluice:widened", widened);
        }
        g.writeEndObject();
    }
}
