package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.FiringSpan;
import io.sluice.run.PortRange;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

/**
 * The encoding of a batch of consecutive firing records of one actor, one Chronicle excerpt of
 * the firing log. Varints throughout ({@link Varints}). Ports are numbered by their place among
 * the actor's inputs, then its outputs, and a port names its channel. A port's range usually
 * starts where its previous one ended, so a record holds only how many tokens each port moved,
 * and a firing the director did not time ({@link FiringSpan#UNTIMED}) holds no time: a record of a
 * filter's firing is three bytes. A record may stand for a run of firings that each moved the
 * same numbers of tokens ({@link AlikeFiringsLog#firings}): the short firings of a source that never
 * waits then take a few bytes per run of up to a thousand or so.
 *
 * <pre>
 * batch:  actor | first firing | count of firings | position of each port before the first record | record...
 * record: flags (1 = timed, 2 = jumped, 4 = repeated, 8 = span, 16 = state emptied before it)
 *         | if jumped: the position of each port before the firing
 *         | if repeated: how many firings the record stands for (at least 2; else 1)
 *         | if span: how many firings the record stands for (at least 1)
 *         | if timed: start (ns after the previous timed record's start, or the run's, zigzag) | duration (ns)
 *         | unless span: tokens moved by each port, in each of the record's firings
 *         | if span, for each port: its count of pieces | per piece: the firings before it since the
 *           previous piece (or the record's first firing) | its firings | the tokens each moved
 * </pre>
 *
 * The firings of a timed record of several ran within its interval, as untimed firings before
 * the next timed record do; a timed span's interval is its last firing's, as if it were a run of
 * untimed records ended by a timed one ({@link FiringSpan}). A reader sweeps a span
 * into such runs ({@link AlikeRuns}) and reads them one by one. A record flagged "state emptied"
 * is the first the actor fired after a firing that declared its state empty
 * ({@link io.sluice.run.FiringLog#stateEmptied}). Format 2 had no repeated records, formats before 6 no spans
 * and formats before 7 no state emptied: in a store of such a format, a record so flagged is
 * damaged.
 * Before format 4 a batch held at most 4096 firings.
 */
final class FiringBatch {
    static final int TIMED = 1;
    static final int JUMPED = 2;
    static final int REPEATED = 4;
    static final int SPAN = 8;
    static final int STATE_EMPTIED = 16;
    /**
     * The most firings a batch of this Sluice's format holds: a lineage step reads one batch, record
     * by record, and resuming a killed run copies whole batches.
     */
    static final int MAX_FIRINGS = 16384;
    /** The most a batch held before format 4. */
    private static final int MAX_FIRINGS_BEFORE_4 = 4096;

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

    /**
     * Reads a batch's header.
     *
     * @param format the store's format, which tells how many firings a batch may hold
     * @throws IllegalStateException if it cannot be one: a negative actor or first firing, or a
     *     count of firings beyond {@link #maxFirings} (a damaged log)
     */
    static Header readHeader(Varints in, int format) {
        Header h = new Header(in.readInt(), in.readLong(), in.readInt());
        int max = maxFirings(format);
        if (h.actor() < 0 || h.firstFiring() < 0 || h.firstFiring() > Long.MAX_VALUE - max || h.count() < 0 || h.count() > max) {
            throw new IllegalStateException("a batch header claims actor " + h.actor() + ", first firing " + h.firstFiring()
                    + " and " + h.count() + " firings (a batch holds at most " + max + ")");
        }
        return h;
    }

    /** The most firings a batch of a store of {@code format} holds. */
    static int maxFirings(int format) {
        return format >= 4 ? MAX_FIRINGS : MAX_FIRINGS_BEFORE_4;
    }

    /** The record flags a store of {@code format} may hold. */
    static int flagsOf(int format) {
        if (format == 2) {
            return TIMED | JUMPED;
        }
        if (format < 6) {
            return TIMED | JUMPED | REPEATED;
        }
        return format < RunFile.CHECKSUMS ? TIMED | JUMPED | REPEATED | SPAN : TIMED | JUMPED | REPEATED | SPAN | STATE_EMPTIED;
    }

    /**
     * Reads a batch's records one at a time, after its header. After {@link #next}, the fields
     * describe the record read, and {@link #position} holds where the ports were before its first
     * firing; {@link #advance} moves them past its firings. A span record is read as the runs of
     * alike firings it sweeps into, one per {@code next}.
     */
    static final class Records {
        private final Varints in;
        private final Header h;
        private final int flags;
        final long[] position;
        /** Per port, the tokens each firing of the record moved. */
        final long[] step;
        /** The record's first firing, how many firings it stands for, and its interval ({@code UNTIMED} if none). */
        long first;
        long count;
        long start;
        long end;
        /** Whether the actor's state was declared empty before the record's first firing. */
        boolean emptiedBefore;
        private long previousStart;
        private long read;
        /** The span record being read, and the next of the runs it swept into (none left once it reaches {@code runs}). */
        private DecodedSpan span;
        private AlikeRuns swept;
        private int run;
        private int runs;

