package io.sluice.cli;

import io.sluice.provenance.CopyShare;
import io.sluice.provenance.Lineage;
import io.sluice.provenance.ProvenanceException;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.provenance.TokenRange;
import io.sluice.provenance.TokenRef;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How {@code sluice prov} prints firings and lineages: one line per firing, indented by level,
 * with the values of the tokens it took (backward) or put (forward) where the channels kept them.
 */
final class LineageText {
    /** Values shown per range; the rest are counted. */
    private static final int VALUES_PER_RANGE = 3;
    private static final int MAX_VALUE_CHARS = 60;

    private final ProvenanceStore store;
    private final PrintWriter out;
    /** Set once a value could not be read, so that the reason is printed once. */
    private String noValues;

    LineageText(ProvenanceStore store, PrintWriter out) {
        this.store = store;
        this.out = out;
    }

    static long epochNanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    /** The token of line {@code line} (from 1) of result.txt: token line - 1 of the channel the sink reads. */
    static TokenRef resultLine(ProvenanceStore store, String sink, long line) {
        if (line < 1) {
            throw new IllegalArgumentException("--line counts from 1, was " + line);
        }
        List<String> read = store.channelsReadBy(sink);
        if (read.size() != 1) {
            throw new IllegalArgumentException("--line needs a sink that reads one channel; actor '" + sink + "' reads " + read
                    + " (name the actor with --sink, or give the token as channel#seq)");
        }
        return new TokenRef(read.get(0), line - 1);
    }

    /** {@code mergesort#12 at 1.234 ms for 0.002 ms: consumed in=split.out[10,11) produced a=mergesort.a[20,21)}. */
    static String firing(FiringRecord f, long runStartNanos) {
        return String.format(Locale.ROOT, "%s#%d at %.3f ms for %.3f ms: consumed %s produced %s", f.actor(), f.firing(),
                (f.startEpochNanos() - runStartNanos) / 1e6, (f.endEpochNanos() - f.startEpochNanos()) / 1e6, ranges(f.consumed()),
                ranges(f.produced()));
    }

    /** For a firing of a replicated actor: the copy that moved {@code via}, or every copy's share if none is known to have. */
    private void copies(String indent, FiringRecord f, TokenRef via) {
        List<CopyShare> shares = store.copies(f);
        List<CopyShare> mover = shares.stream().filter(s -> s.moved(via)).toList();
        for (CopyShare share : mover.isEmpty() ? shares : mover) {
            out.println(indent + "   " + (mover.isEmpty() ? "" : "by ") + share);
        }
    }

    private static String ranges(List<PortRange> ranges) {
        return ranges.isEmpty() ? "nothing" : ranges.stream().map(PortRange::toString).collect(Collectors.joining(" "));
    }

    void print(Lineage lineage) {
        boolean backward = lineage.direction() == Lineage.Direction.BACKWARD;
        out.println(lineage.token() + value(lineage.token()) + ": " + (backward ? "derived from" : "used by")
                + " (depth " + lineage.depth() + ")");
        if (lineage.steps().isEmpty() && !backward) {
            out.println("  no recorded firing consumed it");
        }
        // Level by level: the firings reached through single tokens, then those reached through ranges, summarised.
        int s = 0;
        int r = 0;
        for (int level = 1; level <= lineage.depth(); level++) {
            for (; s < lineage.steps().size() && lineage.steps().get(s).level() == level; s++) {
                Lineage.Step step = lineage.steps().get(s);
                FiringRecord f = step.firing();
                String indent = "  ".repeat(step.level());
                out.println(indent + step.level() + ". " + f.actor() + "#" + f.firing() + " (via " + step.via() + ")");
                List<PortRange> moved = backward ? f.consumed() : f.produced();
                if (moved.isEmpty() && step.widening() != null) {
                    out.println(indent + "   " + (backward ? "took" : "put") + " nothing");
                }
                for (PortRange range : moved) {
                    out.println(indent + "   " + (backward ? "took " : "put ") + range + values(range));
                }
                copies(indent, f, step.via());
                widening(indent, f.actor(), f.firing(), f.firing(), step.widening(), backward);
            }
            for (; r < lineage.rangeSteps().size() && lineage.rangeSteps().get(r).level() == level; r++) {
                Lineage.RangeStep step = lineage.rangeSteps().get(r);
                String indent = "  ".repeat(step.level());
                out.println(indent + step.level() + ". " + step.actor() + "#" + step.firstFiring() + ".." + step.lastFiring() + " ("
                        + String.format(Locale.ROOT, "%,d", step.firings()) + " firings, via " + step.via() + ")");
                List<TokenRange> moved = backward ? step.consumed() : step.produced();
                if (moved.isEmpty()) {
                    out.println(indent + "   " + (backward ? "took" : "put") + " nothing");
                }
                for (TokenRange range : moved) {
                    out.println(indent + "   " + (backward ? "took " : "put ") + counted(range));
                }
                widening(indent, step.actor(), step.firstFiring(), step.lastFiring(), step.widening(), backward);
            }
        }
        for (TokenRef end : lineage.ends()) {
            out.println("  " + end + value(end) + ": an initial token of its channel, produced by no firing");
        }
        for (TokenRef lost : lineage.unrecorded()) {
            out.println("  " + lost + ": its firing was not recorded (the run did not end: its last firings are missing)");
        }
        for (TokenRange lost : lineage.unrecordedRanges()) {
            out.println("  " + counted(lost) + ": their firings were not all recorded (the run did not end: its last firings are missing)");
        }
        if (lineage.truncated()) {
            out.println("  (truncated at " + ProvenanceStore.MAX_LINEAGE_FIRINGS + " firings; ask with a smaller --depth)");
        }
        if (noValues != null) {
            out.println("(values not shown: " + noValues + ")");
        }
        if (!lineage.statesRecorded()) {
            out.println("(provenance format " + store.run().format() + " does not record which actors keep state across firings:"
                    + " what a firing produced is shown as derived from what it consumed alone)");
        }
        if (!store.run().checksummed()) {
            out.println("(" + ProvCommand.unchecked(store.run()) + ")");
        }
    }

