package io.sluice.provenance;

import io.sluice.run.FiringRecord;
import io.sluice.run.PortRange;
import java.util.ArrayList;
import java.util.List;

/**
 * The encoding of a batch of consecutive firing records of one actor, one Chronicle excerpt of
 * the firing log. Varints throughout ({@link Varints}); ports are numbered by their place among
 * the actor's inputs or outputs, and a port names its channel, so a range costs a few bytes:
 *
 * <pre>
 * batch:  actor | first firing | count | record...
 * record: start (ns after the previous record's start, or the run's, zigzag) | duration (ns)
 *         | consumed count | (input port, from seq, token count)... | produced count | (output port, from seq, token count)...
 * </pre>
 */
final class FiringBatch {
    private FiringBatch() {}

    /** The names of one actor's ports, by number, and their channels. */
    record Ports(String actor, List<String> inputs, List<String> inputChannels, List<String> outputs, List<String> outputChannels) {
        static Ports of(RunFile.ActorEntry a) {
            return new Ports(a.name(), a.inputs().stream().map(RunFile.PortEntry::port).toList(),
                    a.inputs().stream().map(RunFile.PortEntry::channel).toList(),
                    a.outputs().stream().map(RunFile.PortEntry::port).toList(),
                    a.outputs().stream().map(RunFile.PortEntry::channel).toList());
        }
    }

    static void writeHeader(Varints out, int actor, long firstFiring, int count) {
        out.writeLong(actor);
        out.writeLong(firstFiring);
        out.writeLong(count);
    }

    /**
     * Appends one record; {@code previousStart} is the start the record's start is relative to.
     * Ports are given as {@link io.sluice.run.FiringLog} gives them: positions before and after.
     */
    static void writeRecord(Varints out, long start, long end, long previousStart, long[] inputFrom, long[] inputTo,
            long[] outputFrom, long[] outputTo) {
        out.writeSigned(start - previousStart);
        out.writeLong(Math.max(0, end - start));
        writeRanges(out, inputFrom, inputTo);
        writeRanges(out, outputFrom, outputTo);
    }

    private static void writeRanges(Varints out, long[] from, long[] to) {
        int n = 0;
        for (int i = 0; i < from.length; i++) {
            if (to[i] > from[i]) {
                n++;
            }
        }
        out.writeLong(n);
        for (int i = 0; i < from.length; i++) {
            if (to[i] > from[i]) {
                out.writeLong(i);
                out.writeLong(from[i]);
                out.writeLong(to[i] - from[i]);
            }
        }
    }

    /** A decoded batch header. */
    record Header(int actor, long firstFiring, int count) {}

    static Header readHeader(Varints in) {
        return new Header(in.readInt(), in.readLong(), in.readInt());
    }

    /** Reads the next record of a batch, firing {@code firing}, starting after {@code previousStart}. */
    static FiringRecord readRecord(Varints in, Ports ports, long firing, long previousStart) {
        long start = previousStart + in.readSigned();
        long end = start + in.readLong();
        List<PortRange> consumed = readRanges(in, ports.inputs(), ports.inputChannels());
        List<PortRange> produced = readRanges(in, ports.outputs(), ports.outputChannels());
        return new FiringRecord(ports.actor(), firing, start, end, consumed, produced);
    }

    private static List<PortRange> readRanges(Varints in, List<String> ports, List<String> channels) {
        int n = in.readInt();
        List<PortRange> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            int port = in.readInt();
            if (port >= ports.size()) {
                throw new IllegalStateException("port number " + port + " is not one of the actor's " + ports.size());
            }
            long from = in.readLong();
            long count = in.readLong();
            out.add(new PortRange(ports.get(port), channels.get(port), from, from + count));
        }
        return out;
    }
}
