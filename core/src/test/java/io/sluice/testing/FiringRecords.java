package io.sluice.testing;

import io.sluice.run.FiringLog;
import io.sluice.run.FiringRecord;
import io.sluice.run.FiringSpan;
import io.sluice.run.PortRange;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.PortRef;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Spans expanded into one {@link FiringRecord} per firing, for tests that check firings one by
 * one. A run hands a listener its firings as spans ({@link FiringLog}); a record of a firing the
 * director did not time gets the span's interval, within which it ran, as the provenance store
 * reads such a firing back. Records name each port and its channel as the workflow does, and
 * hold a range only for a port on which the firing moved tokens.
 */
public final class FiringRecords {

    private FiringRecords() {}

    /** One firing of a span: where its ports (inputs, then outputs) were before and after it. */
    @FunctionalInterface
    public interface Firing {
        /**
         * @param last whether it is the span's last firing, the one the span's times are of
         */
        void ended(long firing, long[] from, long[] to, boolean last) throws Exception;
    }

    /** Hands each firing of {@code span} to {@code firing}, in order, with its own arrays. */
    public static void each(FiringSpan span, Firing firing) throws Exception {
        int ports = span.inputs() + span.outputs();
        long[] at = new long[ports];
        int[] piece = new int[ports];
        for (int p = 0; p < ports; p++) {
            at[p] = span.from(p);
        }
        long end = span.first() + span.count();
        for (long f = span.first(); f < end; f++) {
            long[] from = at.clone();
            for (int p = 0; p < ports; p++) {
                int k = piece[p];
                while (k < span.pieces(p) && span.pieceEnd(p, k) <= f) {
                    k++;
                }
                piece[p] = k;
                if (k < span.pieces(p) && span.pieceFirst(p, k) <= f) {
                    at[p] += span.pieceStep(p, k);
                }
            }
            firing.ended(f, from, at.clone(), f == end - 1);
        }
    }

    /** The records of the firings of {@code span}, a span of {@code actor} of {@code workflow}. */
    public static List<FiringRecord> of(Workflow workflow, String actor, FiringSpan span) throws Exception {
        List<FiringRecord> out = new ArrayList<>();
        log(workflow, actor, out::add).span(span);
        return out;
    }

    /** A log of {@code actor}'s firings that hands each, as a record, to {@code records}. */
    public static FiringLog log(Workflow workflow, String actor, Consumer<FiringRecord> records) {
        ActorNode node = workflow.actor(actor).orElseThrow(() -> new IllegalArgumentException("no actor '" + actor + "'"));
        List<String> ports = new ArrayList<>();
        List<String> channels = new ArrayList<>();
        node.inputs().forEach(p -> {
            ports.add(p.name());
            channels.add(channelReadBy(workflow, new PortRef(actor, p.name())));
        });
        node.outputs().forEach(p -> {
            ports.add(p.name());
            channels.add(channelWrittenBy(workflow, new PortRef(actor, p.name())));
        });
        int ins = node.inputs().size();
        return span -> each(span, (firing, from, to, last) -> {
            List<PortRange> consumed = new ArrayList<>();
            List<PortRange> produced = new ArrayList<>();
            for (int p = 0; p < from.length; p++) {
                if (to[p] > from[p]) {
                    (p < ins ? consumed : produced).add(new PortRange(ports.get(p), channels.get(p), from[p], to[p]));
                }
            }
            records.accept(new FiringRecord(actor, firing, span.startEpochNanos(), span.endEpochNanos(), consumed, produced));
        });
    }

    private static String channelReadBy(Workflow workflow, PortRef input) {
        return workflow.channels().stream().filter(c -> c.readers().contains(input)).map(ChannelDefinition::name).findFirst()
                .orElse(null);
    }

    private static String channelWrittenBy(Workflow workflow, PortRef output) {
        return workflow.channels().stream().filter(c -> c.writer().equals(output)).map(ChannelDefinition::name).findFirst()
                .orElse(null);
    }
}
