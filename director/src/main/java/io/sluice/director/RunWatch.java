package io.sluice.director;

import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;
import io.sluice.run.ActorSnapshot;
import io.sluice.run.ChannelSnapshot;
import io.sluice.run.RunPhase;
import io.sluice.run.RunSnapshot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Watches a running run on a thread of its own: every sample interval it looks at what each actor
 * is doing and adds the interval to that state's time ({@link ActorActivity}); every progress
 * interval it takes a {@link RunSnapshot} and hands it to the run's listeners. Snapshots may also
 * be taken on any other thread. Started once the actors are set up; {@link #stop()}ped once they
 * have all ended and before the channels close, when it hands over a last snapshot.
 */
final class RunWatch {
    /** A channel as the watch reads it: the writer, if this run has it, and the readers this run has. */
    record Watched(String name, ChannelWriter<?> writer, List<Reader> readers, Supplier<ChannelStats> stats) {}

    /** A reader of a watched channel, by its name ({@code actor.port}). */
    record Reader(String name, ChannelReader<?> reader) {}

    private final String runId;
    private final long startNanos;
    private final List<ActorRuntime> actors;
    private final List<Watched> channels;
    private final long sampleNanos;
    private final long progressNanos;
    private final Consumer<RunSnapshot> progress;
    private final Supplier<String> failure;
    private final Thread thread;
    private volatile boolean stopped;
    /** Each channel's rate over the last progress interval, replaced whole by the watch's thread. */
    private volatile double[] rates;
    /** The last snapshot, taken when the watch stopped; null until then. */
    private volatile RunSnapshot last;

    /**
     * @param progress given each snapshot on the watch's thread; must not throw
     * @param failure the message of the run's failure so far, or null; any thread
     */
    RunWatch(String runId, long startNanos, List<ActorRuntime> actors, List<Watched> channels, Duration sample,
            Duration progressInterval, Consumer<RunSnapshot> progress, Supplier<String> failure, String threadName) {
        this.runId = runId;
        this.startNanos = startNanos;
        this.actors = List.copyOf(actors);
        this.channels = List.copyOf(channels);
        this.sampleNanos = sample.toNanos();
        this.progressNanos = progressInterval.toNanos();
        this.progress = progress;
        this.failure = failure;
        this.rates = new double[channels.size()];
        this.thread = new Thread(this::watch, threadName);
        this.thread.setDaemon(true);
    }

    /** Starts watching; if no thread can be started, snapshots still work, with no times and no progress. */
    void start() {
        try {
            thread.start();
        } catch (Throwable t) {
            stopped = true;
        }
    }

    /** Stops watching once the actors have ended: hands over a last snapshot ({@link RunPhase#ENDING}) and waits for the thread. */
    void stop() {
        stopped = true;
        LockSupport.unpark(thread);
        if (thread.isAlive()) {
            SideTask.join(thread);
        } else if (last == null) {
            last = snapshot(RunPhase.ENDING);
            progress.accept(last);
        }
    }

    private void watch() {
        long sampled = System.nanoTime();
        long told = sampled;
        long[] writtenThen = written();
        while (!stopped) {
            LockSupport.parkNanos(sampleNanos);
            long now = System.nanoTime();
            for (ActorRuntime a : actors) {
                a.activity.sample(now - sampled);
            }
            sampled = now;
            if (now - told >= progressNanos && !stopped) {
                long[] writtenNow = written();
                double[] r = new double[writtenNow.length];
                for (int i = 0; i < r.length; i++) {
                    r[i] = (writtenNow[i] - writtenThen[i]) * 1e9 / (now - told);
                }
                rates = r;
                writtenThen = writtenNow;
                told = now;
                progress.accept(snapshot(RunPhase.RUNNING));
            }
        }
        last = snapshot(RunPhase.ENDING);
        progress.accept(last);
    }

    private long[] written() {
        long[] w = new long[channels.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = written(channels.get(i));
        }
        return w;
    }

    private static long written(Watched c) {
        return c.writer() != null ? c.writer().position() : c.stats().get().tokensWritten();
    }

    /**
     * What the run is doing now, in {@code phase}; any thread. Once the watch has stopped, the
     * last snapshot, in {@code phase}: the channels may be closed by then.
     */
    RunSnapshot snapshot(RunPhase phase) {
        RunSnapshot l = last;
        if (l != null) {
            return l.as(phase, failure.get());
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
        List<ActorSnapshot> as = new ArrayList<>(actors.size());
        for (ActorRuntime a : actors) {
            as.add(a.activity.snapshot(a.firingsSeen()));
        }
        double[] r = rates;
        List<ChannelSnapshot> cs = new ArrayList<>(channels.size());
        for (int i = 0; i < channels.size(); i++) {
            cs.add(channel(channels.get(i), r[i]));
        }
        return new RunSnapshot(runId, phase, elapsed, as, cs, failure.get());
    }

    private static ChannelSnapshot channel(Watched c, double rate) {
        // The readers first: a token is written before it is read, so the depth cannot go negative.
        Map<String, Long> read = new LinkedHashMap<>();
        long slowest = Long.MAX_VALUE;
        for (Reader r : c.readers()) {
            long p = r.reader().position();
            read.put(r.name(), p);
            slowest = Math.min(slowest, p);
        }
        ChannelStats stats = c.stats().get();
        long written = c.writer() != null ? c.writer().position() : Math.max(stats.tokensWritten(), read.isEmpty() ? 0 : slowest);
        long depth = read.isEmpty() ? 0 : written - slowest;
        return new ChannelSnapshot(c.name(), written, read, depth, stats.capacity(), rate, stats.capacityBytes());
    }
}
