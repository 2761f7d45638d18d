package io.sluice.director;

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
 * <p><b>Rates.</b> After each firing the run checks that the actor took and put as many tokens on
 * each connected port as it declares ({@link TokenRates}, or one); a firing that did not fails
 * the run naming the actor, the port and both numbers. A take from an empty channel means an
 * upstream actor broke its rates, and fails the run too.
 *
 * <p><b>Stopping.</b> The driver never blocks: a stop is noticed at the next take or put.
 */
final class SdfRun extends RunBase implements Scheduler {
    private final SdfSchedule schedule;
    private final long iterations;

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
        }
        // The schedule as runs of one actor's firings in a row.
        List<String> names = schedule.firings();
        List<ActorRuntime> runActors = new ArrayList<>();
        List<Integer> runLengths = new ArrayList<>();
        for (String name : names) {
            ActorRuntime a = byName.get(name);
            if (!runActors.isEmpty() && runActors.get(runActors.size() - 1) == a) {
                runLengths.set(runLengths.size() - 1, runLengths.get(runLengths.size() - 1) + 1);
            } else {
                runActors.add(a);
                runLengths.add(1);
            }
        }
        int[] times = runLengths.stream().mapToInt(Integer::intValue).toArray();
        Map<ActorRuntime, Rates> byActor = new HashMap<>();
        for (ActorRuntime a : runtimes) {
            byActor.put(a, new Rates(a));
        }
        // Per run of firings, its actor's rates: looked up once here, not once per run in the loop below.
        Rates[] order = runActors.stream().map(byActor::get).toArray(Rates[]::new);
        try {
            for (ActorRuntime actor : runtimes) {
                actor.scheduler(this);
            }
            for (ActorRuntime actor : runtimes) {
                if (stopping() || !actor.initialize()) {
                    return;
                }
            }
            long iteration = 0;
            boolean live = true;
            while (live && !stopping() && (iterations == 0 || iteration < iterations)) {
                live = false;
                for (int r = 0; r < order.length; r++) {
                    Rates kept = order[r];
                    for (int t = times[r]; t > 0 && !kept.actor.ended() && !stopping(); t--) {
                        kept.fire();
                        live = true;
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
     * An actor's rates, what it must take and put each firing, and where its ports stood before
     * the firing: fires it and checks that the firing kept them (unless its input ended during it).
     */
    private final class Rates {
        private final ActorRuntime actor;
        private final int[] rate;
        private final long[] before;

        Rates(ActorRuntime actor) {
            this.actor = actor;
            this.rate = new int[actor.inputs.length + actor.outputs.length];
            this.before = new long[rate.length];
            int p = 0;
            for (InputBinding in : actor.inputs) {
                rate[p++] = TokenRates.of(actor.actor, in.port);
            }
            for (OutputBinding out : actor.outputs) {
                // An unconnected output may put anything: its tokens go nowhere.
                rate[p++] = out.readers.isEmpty() ? -1 : TokenRates.of(actor.actor, out.port);
            }
        }

        void fire() {
            int p = 0;
            for (InputBinding in : actor.inputs) {
                before[p++] = in.taken;
            }
            for (OutputBinding out : actor.outputs) {
                before[p++] = out.put;
            }
            actor.fireOnce();
            if (actor.ended()) {
                return;
            }
            p = 0;
            for (InputBinding in : actor.inputs) {
                check(in.port, in.taken - before[p], rate[p++], "took from");
            }
            for (OutputBinding out : actor.outputs) {
                if (rate[p] >= 0) {
                    check(out.port, out.put - before[p], rate[p], "put to");
                }
                p++;
            }
        }

        private void check(io.sluice.actor.Port<?> port, long moved, int expected, String verb) {
            if (moved != expected) {
                fail(new RunFailedException("actor '" + actor.name + "' " + verb + " port '" + port.name() + "' " + moved
                        + " tokens in firing " + (actor.firings() - 1) + ", but its rate is " + expected + (actor.actor instanceof TokenRates
                        ? " (TokenRates)" : " (it declares none, so 1)") + ": it cannot run under the SDF director", null));
                throw StopSignal.get();
            }
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

    /** False: the schedule keeps every channel within {@link SdfSchedule#bufferSizes()}. */
    @Override
    boolean boundsChannels() {
        return false;
    }

    /** Nothing blocks: the driver notices a stop at its next take or put. */
    @Override
    void interruptBlocked() {}
}