        private final int inputs;

        /**
         * @param format the store's format, which tells the flags a record may have
         * @param inputs the actor's input ports
         * @param ports the actor's ports, inputs and outputs
         * @param runStart the run's start, which the first timed record's start is relative to
         */
        Records(Varints in, Header h, int format, int inputs, int ports, long runStart) {
            this.in = in;
            this.h = h;
            this.inputs = inputs;
            this.flags = flagsOf(format);
            this.position = new long[ports];
            this.step = new long[ports];
            this.previousStart = runStart;
            readPositions();
        }

        private void readPositions() {
            for (int p = 0; p < position.length; p++) {
                position[p] = in.readLong();
                if (position[p] < 0) {
                    throw new IllegalStateException("a record of the batch of firing " + h.firstFiring() + " puts port " + p
                            + " at position " + position[p]);
                }
            }
        }

        /** Reads the next record, or the next run of a span record; false after the last. */
        boolean next() {
            if (run < runs) {
                nextRun();
                return true;
            }
            if (read == h.count()) {
                return false;
            }
            int flags = in.readInt();
            if ((flags & ~this.flags) != 0) {
                throw new IllegalStateException("the record of firing " + (h.firstFiring() + read) + " has flags " + flags
                        + ", beyond the " + this.flags + " of its store's format");
            }
            if ((flags & JUMPED) != 0) {
                readPositions();
            }
            emptiedBefore = (flags & STATE_EMPTIED) != 0;
            if ((flags & SPAN) != 0) {
                readSpan(flags);
                return true;
            }
            count = (flags & REPEATED) != 0 ? in.readLong() : 1;
            if (count < 1 || count > h.count() - read) {
                throw new IllegalStateException("the record of firing " + (h.firstFiring() + read) + " claims " + count
                        + " firings, beyond the batch's " + h.count());
            }
            start = FiringSpan.UNTIMED;
            end = FiringSpan.UNTIMED;
            if ((flags & TIMED) != 0) {
                start = previousStart + in.readSigned();
                end = start + in.readLong();
                previousStart = start;
            }
            for (int p = 0; p < step.length; p++) {
                step[p] = in.readLong();
                if (step[p] < 0) {
                    throw new IllegalStateException("the record of firing " + (h.firstFiring() + read) + " moves " + step[p]
                            + " tokens on port " + p);
                }
            }
            first = h.firstFiring() + read;
            read += count;
            return true;
        }

        /** Reads a span record after its flags and positions, sweeps it into runs and makes the first of them current. */
        private void readSpan(int flags) {
            long spanFirst = h.firstFiring() + read;
            long n = in.readLong();
            if (n < 1 || n > h.count() - read || (flags & REPEATED) != 0) {
                throw new IllegalStateException("the span record of firing " + spanFirst + " claims " + n
                        + " firings, beyond the batch's " + h.count() + ((flags & REPEATED) != 0 ? ", and is flagged repeated" : ""));
            }
            long spanStart = FiringSpan.UNTIMED;
            long spanEnd = FiringSpan.UNTIMED;
            if ((flags & TIMED) != 0) {
                spanStart = previousStart + in.readSigned();
                spanEnd = spanStart + in.readLong();
                previousStart = spanStart;
            }
            if (span == null) {
                span = new DecodedSpan(inputs, position);
                swept = new AlikeRuns();
            }
            span.read(in, spanFirst, n, spanStart, spanEnd);
            try {
                runs = swept.sweep(span);
            } catch (IllegalArgumentException e) {
                throw new IllegalStateException("the span record of firing " + spanFirst + " cannot be read: " + e.getMessage(), e);
            }
            run = 0;
            read += n;
            nextRun();
        }

        /** Makes the span's next run the current record: untimed but for the last, which has the span's interval. */
        private void nextRun() {
            int ports = step.length;
            emptiedBefore &= run == 0;
            first = run == 0 ? span.first() : first + count;
            count = swept.counts()[run];
            System.arraycopy(swept.steps(), run * ports, step, 0, ports);
            boolean last = ++run == runs;
            start = last ? span.startEpochNanos() : FiringSpan.UNTIMED;
            end = last ? span.endEpochNanos() : FiringSpan.UNTIMED;
        }

        /** Moves the ports' positions past the first {@code firings} firings of the record. */
        void advance(long firings) {
            for (int p = 0; p < position.length; p++) {
                position[p] += firings * step[p];
            }
        }
    }