    /** The widened dependency of firings {@code first} to {@code last} of {@code actor}, if any, said as such. */
    private void widening(String indent, String actor, long first, long last, Lineage.Widening w, boolean backward) {
        if (w == null) {
            return;
        }
        out.println(indent + "   " + widened(actor, first, last, w, backward) + ":");
        for (TokenRange range : w.tokens()) {
            out.println(indent + "     " + (backward ? "took " : "put ") + counted(range));
        }
    }

    /**
     * Why the dependency of firings {@code first} to {@code last} of {@code actor} was widened:
     * {@code widened: count keeps state across firings, so what firing 5 put derives from all it
     * took in firings 0 to 5 (since it started)}.
     */
    static String widened(String actor, long first, long last, Lineage.Widening w, boolean backward) {
        String firings = first == last ? "firing " + first : "firings " + first + " to " + last;
        if (backward) {
            return "widened: " + actor + " keeps state across firings, so what " + firings + " put derives from all it"
                    + " took in firings " + w.firstFiring() + " to " + w.lastFiring() + (w.stateEmptied()
                    ? " (since firing " + (w.firstFiring() - 1) + " declared its state empty)" : " (since it started)");
        }
        return "widened: " + actor + " keeps state across firings, so what it put in firings " + w.firstFiring()
                + " to " + w.lastFiring() + (w.stateEmptied() ? " (until firing " + w.lastFiring() + " declared its state empty)"
                : " (its last recorded)") + " derives from what " + firings + " took";
    }

    /** {@code source.out#0..199999 (200,000 tokens)}, or the token alone. */
    private String counted(TokenRange range) {
        return range.count() == 1 ? range + value(new TokenRef(range.channel(), range.fromSeq()))
                : range + String.format(Locale.ROOT, " (%,d tokens)", range.count());
    }

    private String values(PortRange r) {
        if (noValues != null) {
            return "";
        }
        StringBuilder b = new StringBuilder(":");
        for (long s = r.fromSeq(); s < r.toSeq() && s < r.fromSeq() + VALUES_PER_RANGE; s++) {
            String v = value(new TokenRef(r.channel(), s));
            if (noValues != null) {
                return "";
            }
            b.append(v);
        }
        if (r.count() > VALUES_PER_RANGE) {
            b.append(" ... (").append(r.count() - VALUES_PER_RANGE).append(" more)");
        }
        return b.toString();
    }

    /**
     * {@code  "apple"}, or nothing once values turned out not to be kept (memory channels) or not
     * to be where the store looks (a channel directory moved).
     *
     * @throws ProvenanceException naming the file if a channel that kept the value cannot give it
     */
    private String value(TokenRef token) {
        if (noValues != null) {
            return "";
        }
        Optional<Object> value = store.valueIfKept(token);
        if (value.isEmpty()) {
            noValues = store.whyNoValue(token);
            return "";
        }
        return " \"" + shown(value.get()) + "\"";
    }

    /** A token's value as text, cut after {@value #MAX_VALUE_CHARS} characters. */
    static String shown(Object value) {
        String text = String.valueOf(value);
        return text.length() > MAX_VALUE_CHARS ? text.substring(0, MAX_VALUE_CHARS) + "..." : text;
    }
}
