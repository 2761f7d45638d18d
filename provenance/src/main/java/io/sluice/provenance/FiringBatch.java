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

    /** Appends one record; {@code previousStart} is the start the record's start is relative to. */
    static void writeRecord(Varints out, Ports ports, FiringRecord r, long previousStart) {
        out.writeSigned(r.startEpochNanos() - previousStart);
        out.writeLong(Math.max(0, r.endEpochNanos() - r.startEpochNanos()));
        writeRanges(out, r.consumed(), ports.inputs(), ports.actor());
        writeRanges(out, r.produced(), ports.outputs(), ports.actor());
    }

    private static void writeRanges(Varints out, List<PortRange> ranges, List<String> ports, String actor) {
        out.writeLong(ranges.size());
        for (PortRange range : ranges) {
            int port = ports.indexOf(range.port());
            if (port < 0) {
                throw new ProvenanceException("actor '" + actor + "' has no port '" + range.port() + "' in the recorded workflow");
            }
            out.writeLong(port);
            out.writeLong(range.fromSeq());
            out.writeLong(range.count());
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