    /**
     * Reads the records of a batch after its header, one per firing. An untimed firing gets the
     * interval of the next timed one, within which it ran. One the batch ends with gets the end
     * of the batch's last timed one, or the run's start if it has none: a director times an
     * actor's firings at least every 1024 and its last one, so only a failed listener, or a log
     * given thousands of untimed firings or runs in a row, leaves such a batch.
     *
     * @param format the store's format
     * @param runStart the run's start, which the first timed record's start is relative to
     */
    static List<FiringRecord> readRecords(Varints in, Header h, int format, Ports ports, long runStart) {
        return readRecords(in, h, format, ports, runStart, firing -> {});
    }

    /**
     * As {@link #readRecords(Varints, Header, int, Ports, long)}, also handing {@code emptiedBefore}
     * each firing of the batch before which the actor's state was declared empty.
     */
    static List<FiringRecord> readRecords(Varints in, Header h, int format, Ports ports, long runStart, LongConsumer emptiedBefore) {
        Records r = new Records(in, h, format, ports.inputs().size(), ports.count(), runStart);
        int ins = ports.inputs().size();
        List<FiringRecord> out = new ArrayList<>(h.count());
        List<List<PortRange>> consumed = new ArrayList<>();
        List<List<PortRange>> produced = new ArrayList<>();
        long untimedFrom = h.firstFiring();
        long previousEnd = runStart;
        while (r.next()) {
            if (r.emptiedBefore) {
                emptiedBefore.accept(r.first);
            }
            for (long k = 0; k < r.count; k++) {
                consumed.add(ranges(r, 0, ports.inputs(), ports.inputChannels()));
                produced.add(ranges(r, ins, ports.outputs(), ports.outputChannels()));
                r.advance(1);
            }
            if (r.start != FiringSpan.UNTIMED) {
                addRecords(out, ports.actor(), untimedFrom, r.start, r.end, consumed, produced);
                untimedFrom = r.first + r.count;
                previousEnd = r.end;
            }
        }
        addRecords(out, ports.actor(), untimedFrom, previousEnd, previousEnd, consumed, produced);
        return out;
    }

    /** Adds a record per firing whose ranges are waiting, from firing {@code first} on, all with the same interval. */
    private static void addRecords(List<FiringRecord> out, String actor, long first, long start, long end,
            List<List<PortRange>> consumed, List<List<PortRange>> produced) {
        for (int i = 0; i < consumed.size(); i++) {
            out.add(new FiringRecord(actor, first + i, start, end, consumed.get(i), produced.get(i)));
        }
        consumed.clear();
        produced.clear();
    }

    /**
     * What {@link #walk} found in a batch, in arrays it reuses: per port (inputs, then outputs) the
     * first range that moved tokens, and the batch's totals.
     */
    static final class Walk {
        /** Per port, the first seq the batch moved, or -1; and the firing that moved it. */
        final long[] firstMoved;
        final long[] firstMovedBy;
        long tokensIn;
        long tokensOut;
        long busyNanos;
        /** The firings walked (those before {@code upTo}). */
        long firings;
        /** The firings walked before which the actor's state was declared empty. */
        final List<Long> emptiedBefore = new ArrayList<>();

        Walk(int ports) {
            firstMoved = new long[ports];
            firstMovedBy = new long[ports];
        }
    }

    /**
     * Walks the records of a batch after its header without building an object per record: each
     * port's first moved range, the tokens moved and the time the timed records took, over the
     * firings before {@code upTo}, which are also handed to {@code sink} (if not null) as they
     * were logged. A timed record of several firings cut at {@code upTo} keeps its interval, within
     * which its firings before the cut ran, but with no duration: the firings after the cut, run
     * again, are timed again.
     *
     * @param format the store's format
     * @param runStart the run's start, which the first timed record's start is relative to
     * @throws Exception what the sink throws
     */
    static void walk(Varints in, Header h, int format, int inputs, long runStart, long upTo, Walk w, AlikeFiringsLog sink)
            throws Exception {
        int n = w.firstMoved.length;
        Records r = new Records(in, h, format, inputs, n, runStart);
        java.util.Arrays.fill(w.firstMoved, -1);
        w.tokensIn = 0;
        w.tokensOut = 0;
        w.busyNanos = 0;
        w.firings = 0;
        w.emptiedBefore.clear();
        long[] inFrom = new long[inputs];
        long[] inStep = new long[inputs];
        long[] outFrom = new long[n - inputs];
        long[] outStep = new long[n - inputs];
        while (r.next() && r.first < upTo) {
            long count = Math.min(r.count, upTo - r.first);
            boolean whole = count == r.count;
            if (whole && r.start != FiringSpan.UNTIMED) {
                w.busyNanos += r.end - r.start;
            }
            for (int p = 0; p < n; p++) {
                long moved = count * r.step[p];
                if (moved > 0 && w.firstMoved[p] < 0) {
                    w.firstMoved[p] = r.position[p];
                    w.firstMovedBy[p] = r.first;
                }
                if (p < inputs) {
                    w.tokensIn += moved;
                } else {
                    w.tokensOut += moved;
                }
            }
            w.firings += count;
            if (r.emptiedBefore) {
                w.emptiedBefore.add(r.first);
                if (sink != null) {
                    sink.stateEmptied(r.first - 1);
                }
            }
            if (sink != null) {
                System.arraycopy(r.position, 0, inFrom, 0, inputs);
                System.arraycopy(r.step, 0, inStep, 0, inputs);
                System.arraycopy(r.position, inputs, outFrom, 0, n - inputs);
                System.arraycopy(r.step, inputs, outStep, 0, n - inputs);
                long start = r.start;
                long end = whole || r.start == FiringSpan.UNTIMED ? r.end : r.start;
                sink.firings(r.first, count, start, end, inFrom, inStep, outFrom, outStep);
            }
            r.advance(count);
        }
    }

