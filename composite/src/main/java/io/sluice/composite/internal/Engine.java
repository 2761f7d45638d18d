package io.sluice.composite.internal;

import io.sluice.channel.local.Codecs;
import io.sluice.codec.Codec;
import io.sluice.composite.Capacities;
import io.sluice.composite.Schedule;
import io.sluice.composite.TransferIncompleteException;
import io.sluice.composite.TransferProgress;
import io.sluice.composite.TransferSpec;
import io.sluice.composite.TransferSummary;
import io.sluice.remote.RemoteChannels;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one transfer: opens the receivers (each resumes after what its channel holds), connects to
 * and probes the senders, then the receivers, schedules, then runs a thread per sender ({@link SenderWorker}) and per
 * receiver ({@link ReceiverSink}) while the calling thread measures rates, reschedules, watches
 * for stalled senders and reports progress. Every thread ends and every connection is closed
 * before {@link #run} returns.
 */
public final class Engine {
    private static final Logger LOG = LoggerFactory.getLogger(Engine.class);
    private final TransferSpec spec;
    private final TransferOptions o;

    public Engine(TransferSpec spec, TransferOptions options) {
        this.spec = spec;
        this.o = options;
    }

    /**
     * What a receiver's writer may hold unacknowledged: a quarter of the reorder window, between
     * 64 KiB and 16 MiB. Small enough that a slow receiver's writes soon wait for its space, which
     * is how its capacity is measured and the rest held back for the schedule to place.
     */
    static long writeBuffer(long windowBytes) {
        return Math.min(16L << 20, Math.max(64L << 10, windowBytes / 4));
    }

    private RemoteChannels.Options connectOptions() {
        RemoteChannels.Options c = RemoteChannels.options().giveUpAfter(o.giveUpAfter()).connectTimeout(o.connectTimeout())
                .readWindow(o.readWindowBytes()).writeBuffer(writeBuffer(o.windowBytes()));
        if (o.token() != null) {
            c.token(o.token());
        }
        return c;
    }

    private Class<?> type() {
        try {
            return Class.forName(spec.tokenType(), false, Engine.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("transfer '" + spec.channel() + "': no class " + spec.tokenType() + " for its tokens", e);
        }
    }

    /** Senders connected and probed; those that failed have a null link and their reason. */
    private record Probed(SenderLink[] links, Probe.Result[] results, String[] failures) {
        void closeAll() {
            for (SenderLink l : links) {
                if (l != null) {
                    l.close();
                }
            }
        }
    }

    private Probed probe(Class<?> type, Codec<?> codec) throws InterruptedException {
        int n = spec.senders().size();
        SenderLink[] links = new SenderLink[n];
        Probe.Result[] results = new Probe.Result[n];
        String[] failures = new String[n];
        RemoteChannels.Options options = connectOptions();
        Thread[] threads = new Thread[n];
        for (int i = 0; i < n; i++) {
            int index = i;
            TransferSpec.Sender s = spec.senders().get(i);
            threads[i] = new Thread(() -> {
                SenderLink link = null;
                try {
                    link = new SenderLink(s, type, codec, options, o.readWindowBytes());
                    results[index] = Probe.run(link, o.probeTime().toMillis(), o.probeBytes(), o.stallTimeout().toMillis());
                    links[index] = link;
                } catch (IOException | RuntimeException e) {
                    failures[index] = e.getMessage();
                    if (link != null) {
                        link.close();
                    }
                } catch (InterruptedException e) {
                    failures[index] = "interrupted while probed";
                    if (link != null) {
                        link.close();
                    }
                }
            }, "sluice-composite-probe-" + s.name());
            threads[i].start();
        }
        try {
            // every wait of a probe is bounded by the stall timeout, but a token at a time: bound the whole probe too
            joinProbes(threads, System.nanoTime() + o.probeTime().toNanos() + 3 * o.stallTimeout().toNanos());
        } catch (InterruptedException e) {
            new Probed(links, results, failures).closeAll();
            throw e;
        }
        for (int i = 0; i < n; i++) {
            if (failures[i] != null) {
                LOG.warn("sender {} ({}) failed its probe: {}", spec.senders().get(i).name(), spec.senders().get(i).space(), failures[i]);
            }
        }
        return new Probed(links, results, failures);
    }

    /** The fewest tokens a receiver's probe writes; a receiver that wants less than 8 times that is not probed. */
    private static final int MIN_RECEIVER_PROBE_TOKENS = 64;

    /**
     * Probes the receivers that opened, in parallel ({@link ReceiverSink#probe}), with the tokens
     * the first sender's probe read, writing at most an eighth of what each wants: the rate each
     * stored them at, tokens per second, or 0 where not measured (no sender probed, a receiver
     * that wants too little to be worth it, or a probe that failed: logged; the transfer then
     * measures it).
     */
    private double[] probeReceivers(ReceiverSink[] sinks, Probed probed) throws InterruptedException {
        double[] rates = new double[sinks.length];
        Probe.Result sample = null;
        for (Probe.Result r : probed.results()) {
            if (r != null && !r.sample().isEmpty()) {
                sample = r;
                break;
            }
        }
        if (sample == null) {
            return rates;
        }
        Probe.Result from = sample;
        Thread[] threads = new Thread[sinks.length];
        for (int j = 0; j < sinks.length; j++) {
            ReceiverSink sink = sinks[j];
            if (sink == null) {
                continue;
            }
            int index = j;
            // An eighth of what the receiver wants at most: a probe must not cost a small transfer more than it saves.
            long maxBytes = (long) Math.min(o.probeBytes(), sink.receiver.wanted() / 8.0 * from.bytesPerToken());
            if (maxBytes < MIN_RECEIVER_PROBE_TOKENS * from.bytesPerToken()) {
                continue;
            }
            threads[j] = new Thread(() -> {
                try {
                    rates[index] = sink.probe(from.sample(), from.bytesPerToken(), o.probeTime().toMillis(), maxBytes);
                } catch (InterruptedException e) {
                    LOG.warn("receiver {}: probe interrupted; its capacity is measured during the transfer", sink.receiver.name());
                } catch (RuntimeException e) {
                    LOG.warn("receiver {} ({}) failed its probe: {}; its capacity is measured during the transfer",
                            sink.receiver.name(), sink.receiver.space(), e.getMessage());
                }
            }, "sluice-composite-probe-" + sink.receiver.name());
            threads[j].start();
        }
        // A probe writes for probeTime, waits as long again for its tokens to be stored, then closes and
        // unlinks; the unlink tries again while the space ends the writer's role, for up to the clean-up's
        // patience. Interrupted before it is done, a probe would leave its scratch channel in the space.
        joinProbes(threads, System.nanoTime() + 2 * o.probeTime().toNanos() + o.stallTimeout().toNanos()
                + TimeUnit.MILLISECONDS.toNanos(SpaceCleanup.PATIENCE_MILLIS));
        return rates;
    }

    /**
     * Waits for the probe threads (null entries skipped) until {@code deadline} ({@link
     * System#nanoTime}), interrupting those still running then, which record themselves as failed,
     * and waits for them to end. Interrupted itself, it interrupts them all, waits for them, and
     * throws.
     */
    private static void joinProbes(Thread[] threads, long deadline) throws InterruptedException {
        try {
            for (Thread t : threads) {
                if (t != null) {
                    t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
                    if (t.isAlive()) {
                        t.interrupt();
                        t.join();
                    }
                }
            }
        } catch (InterruptedException e) {
            for (Thread t : threads) {
                if (t != null) {
                    t.interrupt();
                }
            }
            for (Thread t : threads) {
                if (t != null) {
                    t.join();
                }
            }
            throw e;
        }
    }

    private Capacities capacities(double[] tokensPerSecond, boolean[] alive) {
        Map<String, Double> nodes = new LinkedHashMap<>();
        for (int i = 0; i < alive.length; i++) {
            nodes.put(spec.senders().get(i).name(), alive[i] ? Math.max(tokensPerSecond[i], 1e-3) : 0.0);
        }
        return Capacities.ofNodes(nodes);
    }

    /** Probes the senders and schedules the whole transfer; moves nothing. */
    public Schedule plan() throws IOException, InterruptedException {
        Class<?> type = type();
        Probed p = probe(type, Codecs.discover(Engine.class.getClassLoader()).forType(type));
        p.closeAll();
        double[] rates = new double[spec.senders().size()];
        boolean[] alive = new boolean[rates.length];
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < rates.length; i++) {
            alive[i] = p.failures()[i] == null;
            rates[i] = alive[i] ? p.results()[i].tokensPerSecond() : 0;
            if (!alive[i]) {
                failed.add(spec.senders().get(i).name() + ": " + p.failures()[i]);
            }
        }
        try {
            return o.scheduler().schedule(spec, capacities(rates, alive));
        } catch (IllegalArgumentException e) {
            throw new IOException("transfer '" + spec.channel() + "' cannot be planned: " + e.getMessage() + "; failed senders: "
                    + String.join("; ", failed), e);
        }
    }

    /** Runs the transfer. */
    public TransferSummary run() throws IOException, InterruptedException {
        Class<?> type = type();
        Codec<?> codec = Codecs.discover(Engine.class.getClassLoader()).forType(type);
        int n = spec.senders().size();
        int m = spec.receivers().size();
        RemoteChannels.Options options = connectOptions();
        ReceiverSink[] sinks = new ReceiverSink[m];
        String[] receiverErrors = new String[m];
        long[] held = new long[m];
        Probed probed = null;
        List<Thread> threads = new ArrayList<>();
        SenderWorker[] workers = new SenderWorker[n];
        Thread[] workerThreads = new Thread[n];
        ReceiverSink[] started = new ReceiverSink[m];
        Dispatcher d = null;
        try {
            for (int j = 0; j < m; j++) {
                TransferSpec.Receiver r = spec.receivers().get(j);
                try {
                    sinks[j] = new ReceiverSink(r, type, options);
                    held[j] = sinks[j].held();
                } catch (IOException | RuntimeException e) {
                    receiverErrors[j] = "cannot open channel '" + r.channel() + "' of " + r.space() + ": " + e.getMessage();
                    LOG.warn("receiver {}: {}", r.name(), receiverErrors[j]);
                }
            }
            probed = probe(type, codec);
            double[] receiverRates = probeReceivers(sinks, probed);
            d = new Dispatcher(spec, held, o.chunkTime().toNanos() / 1e9, o.uniformStriping(), o.stripeTokens());
            for (int j = 0; j < m; j++) {
                if (receiverErrors[j] != null) {
                    d.receiverFailed(j, receiverErrors[j]);
                }
            }
            double[] rates = new double[n];
            boolean[] alive = new boolean[n];
            double bytesPerToken = 0;
            int measured = 0;
            Meter[] senderMeters = new Meter[n];
            for (int i = 0; i < n; i++) {
                senderMeters[i] = new Meter();
                if (probed.failures()[i] != null) {
                    d.senderFailed(i, probed.failures()[i], 0);
                } else {
                    alive[i] = true;
                    rates[i] = probed.results()[i].tokensPerSecond();
                    bytesPerToken += probed.results()[i].bytesPerToken();
                    measured++;
                    senderMeters[i].seed(rates[i], rates[i] * probed.results()[i].bytesPerToken());
                }
            }
            bytesPerToken = measured == 0 ? 1 : Math.max(1, bytesPerToken / measured);
            d.rates(rates);
            long window = (long) Math.max(16, o.windowBytes() / bytesPerToken);
            // A chunk of at least 8 read windows: moving to a chunk that does not follow drops up to a window.
            d.limits(window, Math.max(1, window / (2L * Math.max(1, measured))), (long) (8.0 * o.readWindowBytes() / bytesPerToken));
            int reschedules = 0;
            Meter[] receiverMeters = new Meter[m];
            Arrays.setAll(receiverMeters, j -> new Meter());
            Meter[] receiverCapacities = new Meter[m];
            Arrays.setAll(receiverCapacities, j -> new Meter());
            for (int j = 0; j < m; j++) {
                if (receiverRates[j] > 0) {
                    receiverCapacities[j].seed(receiverRates[j], receiverRates[j] * bytesPerToken);
                }
            }
            Schedule first = schedule(d, senderMeters, receiverCapacities, alive);
            CountDownLatch done = new CountDownLatch(n + m);
            long start = System.nanoTime();
            for (int j = 0; j < m; j++) {
                if (sinks[j] == null) {
                    done.countDown();
                    continue;
                }
                sinks[j].bind(j, d, receiverMeters[j]);
                started[j] = sinks[j];
                threads.add(start(sinks[j], "sluice-composite-receive-" + sinks[j].receiver.name(), done));
            }
            for (int i = 0; i < n; i++) {
                if (probed.links()[i] == null) {
                    done.countDown();
                    continue;
                }
                workers[i] = new SenderWorker(i, probed.links()[i], d, senderMeters[i], probed.results()[i].bytesPerToken());
                probed.links()[i] = null; // the worker owns it now
                workerThreads[i] = start(workers[i], "sluice-composite-send-" + spec.senders().get(i).name(), done);
                threads.add(workerThreads[i]);
            }
            long total = d.remaining();
            long lastReschedule = System.nanoTime();
            long lastTokens = 0;
            long lastNanos = start;
            double tokenRate = 0;
            while (!done.await(o.progressInterval().toMillis(), TimeUnit.MILLISECONDS)) {
                long now = System.nanoTime();
                double[] measuredRates = new double[n];
                for (int i = 0; i < n; i++) {
                    senderMeters[i].tick();
                    measuredRates[i] = senderMeters[i].tokenRate();
                    alive[i] = d.alive(i);
                    watch(d, i, workers[i], workerThreads[i], now);
                }
                for (int j = 0; j < m; j++) {
                    receiverMeters[j].tick();
                    if (sinks[j] != null) {
                        sinks[j].measureStored(receiverCapacities[j]);
                        receiverCapacities[j].tick();
                    }
                }
                d.rates(measuredRates);
                if (now - lastReschedule >= o.rescheduleInterval().toNanos()) {
                    lastReschedule = now;
                    if (schedule(d, senderMeters, receiverCapacities, alive) != null) {
                        reschedules++;
                    }
                }
                long[][] w = d.written();
                long tokens = sum(w[0]);
                double dt = (now - lastNanos) / 1e9;
                if (dt > 0) {
                    double r = (tokens - lastTokens) / dt;
                    tokenRate = tokenRate == 0 ? r : 0.5 * tokenRate + 0.5 * r;
                }
                lastTokens = tokens;
                lastNanos = now;
                report(d, senderMeters, receiverMeters, total, start, tokenRate);
            }
            long end = System.nanoTime();
            for (Meter meter : senderMeters) {
                meter.tick();
            }
            report(d, senderMeters, receiverMeters, total, start, 0);
            for (ReceiverSink s : sinks) {
                if (s != null) {
                    s.close();
                }
            }
            TransferSummary summary = summary(d, senderMeters, receiverMeters, Duration.ofNanos(end - start), reschedules);
            LOG.debug("first schedule: {}", first);
            if (o.listener() != null) {
                try {
                    o.listener().finished(summary);
                } catch (RuntimeException e) {
                    LOG.warn("transfer listener failed", e);
                }
            }
            if (!summary.complete()) {
                throw new TransferIncompleteException(summary);
            }
            return summary;
        } finally {
            if (d != null) {
                d.stop();
            }
            for (SenderWorker w : workers) {
                if (w != null) {
                    w.stop();
                }
            }
            for (ReceiverSink s : started) {
                if (s != null) {
                    s.stop();
                }
            }
            for (Thread t : threads) {
                t.interrupt(); // only those still running: blocked in a read or a wait
            }
            for (Thread t : threads) {
                t.join();
            }
            if (probed != null) {
                probed.closeAll();
            }
            for (ReceiverSink s : sinks) {
                if (s != null) {
                    s.close();
                }
            }
        }
    }

    private static Thread start(Runnable r, String name, CountDownLatch done) {
        Thread t = new Thread(() -> {
            try {
                r.run();
            } finally {
                done.countDown();
            }
        }, name);
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Interrupts a sender whose chunk got no token for the stall timeout. */
    private void watch(Dispatcher d, int i, SenderWorker worker, Thread thread, long now) {
        if (worker == null) {
            return;
        }
        Chunk.Attempt a = d.current(i);
        if (a != null && now - a.progressNanos > o.stallTimeout().toNanos() && worker.stalled == null) {
            worker.stalled = "no token came for " + o.stallTimeout().toMillis() + " ms";
            thread.interrupt();
        }
    }

    /**
     * Schedules what is left by the capacities measured so far: each live sender's, and each
     * receiver's once its space has stored tokens while more waited for long enough to be measured
     * (until then it counts as unlimited: a receiver that turns out slow is weighted by the
     * transfer's own feedback, not by a probe that would write to its space). Null if nothing is
     * left or it cannot be scheduled.
     */
    private Schedule schedule(Dispatcher d, Meter[] senders, Meter[] receivers, boolean[] alive) {
        TransferSpec left = d.remaining(new ArrayList<>());
        if (left == null) {
            return null;
        }
        Map<String, Double> nodes = new LinkedHashMap<>();
        for (int i = 0; i < senders.length; i++) {
            nodes.put(spec.senders().get(i).name(), alive[i] ? Math.max(senders[i].tokenRate(), 1e-3) : 0.0);
        }
        for (int j = 0; j < receivers.length; j++) {
            double rate = receivers[j].tokenRate();
            if (rate > 0) {
                nodes.put(spec.receivers().get(j).name(), rate);
            }
        }
        try {
            Schedule s = o.scheduler().schedule(left, Capacities.ofNodes(nodes));
            d.schedule(s);
            return s;
        } catch (RuntimeException e) {
            LOG.debug("cannot schedule what is left: {}", e.getMessage());
            return null;
        }
    }

    private void report(Dispatcher d, Meter[] senders, Meter[] receivers, long total, long start, double tokenRate) {
        if (o.listener() == null) {
            return;
        }
        long[][] w = d.written();
        Map<String, Double> rates = new LinkedHashMap<>();
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < senders.length; i++) {
            rates.put(spec.senders().get(i).name(), senders[i].recentBytesPerSecond());
            String f = d.failure(i);
            if (f != null) {
                failed.add(spec.senders().get(i).name() + ": " + f);
            }
        }
        for (int j = 0; j < receivers.length; j++) {
            rates.put(spec.receivers().get(j).name(), receivers[j].recentBytesPerSecond());
            String f = d.receiverFailure(j);
            if (f != null) {
                failed.add(spec.receivers().get(j).name() + ": " + f);
            }
        }
        long tokens = sum(w[0]);
        long left = d.remaining();
        Duration timeLeft = tokenRate > 0 ? Duration.ofMillis((long) (left / tokenRate * 1000)) : (left == 0 ? Duration.ZERO : null);
        try {
            o.listener().progress(new TransferProgress(tokens, sum(w[1]), total, Duration.ofNanos(System.nanoTime() - start), rates, timeLeft,
                    failed));
        } catch (RuntimeException e) {
            LOG.warn("transfer listener failed", e);
        }
    }

    private TransferSummary summary(Dispatcher d, Meter[] senders, Meter[] receivers, Duration elapsed, int reschedules) {
        long[][] w = d.written();
        long[][] s = d.sent();
        List<TransferSummary.NodeSummary> nodes = new ArrayList<>();
        for (int i = 0; i < senders.length; i++) {
            nodes.add(new TransferSummary.NodeSummary(spec.senders().get(i).name(), true, s[0][i], s[1][i], senders[i].meanBytesPerSecond(),
                    d.failure(i)));
        }
        for (int j = 0; j < receivers.length; j++) {
            double seconds = elapsed.toNanos() / 1e9;
            nodes.add(new TransferSummary.NodeSummary(spec.receivers().get(j).name(), false, w[0][j], w[1][j],
                    seconds > 0 ? w[1][j] / seconds : 0, d.receiverFailure(j)));
        }
        return new TransferSummary(spec.channel(), sum(w[0]), sum(w[1]), elapsed, nodes, d.wasted(), reschedules, d.missing());
    }

    private static long sum(long[] a) {
        long n = 0;
        for (long x : a) {
            n += x;
        }
        return n;
    }
}
