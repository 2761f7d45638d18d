package io.sluice.bench;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.composite.CompositeTransfer;
import io.sluice.composite.SeqRange;
import io.sluice.composite.TransferIncompleteException;
import io.sluice.composite.TransferSpec;
import io.sluice.composite.TransferSummary;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * How composite transfers scale with the number of sender processes on this machine (issue 43):
 * up to eight senders, each a space server in a process of its own ({@link SpaceServerProcess})
 * holding a full replica of a channel of 1 KiB {@code byte[]} tokens, and one receiver, a space
 * server in another process, wanting the whole channel. No link is shaped: the machine is the
 * only limit. Each round runs a transfer with 1, 2, 4 and 8 of the senders, the order rotating,
 * and measures its rate and the CPU time every process used (this one, which reads the senders
 * and writes the receiver, and the servers), so the page says when the machine's cores, not the
 * senders, bound the transfer.
 *
 * <p>Run with {@code bench/run-benchmarks.sh --composite-scaling}; options {@code --rounds R} (5), {@code --warmup W} (3),
 * {@code --mib M} (MiB per transfer, 64), {@code --scratch DIR}, {@code --output DIR} (writes its
 * section of {@code benchmarks-composite.md}, between markers, keeping the rest of the page).
 */
public final class CompositeScalingBenchmark {
    /** This benchmark's section of {@code benchmarks-composite.md}. */
    static final PageSection SECTION = new PageSection("composite-scaling", "--composite-scaling");
    private static final int TOKEN = 1024;
    private static final int[] SENDERS = {1, 2, 4, 8};

    private CompositeScalingBenchmark() {}

    public static void main(String[] args) throws Exception {
        BenchArgs options = BenchArgs.parse(args, "--rounds R, --warmup W, --mib M, --scratch DIR, --output DIR");
        int rounds = options.getInt("--rounds", 5);
        int warmup = options.getInt("--warmup", 3);
        int mib = options.getInt("--mib", 64);
        Path scratch = options.getPath("--scratch", Path.of(System.getProperty("java.io.tmpdir")));
        Path output = options.getPath("--output", null);
        long started = System.nanoTime();
        int n = mib * 1024;
        double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        int cores = Runtime.getRuntime().availableProcessors();
        Path dir = Files.createTempDirectory(scratch, "sluice-composite-scaling");
        List<ServerProcess> senders = new ArrayList<>();
        ServerProcess receiver = null;
        double[][] rate = new double[SENDERS.length][rounds];
        double[] copyRate = new double[rounds];
        double[][] busy = new double[SENDERS.length][rounds];
        double[][] coordinator = new double[SENDERS.length][rounds];
        long written;
        int repeated = 0;
        try {
            for (int i = 0; i < SENDERS[SENDERS.length - 1]; i++) {
                ServerProcess s = ServerProcess.start(dir.resolve("sender" + i));
                senders.add(s);
                CompositeBenchmark.fill(s.uri, n);
            }
            receiver = ServerProcess.start(dir.resolve("receiver"));
            int counter = 0;
            for (int r = -warmup; r < rounds; r++) {
                String plain = "copy" + counter++;
                double copied = copy(senders.get(0).uri, receiver.uri, plain, n);
                unlink(receiver.uri, plain);
                System.err.printf(Locale.ROOT, "round %d, plain copy: %s/s%n", r + 1, Format.bytes((long) copied));
                if (r >= 0) {
                    copyRate[r] = copied;
                }
                for (int k = 0; k < SENDERS.length; k++) {
                    int v = Math.floorMod(k + r, SENDERS.length);
                    String copy = "copy" + counter++;
                    long cpuBefore = cpu(senders, receiver);
                    long selfBefore = selfCpu();
                    long wallBefore = System.nanoTime();
                    TransferSummary summary;
                    try {
                        summary = CompositeTransfer.builder(spec(senders.subList(0, SENDERS[v]), receiver.uri, copy, n))
                                .readWindowBytes(128 << 10).build().run();
                    } catch (TransferIncompleteException e) { // a node timed out on the shared machine: the round again
                        System.err.println("round " + (r + 1) + " again: " + e.getMessage());
                        if (++repeated > 3) {
                            throw e;
                        }
                        r--;
                        break;
                    }
                    long self = selfCpu() - selfBefore;
                    long all = cpu(senders, receiver) - cpuBefore + self;
                    // the CPU samples span the whole run(), probes included: share them over the same wall time
                    double seconds = (System.nanoTime() - wallBefore) / 1e9;
                    unlink(receiver.uri, copy);
                    System.err.printf(Locale.ROOT, "round %d, %d sender(s): %s/s, CPU %.0f%% of %d cores%n", r + 1, SENDERS[v],
                            Format.bytes((long) summary.bytesPerSecond()), 100 * all / 1e9 / seconds / cores, cores);
                    if (r >= 0) {
                        rate[v][r] = summary.bytesPerSecond();
                        busy[v][r] = all / 1e9 / seconds / cores;
                        coordinator[v][r] = self / 1e9 / seconds;
                    }
                }
            }
        } finally {
            for (ServerProcess s : senders) {
                s.close();
            }
            if (receiver != null) {
                receiver.close();
            }
            written = DiskUsage.allocated(dir);
            WorkflowBenchmark.deleteRecursively(dir);
        }
        String section = section(copyRate, rate, busy, coordinator, n, rounds, warmup, cores, load, repeated, written,
                Duration.ofNanos(System.nanoTime() - started));
        System.out.print(section);
        if (output != null) {
            SECTION.writeInto(output.resolve("benchmarks-composite.md"), section);
        }
    }

