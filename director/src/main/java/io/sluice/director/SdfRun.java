package io.sluice.director;

import io.sluice.actor.Port;
import io.sluice.actor.StopSignal;
import io.sluice.actor.TokenRates;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * A run of the SDF director, on one thread: the firings of the workflow's static schedule
 * ({@link SdfSchedule}), iteration after iteration, with no thread per actor and no waiting. The
 * schedule guarantees every take its token, so a take finds one at once; only the end of a
 * stream (a source finished) ends actors, and the run ends when every actor has ended or after
 * the director's iterations, when the actors still live are ended as if their inputs had.
 *
 * <p><b>Rates.</b> The run checks that every actor took and put as many tokens on each connected
 * port as it declares ({@link TokenRates}, or one) per firing: after each firing in the first
 * iteration, then after each run of an actor's firings in the schedule. One that did not fails
 * the run naming the actor, the port, the firing (or the firings of the run) and both numbers. A take from an
 * empty channel means that the taker takes more than its rate, or an upstream actor put fewer
 * than its own, and fails the run naming which.
 *
 * <p><b>Stopping.</b> The driver never blocks: a stop is noticed at the next take or put.
 */
final class SdfRun extends RunBase implements Scheduler {
    private final SdfSchedule schedule;
    private final long iterations;
    /** Each actor's rates; filled when the driver starts, then read by it only. */
    private final Map<ActorRuntime, Rates> rates = new HashMap<>();

    /** @param iterations how many iterations to run, or 0 for as many as the sources feed */
    SdfRun(String directorName, Workflow workflow, RunConfig config, SdfSchedule schedule, long iterations) {
        super(directorName, workflow, config);
        this.schedule = schedule;
        this.iterations = iterations;
    }

    @Override
    List<Thread> execute(List<ActorRuntime> runtimes, CountDownLatch workersDone) {
        Thread driver = new Thread(() -> {
            try {
                drive(runtimes);
            } finally {
                workersDone.countDown();
            }
        }, threadName("sdf"));
        driver.setDaemon(true);
        try {
            driver.start();
        } catch (Throwable t) {
            fail(new RunFailedException("could not start the SDF director's thread: " + t, t));
            workersDone.countDown();
            return List.of();
        }
        return List.of(driver);
    }

    private void drive(List<ActorRuntime> runtimes) {
        Map<String, ActorRuntime> byName = new HashMap<>();
        for (ActorRuntime a : runtimes) {
            byName.put(a.name, a);
            rates.put(a, new Rates(a));
        }
        // The schedule as runs of one actor's firings in a row.
        List<ActorRuntime> runActors = new ArrayList<>();
        List<Integer> runLengths = new ArrayList<>();
        for (String name : schedule.firings()) {
            ActorRuntime a = byName.get(name);
            if (!runActors.isEmpty() && runActors.get(runActors.size() - 1) == a) {
                runLengths.set(runLengths.size() - 1, runLengths.get(runLengths.size() - 1) + 1);
            } else {
                runActors.add(a);
                runLengths.add(1);
            }
        }
        ActorRuntime[] order = runActors.toArray(ActorRuntime[]::new);
        int[] times = runLengths.stream().mapToInt(Integer::intValue).toArray();
        Rates[] checks = runActors.stream().map(rates::get).toArray(Rates[]::new);
        try {
            Thread driver = Thread.currentThread();
            for (ActorRuntime actor : runtimes) {
                actor.scheduler(this);
                actor.confineTo(driver);
            }
            for (ActorRuntime actor : runtimes) {
                if (stopping() || !actor.initialize()) {
                    return;
                }
                rates.get(actor).started();
            }
            long iteration = 0;
            boolean live = true;
            while (live && !stopping() && (iterations == 0 || iteration < iterations)) {
                live = false;
                for (int r = 0; r < order.length; r++) {
                    ActorRuntime actor = order[r];
                    Rates check = checks[r];
                    if (iteration == 0) {
                        // The first iteration checks each firing, so that a broken rate is named by its firing.
                        for (int t = times[r]; t > 0 && !actor.ended() && !stopping(); t--) {
                            long before = actor.firings();
                            actor.fireOnce();
                            check.check(before);
                            live = true;
                        }
                    } else {
                        long before = actor.firings();
                        for (int t = times[r]; t > 0 && !actor.ended() && !stopping(); t--) {
                            actor.fireOnce();
                            live = true;
                        }
                        check.check(before);
                    }
                }
                iteration++;
            }
            if (!stopping()) {
                // After the last iteration, or once nothing is left to fire: the live actors end as if their inputs had.
                for (ActorRuntime actor : runtimes) {
                    actor.end();
                }
            }
        } catch (StopSignal stop) {
            // The run is stopping; every actor is stopped below.
        } catch (Throwable t) {
            failInternally("driving", t);
        } finally {
            stopAll(runtimes);
        }
    }