    /**
     * Where the ports (inputs, then outputs) were before firing {@code firing} of the batch, or
     * {@code after} it; null if the batch does not hold it.
     */
    static long[] positions(Varints in, Header h, int format, int inputs, int ports, long runStart, long firing, boolean after) {
        Records r = new Records(in, h, format, inputs, ports, runStart);
        while (r.next()) {
            if (firing >= r.first && firing < r.first + r.count) {
                r.advance(firing - r.first + (after ? 1 : 0));
                return r.position.clone();
            }
            r.advance(r.count);
        }
        return null;
    }

    /**
     * The record of the firing of the batch that moved seq {@code seq} on port {@code port}
     * (inputs, then outputs), if it is one of firing {@code from} or later, as
     * {@link #readRecords} gives it but without building the others; null if there is none. A
     * port's ranges do not overlap, so at most one firing moved the seq.
     */
    static FiringRecord firingMoving(Varints in, Header h, int format, Ports ports, long runStart, int port, long seq, long from) {
        return locate(in, h, format, ports, runStart, r -> {
            long step = r.step[port];
            long at = r.position[port];
            if (step == 0 || seq < at || seq >= at + r.count * step) {
                return -1;
            }
            long k = (seq - at) / step;
            return r.first + k >= from ? k : -1;
        });
    }

    /** The record of firing {@code n}, as {@link #readRecords} gives it, if the batch holds it; else null. */
    static FiringRecord firing(Varints in, Header h, int format, Ports ports, long runStart, long n) {
        return locate(in, h, format, ports, runStart, r -> n >= r.first && n < r.first + r.count ? n - r.first : -1);
    }

    /** Which firing of the record just read holds what is looked for: its place among the record's firings, or -1. */
    private interface Locator {
        long within(Records r);
    }

    /**
     * Reads the batch's records up to the first firing {@code locator} finds, and on to the timed
     * record whose interval it ran in (as {@link #readRecords} gives it: a record's own if timed,
     * else the next timed record's, else the end of the batch's last timed one, or the run's start).
     */
    private static FiringRecord locate(Varints in, Header h, int format, Ports ports, long runStart, Locator locator) {
        Records r = new Records(in, h, format, ports.inputs().size(), ports.count(), runStart);
        int ins = ports.inputs().size();
        long firing = -1;
        List<PortRange> consumed = null;
        List<PortRange> produced = null;
        long previousEnd = runStart;
        while (r.next()) {
            long k = firing < 0 ? locator.within(r) : -1;
            if (k >= 0) {
                r.advance(k);
                firing = r.first + k;
                consumed = ranges(r, 0, ports.inputs(), ports.inputChannels());
                produced = ranges(r, ins, ports.outputs(), ports.outputChannels());
                r.advance(r.count - k);
            } else {
                r.advance(r.count);
            }
            if (r.start != FiringSpan.UNTIMED) {
                if (firing >= 0) {
                    return new FiringRecord(ports.actor(), firing, r.start, r.end, consumed, produced);
                }
                previousEnd = r.end;
            }
        }
        return firing < 0 ? null : new FiringRecord(ports.actor(), firing, previousEnd, previousEnd, consumed, produced);
    }

    /** The ranges the current firing of {@code r} moved on ports {@code [first, first + names.size())}. */
    private static List<PortRange> ranges(Records r, int first, List<String> names, List<String> channels) {
        List<PortRange> out = null;
        for (int i = 0; i < names.size(); i++) {
            long count = r.step[first + i];
            if (count > 0) {
                long from = r.position[first + i];
                if (out == null) {
                    out = new ArrayList<>(names.size() - i);
                }
                out.add(new PortRange(names.get(i), channels.get(i), from, from + count));
            }
        }
        return out == null ? List.of() : out;
    }
}