    private static String section(double[] copyRate, double[][] rate, double[][] busy, double[][] coordinator, int n, int rounds, int warmup, int cores, double load,
            int repeated, long written, Duration took) {
        StringBuilder b = new StringBuilder("## Scaling with the number of sender processes\n\n");
        b.append("Generated by `bench/run-benchmarks.sh --composite-scaling` (`io.sluice.bench.CompositeScalingBenchmark`). ");
        b.append(String.format(Locale.ROOT, "Eight senders, each a space server in a process of its own holding the whole channel"
                + " (%d MiB, 1 KiB tokens), and one receiver, a space server in another process, wanting all of it; no link is"
                + " shaped, so the machine is the only limit. Each round transfers the channel from 1, 2, 4 and 8 of the senders"
                + " with the greedy schedule, the order rotating; %d rounds after %d of warm-up. *CPU* is the CPU time of every"
                + " process taking part (the servers and this one, which reads the senders and writes the receiver) over the"
                + " wall time of the whole transfer (its probes included), as a share of the machine's %d cores; *coordinator* is this process's share in cores."
                + " The machine was shared with other builds (load average %.2f at the start).%n%n", n / 1024, rounds, warmup, cores, load));
        b.append("| senders | MiB/s (median) | vs 1 sender (median of per-round ratios) | CPU, share of the machine | coordinator, cores |\n");
        b.append("| ---: | ---: | ---: | ---: | ---: |\n");
        double[] vsCopy = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            vsCopy[r] = rate[0][r] / copyRate[r];
        }
        b.append(String.format(Locale.ROOT, "| plain copy from 1 sender (one reader, one writer, no schedule) | %.1f | | | |%n",
                VariantSummary.median(copyRate) / (1 << 20)));
        for (int v = 0; v < SENDERS.length; v++) {
            double[] ratio = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                ratio[r] = rate[v][r] / rate[0][r];
            }
            b.append(String.format(Locale.ROOT, "| %d | %.1f | %.2f× | %.0f%% | %.2f |%n", SENDERS[v],
                    VariantSummary.median(rate[v]) / (1 << 20), VariantSummary.median(ratio), 100 * VariantSummary.median(busy[v]),
                    VariantSummary.median(coordinator[v])));
        }
        int limit = firstSaturated(busy);
        b.append(String.format(Locale.ROOT, "%nOne sender through the composite transfer moves %.2f× what a plain copy from that"
                + " sender does (median of per-round ratios): below 1 is what the scheduling, probing and reordering cost, above 1 what"
                + " reading in parallel chunks gains.%n", VariantSummary.median(vsCopy)));
        b.append('\n');
        if (limit >= 0) {
            b.append(String.format(Locale.ROOT, "From %d sender(s) on the processes together use %.0f%% or more of the machine's %d cores:"
                    + " there the cores, not the senders, bound the transfer, and more senders add processes competing for them."
                    + " On machines of their own each sender would bring its own cores and link.%n", SENDERS[limit], 100 * SATURATED,
                    cores));
        } else {
            b.append(String.format(Locale.ROOT, "The processes together stayed below %.0f%% of the machine's cores at every count.%n",
                    100 * SATURATED));
        }
        if (repeated > 0) {
            b.append(String.format(Locale.ROOT, "%n%d round(s) were run again: a transfer lost a node on the loaded machine.%n", repeated));
        }
        b.append(String.format(Locale.ROOT, "%nThe spaces held %s of disk at the end (deleted; each transfer's copy was unlinked after it)."
                + " The benchmark took %s.%n", Format.bytes(written), Format.duration(took)));
        return b.toString();
    }

    /** A share of the machine's CPU above which the cores count as the limit. */
    private static final double SATURATED = 0.85;

    /** The first sender count whose median CPU share is saturated, or -1. */
    private static int firstSaturated(double[][] busy) {
        for (int v = 0; v < busy.length; v++) {
            if (VariantSummary.median(busy[v]) >= SATURATED) {
                return v;
            }
        }
        return -1;
    }

    private static TransferSpec spec(List<ServerProcess> senders, URI receiver, String copy, int tokens) {
        TransferSpec.Builder b = TransferSpec.builder("data").tokenType(byte[].class);
        for (int i = 0; i < senders.size(); i++) {
            b.sender("s" + i, senders.get(i).uri, new SeqRange(0, tokens));
        }
        return b.receiver("r", receiver, copy, new SeqRange(0, tokens)).build();
    }

    /** Copies the channel from one space to another with a plain reader and writer; its rate in bytes per second. */
    private static double copy(URI from, URI to, String copy, int n) throws Exception {
        long start = System.nanoTime();
        try (RemoteSpace source = RemoteChannels.connect(from); RemoteSpace target = RemoteChannels.connect(to);
                Channel<byte[]> in = source.open(ChannelSpec.unbounded("data", byte[].class));
                Channel<byte[]> out = target.open(ChannelSpec.unbounded(copy, byte[].class))) {
            ChannelReader<byte[]> reader = in.openReader("copy");
            ChannelWriter<byte[]> writer = out.writer();
            for (int i = 0; i < n; i++) {
                writer.put(reader.take());
            }
            writer.close();
            reader.close();
        }
        return (double) n * TOKEN / ((System.nanoTime() - start) / 1e9);
    }

    /**
     * Unlinks a copy once the server has let its writer go: a closed writer's role is released
     * when the server handles the close, which may come just after the transfer returned.
     */
    private static void unlink(URI space, String channel) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try (RemoteSpace s = RemoteChannels.connect(space)) {
            while (true) {
                try {
                    s.unlink(channel);
                    return;
                } catch (SpaceException busy) {
                    if (System.nanoTime() > deadline || !String.valueOf(busy.getMessage()).contains("BUSY")) {
                        throw busy;
                    }
                    Thread.sleep(20);
                }
            }
        }
    }

    /** CPU time, in nanoseconds, of the server processes so far. */
    private static long cpu(List<ServerProcess> senders, ServerProcess receiver) {
        long sum = receiver.cpu();
        for (ServerProcess s : senders) {
            sum += s.cpu();
        }
        return sum;
    }

    private static long selfCpu() {
        return ProcessHandle.current().info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
    }

    /** A {@link SpaceServerProcess} child: its URI, its CPU time; closing it stops it. */
    private static final class ServerProcess implements AutoCloseable {
        final Process process;
        final URI uri;

        private ServerProcess(Process process, URI uri) {
            this.process = process;
            this.uri = uri;
        }

        static ServerProcess start(Path dir) throws IOException {
            Process p = new ProcessBuilder(SpaceServerProcess.command(dir, "-Xmx256m")).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
            if (line == null) {
                p.destroyForcibly();
                throw new IOException("the space server process for " + dir + " ended before it printed its address");
            }
            return new ServerProcess(p, URI.create(line.trim()));
        }

        long cpu() {
            return process.info().totalCpuDuration().map(Duration::toNanos).orElse(0L);
        }

        @Override
        public void close() throws Exception {
            try (OutputStream in = process.getOutputStream()) {
                in.write("quit\n".getBytes(StandardCharsets.UTF_8));
            } catch (IOException ended) {
                // the process is gone already
            }
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