    /**
     * An actor's rates, what it must take and put each firing, checked against its ports' counts
     * after each firing of the first iteration, then after each of the schedule's runs of its
     * firings: a port's count is its rate times
     * the firings since the run started. Each port's count is kept anyway, so a check costs a
     * comparison per port and no copy of the counts before each firing. A firing cut short by the
     * end of an input ends the actor; it may have moved fewer tokens, never more.
     */
    private final class Rates {
        private final ActorRuntime actor;
        private final int[] rate;
        /** The actor's firings before this run: a resumed actor's. */
        private long firstFiring;

        Rates(ActorRuntime actor) {
            this.actor = actor;
            this.rate = new int[actor.inputs.length + actor.outputs.length];
            int p = 0;
            for (InputBinding in : actor.inputs) {
                rate[p++] = TokenRates.of(actor.actor, in.port);
            }
            for (OutputBinding out : actor.outputs) {
                // An unconnected output may put anything: its tokens go nowhere.
                rate[p++] = out.readers.isEmpty() ? -1 : TokenRates.of(actor.actor, out.port);
            }
        }

        /** Called once the actor is initialised (or resumed), before its first firing. */
        void started() {
            firstFiring = actor.firings();
        }

        /**
         * Checks the firings since the actor had fired {@code before} times; fails the run and
         * throws {@link StopSignal} if they broke a rate.
         */
        void check(long before) {
            long fired = actor.firings() - firstFiring;
            boolean cutShort = actor.ended();
            int p = 0;
            for (InputBinding in : actor.inputs) {
                check(in.port, in.taken, before, fired, cutShort, rate[p++], "took from");
            }
            for (OutputBinding out : actor.outputs) {
                if (rate[p] >= 0) {
                    check(out.port, out.put, before, fired, cutShort, rate[p], "put to");
                }
                p++;
            }
        }

        private void check(Port<?> port, long moved, long before, long fired, boolean cutShort, int rate, String verb) {
            if (moved == fired * rate || cutShort && moved >= (fired - 1) * rate && moved < fired * rate) {
                return;
            }
            long last = actor.firings() - 1;
            fail(new RunFailedException("actor '" + actor.name + "' " + verb + " port '" + port.name() + "' "
                    + (moved - (before - firstFiring) * rate) + " tokens in "
                    + (last == before ? "firing " + before : "firings " + before + " to " + last + " together")
                    + ", but its rate is " + rate + " per firing" + (actor.actor instanceof TokenRates ? " (TokenRates)"
                    : " (it declares none, so 1)") + ": it cannot run under the SDF director", null));
            throw StopSignal.get();
        }

        /** Whether the actor has taken as many tokens from {@code in} as its firings so far, this one included, may. */
        boolean tookItsAll(InputBinding in) {
            return in.taken >= (actor.firings() - firstFiring + 1) * (long) TokenRates.of(actor.actor, in.port);
        }
    }

    /**
     * Called only when a take finds its channel empty, which the schedule rules out unless the
     * stream ended or an upstream actor broke its rates.
     */
    @Override
    public void awaitReadable(ActorRuntime actor, InputBinding input) {
        if (input.reader.isReady()) {
            return;
        }
        if (rates.get(actor).tookItsAll(input)) {
            fail(new RunFailedException("actor '" + actor.name + "' takes more tokens from port '" + input.port.name()
                    + "' than its rate of " + TokenRates.of(actor.actor, input.port) + " in firing " + actor.firings()
                    + ": it cannot run under the SDF director", null));
            throw StopSignal.get();
        }
        fail(new RunFailedException("actor '" + actor.name + "' takes from channel '" + input.channel + "' in firing "
                + actor.firings() + ", which the SDF schedule promised a token but is empty: "
                + (input.writer == null ? "its writer" : "its writer '" + input.writer.name + "'")
                + " put fewer tokens than its rate", null));
        throw StopSignal.get();
    }

    /** Never called: this director bounds no channel ({@link #boundsChannels()}). */
    @Override
    public void awaitWritable(ActorRuntime actor, OutputBinding output) {
        throw new IllegalStateException("the SDF director bounds no channel, yet " + actor.name + " waits to put to " + output.channel);
    }

    /** True: every actor fires on the driver thread, so the run's own channels are single-threaded. */
    @Override
    boolean firesOnOneThread() {
        return true;
    }

    /** False: the schedule keeps every channel within {@link SdfSchedule#bufferSizes()}. */
    @Override
    boolean boundsChannels() {
        return false;
    }

    /** Nothing blocks: the driver notices a stop at its next take or put. */
    @Override
    void interruptBlocked() {}
}
