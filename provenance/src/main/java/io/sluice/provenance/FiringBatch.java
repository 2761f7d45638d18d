package io.sluice.provenance;

import io.sluice.run.FiringLog;
import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.util.ArrayList;
import java.util.List;

/**
 * The encoding of a batch of consecutive firing records of one actor, one Chronicle excerpt of
 * the firing log. Varints throughout ({@link Varints}). Ports are numbered by their place among
 * the actor's inputs, then its outputs, and a port names its channel. A port's range usually
 * starts where its previous one ended, so a record holds only how many tokens each port moved,
 * and a firing the director did not time ({@link FiringLog#UNTIMED}) holds no time: a record of a
 * filter's firing is three bytes.
 *
 * <pre>
 * batch:  actor | first firing | count | position of each port before the first record | record...
 * record: flags (1 = timed, 2 = jumped)
 *         | if jumped: the position of each port before the firing
 *         | if timed: start (ns after the previous timed record's start, or the run's, zigzag) | duration (ns)
 *         | tokens moved by each port
 * </pre>
 */
final class FiringBatch {
    static final int TIMED = 1;
    static final int JUMPED = 2;

    private FiringBatch() {}

    /** The names of one actor's ports, by number, and their channels. */
    record Ports(String actor, List<String> inputs, List<String> inputChannels, List<String> outputs, List<String> outputChannels) {
        static Ports of(RunFile.ActorEntry a) {
            return new Ports(a.name(), a.inputs().stream().map(RunFile.PortEntry::port).toList(),
                    a.inputs().stream().map(RunFile.PortEntry::channel).toList(),
                    a.outputs().stream().map(RunFile.PortEntry::port).toList(),
                    a.outputs().stream().map(RunFile.PortEntry::channel).toList());
        }

        int count() {
            return inputs.size() + outputs.size();
        }
    }

    /** Writes a batch's header; {@code positions} are the ports' positions before its first record, inputs then outputs. */
    static void writeHeader(Varints out, int actor, long firstFiring, int count, long[] positions) {
        out.writeLong(actor);
        out.writeLong(firstFiring);
        out.writeLong(count);
        for (long p : positions) {
            out.writeLong(p);
        }
    }

    /** A decoded batch header. */
    record Header(int actor, long firstFiring, int count) {}

    static Header readHeader(Varints in) {
        return new Header(in.readInt(), in.readLong(), in.readInt());
    }

    /**
     * Reads the records of a batch after its header. An untimed record gets the interval of the
     * next timed one, within which it ran (one the batch ends with, which only a failed listener
     * leaves, gets the end of the last timed one).
     *
     * @param runStart the run's start, which the first timed record's start is relative to
     */
    static List<FiringRecord> readRecords(Varints in, Header h, Ports ports, long runStart) {
        int n = ports.count();
        long[] position = new long[n];
        for (int p = 0; p < n; p++) {
            position[p] = in.readLong();
        }
        List<FiringRecord> out = new ArrayList<>(h.count());
        long previousStart = runStart;
        long previousEnd = runStart;
        int untimedFrom = 0;
        List<List<PortRange>> consumed = new ArrayList<>(h.count());
        List<List<PortRange>> produced = new ArrayList<>(h.count());
        for (int i = 0; i < h.count(); i++) {
            int flags = in.readInt();
            if ((flags & ~(TIMED | JUMPED)) != 0) {
                throw new IllegalStateException("record " + i + " has unknown flags " + flags);
            }
            if ((flags & JUMPED) != 0) {
                for (int p = 0; p < n; p++) {
                    position[p] = in.readLong();
                }
            }
            long start = FiringLog.UNTIMED;
            long end = FiringLog.UNTIMED;
            if ((flags & TIMED) != 0) {
                start = previousStart + in.readSigned();
                end = start + in.readLong();
                previousStart = start;
            }
            consumed.add(readRanges(in, position, 0, ports.inputs(), ports.inputChannels()));
            produced.add(readRanges(in, position, ports.inputs().size(), ports.outputs(), ports.outputChannels()));
            if (start != FiringLog.UNTIMED) {
                for (int u = untimedFrom; u <= i; u++) {
                    out.add(new FiringRecord(ports.actor(), h.firstFiring() + u, start, end, consumed.get(u), produced.get(u)));
                }
                untimedFrom = i + 1;
                previousEnd = end;
            }
        }
        for (int u = untimedFrom; u < h.count(); u++) {
            out.add(new FiringRecord(ports.actor(), h.firstFiring() + u, previousEnd, previousEnd, consumed.get(u), produced.get(u)));
        }
        return out;
    }

