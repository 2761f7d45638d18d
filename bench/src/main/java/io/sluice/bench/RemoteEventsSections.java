package io.sluice.bench;

import io.sluice.bench.RemoteEventsThroughput.Run;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The throughput sections of the remote events page: a space server hosting event channels in a
 * process of its own ({@link SpaceServerProcess} with {@code --events}), and the variants of
 * {@link RemoteEventsThroughput} run in rounds, the order rotating, in this process.
 */
final class RemoteEventsSections {
    private RemoteEventsSections() {}

    /** How much to run: rounds, and events per run of 64 B (publish, fan-in, filters), fan-out of 64 B, and 50 KB. */
    record Sizes(int rounds, int events, int fanEvents, int bigEvents) {}

    static final int SMALL = 64;
    static final int BIG = 50 * 1024;

    private interface Variant {
        Run run(RemoteEventsThroughput t) throws Exception;
    }

    static String run(Sizes sizes) throws Exception {
        Path dir = Files.createTempDirectory("sluice-remote-events-tp");
        Map<String, Variant> variants = new LinkedHashMap<>();
        variants.put("publish 64 B, window 1 (baseline: a round trip each)", t -> t.publish(1, sizes.events(), SMALL));
        variants.put("publish 64 B, window " + RemoteEventsThroughput.PIPELINED + " (pipelined)",
                t -> t.publish(RemoteEventsThroughput.PIPELINED, sizes.events(), SMALL));
        variants.put("fan-out 1 → 64, 64 B", t -> t.fan(1, 64, 8, RemoteEventsThroughput.PIPELINED, sizes.fanEvents(), SMALL));
        variants.put("fan-out 1 → 64, 50 KB", t -> t.fan(1, 64, 8, RemoteEventsThroughput.PIPELINED, sizes.bigEvents(), BIG));
        variants.put("fan-in 16 → 1, 64 B", t -> t.fan(16, 1, 4, RemoteEventsThroughput.PIPELINED, sizes.events(), SMALL));
        variants.put("fan-in 16 → 1, 50 KB", t -> t.fan(16, 1, 4, RemoteEventsThroughput.PIPELINED, sizes.bigEvents() * 4, BIG));
        variants.put("filter at the server, 1% pass (baseline)", t -> t.filter(true, sizes.events(), SMALL));
        variants.put("filter in the subscriber's handler, 1% pass", t -> t.filter(false, sizes.events(), SMALL));
        Map<String, List<Run>> runs = new LinkedHashMap<>();
        variants.keySet().forEach(v -> runs.put(v, new ArrayList<>()));
        List<String> names = new ArrayList<>(variants.keySet());
        long diskAfter;
        String store;
        try (SpaceServerProcess.Running server = SpaceServerProcess.Running.events(dir.resolve("space"), "-Xmx1g")) {
            RemoteEventsThroughput t = new RemoteEventsThroughput(server.uri());
            for (int round = -1; round < sizes.rounds(); round++) { // round -1 warms up and is not kept
                for (int k = 0; k < names.size(); k++) {
                    String v = names.get(Math.floorMod(round + k, names.size()));
                    Run r = variants.get(v).run(t);
                    System.err.printf(Locale.ROOT, "round %d %s: %.0f events/s%n", round, v, r.eventsPerSecond());
                    if (round >= 0) {
                        runs.get(v).add(r);
                    }
                }
            }
            diskAfter = DiskUsage.allocated(dir);
            FileStore fs = Files.getFileStore(dir);
            store = String.format(Locale.ROOT, "%.1f GiB free of %.1f GiB", fs.getUsableSpace() / (double) (1L << 30),
                    fs.getTotalSpace() / (double) (1L << 30));
        } finally {
            try (var s = Files.walk(dir)) {
                s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        return page(sizes, runs, names, diskAfter, store);
    }

    private static double median(List<Run> runs, java.util.function.ToDoubleFunction<Run> f) {
        double[] v = runs.stream().mapToDouble(f).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String range(List<Run> runs) {
        double[] v = runs.stream().mapToDouble(Run::eventsPerSecond).sorted().toArray();
        return String.format(Locale.ROOT, "%,.0f – %,.0f", v[0], v[v.length - 1]);
    }

    private static String page(Sizes sizes, Map<String, List<Run>> runs, List<String> names, long disk, String store) {
        StringBuilder p = new StringBuilder();
        p.append("## Throughput against a space server in another JVM\n\n");
        p.append(String.format(Locale.ROOT, "A space server hosting transient event channels (`SpaceServerProcess --events`, as "
                + "`sluice serve --events`, default workers, heap 1 GiB) runs in a process of its own; publishers and "
                + "subscribers connect over loopback from the benchmark's JVM. **The machine is shared (2 cores)** with other "
                + "builds and benchmarks, and both JVMs run on the same 2 cores: absolute figures are noisy, compare the "
                + "variants, which ran alternating in rounds (%d kept after one of warm-up, the order rotating). "
                + "Each run opens new connections and a new channel, and ends when every subscription has handled every event "
                + "(and every publish is answered); events/s counts events published, deliveries/s events handled. "
                + "Subscriptions: queue of 64, `BLOCK`, from now. Runs of 64 B: %,d events (fan-out: %,d); of 50 KB: %,d "
                + "(fan-in: %,d). 64 B and 50 KB are the encoded record's size, about.%n%n",
                sizes.rounds(), sizes.events(), sizes.fanEvents(), sizes.bigEvents(), sizes.bigEvents() * 4));
        p.append("### Publish: one round trip per event against pipelined\n\n");
        p.append("One publisher, one subscriber, `publishAsync` in a loop; window 1 is the behaviour before pipelining "
                + "(each publish waits for the answer to the one before).\n\n");
        table(p, runs, names.subList(0, 2), names.get(0));
        p.append("\n### Fan-out and fan-in\n\n");
        p.append("Fan-out: one publisher, 64 subscriptions on 8 connections (8 each). Fan-in: 16 publishers, each on a thread "
                + "of its own, on 4 connections, one subscriber. Publishers pipelined (window "
                + RemoteEventsThroughput.PIPELINED + ").\n\n");
        p.append("| variant | events/s (median) | range | deliveries/s | MB/s delivered |\n| --- | ---: | ---: | ---: | ---: |\n");
        for (String v : names.subList(2, 6)) {
            List<Run> r = runs.get(v);
            int size = v.endsWith("50 KB") ? BIG : SMALL;
            double deliveries = median(r, x -> x.deliveries() / x.seconds());
            p.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %,.0f | %.1f |%n", v, median(r, Run::eventsPerSecond),
                    range(r), deliveries, deliveries * size / 1e6));
        }
        p.append("\n### Filtering where the data is against filtering in the subscriber\n\n");
        p.append("One publisher (pipelined), one subscriber whose connection goes through a relay in the benchmark's JVM "
                + "that counts the bytes it carries from the server (`CountingRelay`). Events of 64 B with a tag 0 … 99; the "
                + "filter `" + RemoteEventsThroughput.FILTER + "` passes 1 in 100. At the server: the subscription carries the "
                + "filter (CEL, evaluated at the server). In the subscriber: the same expression, compiled the same way "
                + "(`CelFilter`), evaluated in the handler on every event.\n\n");
        p.append("| variant | events/s (median) | range | ratio | bytes to the subscriber per event published | KiB to the subscriber per run |\n"
                + "| --- | ---: | ---: | ---: | ---: | ---: |\n");
        double base = median(runs.get(names.get(6)), Run::eventsPerSecond);
        for (String v : names.subList(6, 8)) {
            List<Run> r = runs.get(v);
            double eps = median(r, Run::eventsPerSecond);
            double bytes = median(r, x -> x.bytesToSubscriber());
            p.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %.2f | %.1f | %,.1f |%n", v, eps, range(r), eps / base,
                    bytes / sizes.events(), bytes / 1024));
        }
        p.append(String.format(Locale.ROOT, "%nDisk: the channels are transient; the server's space directory held %s at the "
                + "end (`du`), and its file system had %s.%n", disk < 0 ? "an unknown amount (no `du`)"
                        : String.format(Locale.ROOT, "%,d KiB", disk / 1024), store));
        return p.toString();
    }

    private static void table(StringBuilder p, Map<String, List<Run>> runs, List<String> names, String baseline) {
        p.append("| variant | events/s (median) | range | ratio to baseline | per-round ratios |\n| --- | ---: | ---: | ---: | --- |\n");
        List<Run> base = runs.get(baseline);
        double b = median(base, Run::eventsPerSecond);
        for (String v : names) {
            List<Run> r = runs.get(v);
            double eps = median(r, Run::eventsPerSecond);
            String perRound = Arrays.toString(java.util.stream.IntStream.range(0, Math.min(r.size(), base.size()))
                    .mapToObj(i -> String.format(Locale.ROOT, "%.2f", r.get(i).eventsPerSecond() / base.get(i).eventsPerSecond()))
                    .toArray());
            p.append(String.format(Locale.ROOT, "| %s | %,.0f | %s | %.2f | %s |%n", v, eps, range(r), eps / b, perRound));
        }
    }
}
