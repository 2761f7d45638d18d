package io.sluice.director;

import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelStats;
import io.sluice.run.ActorSnapshot;
import io.sluice.run.ActorState;
import io.sluice.run.ActorStats;
import io.sluice.run.ChannelSnapshot;
import io.sluice.run.OutputFiles;
import io.sluice.run.Run;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunInfo;
import io.sluice.run.RunPart;
import io.sluice.run.RunPhase;
import io.sluice.run.RunResult;
import io.sluice.run.RunSnapshot;
import io.sluice.run.RunStatus;
import io.sluice.run.RunTimeoutException;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What every director's run has in common: its life cycle. The supervising thread that sets the
 * run up and waits for the workers, timeout and cancellation, the first failure, and tearing
 * down; the concrete director fires the actors.
 *
 * <p>A run's life: {@link #begin()} starts the supervisor; it checks the files the actors write
 * ({@link OutputFiles}) and sets up the channels and actor runtimes ({@link RunSetUp}, while a
 * thread of its own tells the listeners the run started), calls {@link #execute} of the concrete
 * director (which starts the worker threads and returns them), waits for them to end, closes
 * every channel ({@link RunChannels}) and publishes the result to the listeners
 * ({@link RunListeners}).
 *
 * <p><b>State.</b> Where the run is and its first failure are one immutable {@link RunState}
 * behind one reference ({@link RunOutcome}), changed only by compare-and-set: by any thread that
 * fails the run or cancels it, and by the supervisor as the run ends. Its latch opens after its
 * last change. The channels opened so far are one immutable list behind another reference
 * ({@link RunChannels}), written by the supervisor alone; the rest is the supervisor's own, or
 * set before any actor starts.
 */
abstract class RunBase implements Run {
    private static final Logger LOG = LoggerFactory.getLogger(RunBase.class);
    /** How often the supervisor reports actors that do not respond to a stop. */
    private static final Duration STOP_REPORT_INTERVAL = Duration.ofSeconds(5);

    private final Workflow workflow;
    private final RunConfig config;
    private final String directorName;
    private final String id;
    private final Instant started = Instant.now();
    private final long startNanos = System.nanoTime();
    private final long startEpochNanos = started.getEpochSecond() * 1_000_000_000L + started.getNano();
    private final RunListeners listeners;

    /** The failure recorded when the director's own code runs out of memory outside any actor. */
    private final OutOfMemoryFailure outOfMemory;
    /** Where the run is, its first failure, and its result once it has ended. */
    private final RunOutcome outcome;
    /** The channels opened so far, for {@link #channelStats()}; added to by the supervisor alone, which closes them. */
    private final RunChannels channels;
    /** The runtimes set up so far; the supervisor's own. */
    private List<ActorRuntime> runtimes = List.of();
    /** The actors to ask to {@linkplain io.sluice.actor.Actor#stop() stop} once set up, before any fires; read by any thread that stops the run. */
    private volatile List<ActorRuntime> stoppable = List.of();
    /** Watches the actors once they are set up; null before. */
    private volatile RunWatch watch;
    /** Where the run is, for {@link #snapshot()}; written by the supervisor alone. */
    private volatile RunPhase phase = RunPhase.STARTING;
    /** The files the actors write besides their channels; checked by {@link RunSetUp#checkOutputFiles} before any actor starts. */
    private OutputFiles outputFiles;
    private final Thread supervisor;

    RunBase(String directorName, Workflow workflow, RunConfig config) {
        this.directorName = directorName;
        this.workflow = workflow;
        this.config = config;
        this.id = config.runId();
        this.outOfMemory = OutOfMemoryFailure.inRun(id);
        this.outcome = new RunOutcome(id, outOfMemory);
        this.channels = new RunChannels(id);
        this.listeners = new RunListeners(config.listeners(), this, outOfMemory);
        this.supervisor = new Thread(this::supervise, threadName("supervisor"));
        this.supervisor.setDaemon(true);
    }

    /** Starts the supervisor; called once by the director. */
    final void begin() {
        supervisor.start();
    }

    /**
     * Starts the workers that fire the actors and returns those it started; called on the
     * supervisor thread once channels and runtimes are set up. The run is over when every worker
     * has ended, which {@code workersDone} announces. Does not throw: if a thread cannot be
     * started, it fails the run, stops what it started and counts the rest as ended.
     */
    abstract List<Thread> execute(List<ActorRuntime> runtimes, CountDownLatch workersDone);

    /**
     * Whether the run keeps each channel within its capacity ({@link ChannelBound}): an actor
     * then waits before it puts to a full channel.
     */
    abstract boolean boundsChannels();

    /**
     * Whether every actor of the run fires on one driver thread, so that the channels between
     * them can be opened single-threaded ({@link ChannelFactory#openSingleThreaded}): each actor's
     * firing context then refuses to be used on another thread ({@link ActorRuntime#confineTo}).
     * False by default.
     */
    boolean firesOnOneThread() {
        return false;
    }

    /** Where the firing recordings of a director that nests firings meet ({@link NestedSpans}); null if it does not nest them. */
    NestedSpans nestedSpans() {
        return null;
    }

    /** Stops the workers: called once when the run starts stopping. */
    abstract void interruptBlocked();

    /** Called on an actor's thread after it has ended and been wrapped up. */
    final void actorEnded(ActorRuntime actor) {
        listeners.actorEnded(actor);
    }

    /**
     * Stops every actor of {@code runtimes} that has not ended, as a director that fires them all
     * on one thread does when it is done: a failure is recorded, never thrown. Indexed: an
     * iterator is an allocation, and the run may be ending because the heap is full.
     */
    final void stopAll(List<ActorRuntime> runtimes) {
        for (int i = 0; i < runtimes.size(); i++) {
            ActorRuntime actor = runtimes.get(i);
            try {
                actor.stop();
            } catch (Throwable t) {
                failInternally("ending", "actor", actor.name, t, actor.outOfMemory);
            }
        }
    }

    // ---- state shared with runtimes and schedulers ----

    @Override
    public final String id() {
        return id;
    }

    final String threadName(String what) {
        return "sluice-" + (id.length() > 8 ? id.substring(0, 8) : id) + "-" + what;
    }

    /** True once the run has failed, been cancelled or timed out (or its workers have ended): actors stop at their next take or put. */
    final boolean stopping() {
        return outcome.stopping();
    }

    final long epochNanos() {
        return startEpochNanos + (System.nanoTime() - startNanos);
    }

    final Path workDirectory() {
        return config.workDirectory().orElseThrow(() -> new IllegalStateException(
                "run " + id + " has no work directory; set RunConfig.builder().workDirectory(...)"));
    }

    /** The file {@code actor} declared under {@code parameter}, checked when the run started. */
    final Path outputFile(String actor, String parameter) {
        return outputFiles.file(actor, parameter);
    }

    /**
     * Records the run's first failure and stops it; later failures are logged and dropped.
     * Recording an {@link OutOfMemoryFailure} allocates nothing, so that it works when the heap is
     * exhausted; if recording another failure runs out of memory, the run's own out-of-memory
     * failure is recorded instead.
     */
    final void fail(RunFailedException e) {
        if (outcome.fail(e)) {
            interruptBlocked();
            askActorsToStop();
        } else if (LOG.isDebugEnabled()) {
            LOG.debug("run {}: further failure after the first: {}", id, e.getMessage());
        }
    }

    /**
     * Fails the run because {@code t} escaped the director's own code while it was {@code doing}
     * something to a {@code kind} of thing {@code named} (say, "running", "actor", "sort"). If
     * {@code t} is an {@link OutOfMemoryError}, or describing it fails (it runs out of memory, or
     * the first use of a string concatenation cannot be linked for want of memory, which is a
     * {@link BootstrapMethodError}), {@code outOfMemory} (made in advance) is recorded instead, so
     * that a failure is recorded whatever the heap holds. The caller passes the parts, not a
     * message, for the same reason.
     */
    final void failInternally(String doing, String kind, String named, Throwable t, OutOfMemoryFailure outOfMemory) {
        RunFailedException e;
        try {
            e = t instanceof OutOfMemoryError oom ? outOfMemory.of(oom)
                    : new RunFailedException("internal error while " + doing + " " + kind + " '" + named + "': " + t, t);
        } catch (Throwable describing) {
            e = outOfMemory.of(describing);
        }
        fail(e);
    }

    /** As {@link #failInternally(String, String, String, Throwable, OutOfMemoryFailure)}, for the run itself. */
    final void failInternally(String doing, Throwable t) {
        failInternally(doing, "run", id, t, outOfMemory);
    }

    // ---- Run ----

    @Override
    public final RunStatus status() {
        return outcome.status();
    }

    @Override
    public final RunResult await() throws RunFailedException, InterruptedException {
        return outcome.await();
    }

    @Override
    public final Optional<RunResult> await(Duration maxWait) throws RunFailedException, InterruptedException {
        return outcome.await(maxWait);
    }

    /** Fails the run as cancelled if it is running; once every worker has ended, does nothing. */
    @Override
    public final void cancel() {
        if (outcome.cancel()) {
            interruptBlocked();
            askActorsToStop();
        }
    }

    /**
     * Calls every actor's {@link io.sluice.actor.Actor#stop()} once the run has started stopping:
     * on the thread that stopped it, once (only the change to a stopping state calls it). What an
     * actor throws is logged; an actor not set up yet is never fired, so it is not asked.
     */
    private void askActorsToStop() {
        List<ActorRuntime> actors = stoppable;
        for (int i = 0; i < actors.size(); i++) {
            ActorRuntime a = actors.get(i);
            try {
                a.actor.stop();
            } catch (Throwable t) {
                LOG.warn("run {}: actor '{}' failed when asked to stop: {}", id, a.name, t.toString());
            }
        }
    }

    @Override
    public final List<ChannelStats> channelStats() {
        return channels.stats();
    }

    @Override
    public final RunSnapshot snapshot() {
        RunPhase p = phase;
        RunWatch w = watch;
        if (w != null) {
            return w.snapshot(p);
        }
        // Starting, or ended before any actor was set up: the actors to fire, none started, and the channels opened so far.
        Set<String> fired = config.part().map(RunPart::actors).orElse(null);
        List<ActorSnapshot> actors = workflow.actors().stream().map(ActorNode::name)
                .filter(a -> fired == null || fired.contains(a))
                .map(a -> new ActorSnapshot(a, ActorState.STARTING, null, 0, Duration.ZERO, Duration.ZERO, Duration.ZERO))
                .toList();
        List<ChannelSnapshot> opened = new ArrayList<>();
        for (RunChannels.OpenChannel open : channels.opened()) {
            try {
                ChannelStats c = open.stats();
                opened.add(new ChannelSnapshot(c.channel(), c.tokensWritten(), Map.of(), 0, c.capacity(), 0, c.capacityBytes()));
            } catch (RuntimeException e) {
                // Closed by a run that ended before its actors were set up: nothing to show of it.
            }
        }
        return new RunSnapshot(id, p, Duration.ofNanos(System.nanoTime() - startNanos), actors, opened, failureMessage());
    }

    /** The message of the run's first failure so far, or null. */
    private String failureMessage() {
        RunFailedException e = outcome.failure();
        return e == null ? null : e.getMessage();
    }

    @Override
    public final void close() {
        cancel();
        SideTask.join(supervisor);
    }

    @Override
    public String toString() {
        return "Run[" + id + ", " + workflow.name() + ", " + directorName + ", " + status() + "]";
    }

    // ---- the supervisor ----

    private void supervise() {
        List<Thread> workers = List.of();
        try {
            List<ActorRuntime> actors = null;
            List<RunWatch.Watched> watched = List.of();
            RunSetUp setUp = new RunSetUp(this, workflow, config, channels);
            OutputFiles files = setUp.checkOutputFiles();
            if (files != null) {
                outputFiles = files;
                // The listeners get ready (the provenance recorder creates its files) while the channels open.
                SideTask starting = listeners.isEmpty() ? null
                        : SideTask.start(threadName("starting"), this::tellStarted, t -> failInternally("starting the listeners of", t));
                try {
                    RunSetUp.Prepared set = setUp.setUp();
                    runtimes = set.runtimes();
                    if (set.ready()) {
                        actors = set.runtimes();
                        watched = set.channels();
                    }
                } finally {
                    if (starting != null) {
                        starting.await();
                    }
                }
            }
            if (actors != null && !stopping() && !listeners.isEmpty()) {
                for (ActorRuntime a : actors) {
                    a.recordFirings(listeners.all());
                }
            }
            // A listener may have left the interrupt flag set; it must not cut the wait short.
            Thread.interrupted();
            if (actors != null) {
                // Published before the check: a stop either comes before it, and no actor fires, or sees them.
                stoppable = actors;
            }
            if (actors != null && !stopping()) {
                watch = new RunWatch(id, startNanos, actors, watched, config.sampleInterval(), config.progressInterval(),
                        listeners::progress, this::failureMessage, threadName("watch"));
                phase = RunPhase.RUNNING;
                watch.start();
                CountDownLatch workersDone = new CountDownLatch(1);
                workers = execute(actors, workersDone);
                awaitWorkers(workersDone);
            }
        } catch (Throwable t) {
            failInternally("supervising", t);
        } finally {
            try {
                joinWorkers(workers);
                phase = RunPhase.ENDING;
                RunWatch w = watch;
                if (w != null) {
                    w.stop();
                }
                outcome.finish();
                Duration duration = Duration.ofNanos(System.nanoTime() - startNanos);
                List<ChannelStats> stats = channels.statsBeforeClosing();
                channels.closeAll(this::fail);
                publishResult(stats, duration);
            } catch (Throwable t) {
                failInternally("ending", t);
            } finally {
                phase = RunPhase.ENDED;
                outcome.end();
            }
        }
    }

    /** Tells the listeners the run started; a listener that throws fails the run. On a thread of its own while the channels open. */
    private void tellStarted() {
        RunInfo info = config.part()
                .map(p -> new RunInfo(id, workflow, directorName, started, config.workDirectory().orElse(null), config.channels().name(),
                        p.actors()))
                .orElseGet(() -> new RunInfo(id, workflow, directorName, started, config.workDirectory().orElse(null),
                        config.channels().name()));
        listeners.runStarted(this, info);
    }

    /** Waits for the workers, enforcing the timeout and reporting actors that ignore a stop. */
    private void awaitWorkers(CountDownLatch workersDone) {
        long deadline = config.timeout().map(t -> startNanos + t.toNanos()).orElse(Long.MAX_VALUE);
        while (true) {
            long wait = STOP_REPORT_INTERVAL.toNanos();
            if (!stopping() && deadline != Long.MAX_VALUE) {
                wait = Math.max(0, deadline - System.nanoTime());
            }
            try {
                if (workersDone.await(wait, TimeUnit.NANOSECONDS)) {
                    return;
                }
            } catch (InterruptedException e) {
                // The supervisor is never interrupted by Sluice; keep waiting so no thread outlives the run.
                continue;
            }
            if (!stopping() && System.nanoTime() - deadline >= 0) {
                fail(new RunTimeoutException(config.timeout().orElseThrow()));
            } else if (stopping()) {
                LOG.warn("run {}: still waiting for actors to stop: {}", id,
                        runtimes.stream().filter(r -> !r.ended()).map(r -> r.name).toList());
            }
        }
    }

    private void joinWorkers(List<Thread> workers) {
        for (Thread t : workers) {
            boolean done = false;
            while (!done) {
                try {
                    t.join();
                    done = true;
                } catch (InterruptedException e) {
                    // The supervisor is never interrupted by Sluice; keep waiting so no thread outlives the run.
                }
            }
        }
    }

    /**
     * Decides the outcome and tells the listeners: the run completes, or its failure gets the
     * result attached. A listener that fails in {@code runEnded} fails the run, although listeners
     * before it were told it completed.
     */
    private void publishResult(List<ChannelStats> stats, Duration duration) {
        RunFailedException e = outcome.failure();
        RunStatus finalStatus = e == null ? RunStatus.COMPLETED : e.status();
        RunResult r = result(finalStatus, e, stats, duration);
        listeners.runEnded(r);
        if (!outcome.complete(r)) {
            e = outcome.failure();
            if (finalStatus == RunStatus.COMPLETED) {
                r = result(e.status(), e, stats, duration);
            }
            e.attachResult(r);
        }
    }

    private RunResult result(RunStatus finalStatus, RunFailedException failure, List<ChannelStats> stats, Duration duration) {
        List<ActorStats> actorStats = runtimes.stream().map(r -> new ActorStats(r.name, r.firings())).toList();
        return new RunResult(id, workflow.name(), directorName, finalStatus, started, duration, actorStats, stats,
                failure == null ? null : failure.getMessage());
    }
}