    /**
     * What {@link #walk} found in a batch, in arrays it reuses: per port (inputs, then outputs) the
     * first range that moved tokens, and the batch's totals.
     */
    static final class Walk {
        final long[] position;
        final long[] from;
        final long[] to;
        /** Per port, the first seq the batch moved, or -1; and the firing that moved it. */
        final long[] firstMoved;
        final long[] firstMovedBy;
        long tokensIn;
        long tokensOut;
        long busyNanos;
        /** The records walked (those before {@code upTo}). */
        int records;

        Walk(int ports) {
            position = new long[ports];
            from = new long[ports];
            to = new long[ports];
            firstMoved = new long[ports];
            firstMovedBy = new long[ports];
        }
    }

    /**
     * Walks the records of a batch after its header without building an object per record: each
     * port's first moved range, the tokens moved and the time the timed records took, over the
     * records of firings before {@code upTo}, each of which is also handed to {@code sink} (if not
     * null) with its ports' ranges, and its times if it was timed.
     *
     * @param runStart the run's start, which the first timed record's start is relative to
     * @throws Exception what the sink throws
     */
    static void walk(Varints in, Header h, int inputs, long runStart, long upTo, Walk w, FiringLog sink) throws Exception {
        int n = w.position.length;
        for (int p = 0; p < n; p++) {
            w.position[p] = in.readLong();
        }
        java.util.Arrays.fill(w.firstMoved, -1);
        w.tokensIn = 0;
        w.tokensOut = 0;
        w.busyNanos = 0;
        w.records = 0;
        long previousStart = runStart;
        long[] inFrom = new long[inputs];
        long[] inTo = new long[inputs];
        long[] outFrom = new long[n - inputs];
        long[] outTo = new long[n - inputs];
        for (int i = 0; i < h.count() && h.firstFiring() + i < upTo; i++) {
            long firing = h.firstFiring() + i;
            int flags = in.readInt();
            if ((flags & ~(TIMED | JUMPED)) != 0) {
                throw new IllegalStateException("record " + i + " has unknown flags " + flags);
            }
            if ((flags & JUMPED) != 0) {
                for (int p = 0; p < n; p++) {
                    w.position[p] = in.readLong();
                }
            }
            long start = FiringLog.UNTIMED;
            long end = FiringLog.UNTIMED;
            if ((flags & TIMED) != 0) {
                start = previousStart + in.readSigned();
                long duration = in.readLong();
                end = start + duration;
                previousStart = start;
                w.busyNanos += duration;
            }
            for (int p = 0; p < n; p++) {
                long moved = in.readLong();
                w.from[p] = w.position[p];
                w.to[p] = w.position[p] + moved;
                if (moved > 0 && w.firstMoved[p] < 0) {
                    w.firstMoved[p] = w.position[p];
                    w.firstMovedBy[p] = firing;
                }
                if (p < inputs) {
                    w.tokensIn += moved;
                } else {
                    w.tokensOut += moved;
                }
                w.position[p] = w.to[p];
            }
            w.records++;
            if (sink != null) {
                System.arraycopy(w.from, 0, inFrom, 0, inputs);
                System.arraycopy(w.to, 0, inTo, 0, inputs);
                System.arraycopy(w.from, inputs, outFrom, 0, n - inputs);
                System.arraycopy(w.to, inputs, outTo, 0, n - inputs);
                sink.firing(firing, start, end, inFrom, inTo, outFrom, outTo);
            }
        }
    }

    /** The ranges of ports {@code [first, first + names.size())}, moving their positions past them. */
    private static List<PortRange> readRanges(Varints in, long[] position, int first, List<String> names, List<String> channels) {
        List<PortRange> out = null;
        for (int i = 0; i < names.size(); i++) {
            long count = in.readLong();
            if (count > 0) {
                long from = position[first + i];
                position[first + i] = from + count;
                if (out == null) {
                    out = new ArrayList<>(names.size() - i);
                }
                out.add(new PortRange(names.get(i), channels.get(i), from, from + count));
            }
        }
        return out == null ? List.of() : out;
    }
}
