package io.sluice.director;

import io.sluice.actor.StopSignal;
import io.sluice.actor.TokenRates;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.workflow.Workflow;
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
        List<String> names = schedule.firings();
        ActorRuntime[] order = new ActorRuntime[names.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = byName.get(names.get(i));
        }
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
                for (ActorRuntime actor : order) {
                    if (!actor.ended() && !stopping()) {
                        fire(actor);
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
            for (int i = 0; i < runtimes.size(); i++) {
                ActorRuntime actor = runtimes.get(i);
                try {
                    actor.stop();
                } catch (Throwable t) {
                    failInternally("ending", "actor", actor.name, t, actor.outOfMemory);
                }
            }
        }
    }

    /** One firing, then a check that it kept its rates (unless its input ended during it). */
    private void fire(ActorRuntime actor) {
        long[] before = counts(actor);
        actor.fireOnce();
        if (actor.ended()) {
            return;
        }
        int p = 0;
        for (InputBinding in : actor.inputs) {
            checkRate(actor, in.port, in.taken - before[p++], "took from");
        }
        for (OutputBinding out : actor.outputs) {
            if (!out.readers.isEmpty()) {
                checkRate(actor, out.port, out.put - before[p], "put to");
            }
            p++;
        }
    }

    private static long[] counts(ActorRuntime actor) {
        long[] c = new long[actor.inputs.length + actor.outputs.length];
        int p = 0;
        for (InputBinding in : actor.inputs) {
            c[p++] = in.taken;
        }
        for (OutputBinding out : actor.outputs) {
            c[p++] = out.put;
        }
        return c;
    }

    private void checkRate(ActorRuntime actor, io.sluice.actor.Port<?> port, long moved, String verb) {
        int rate = TokenRates.of(actor.actor, port);
        if (moved != rate) {
            fail(new RunFailedException("actor '" + actor.name + "' " + verb + " port '" + port.name() + "' " + moved
                    + " tokens in firing " + (actor.firings() - 1) + ", but its rate is " + rate + (actor.actor instanceof TokenRates
                    ? " (TokenRates)" : " (it declares none, so 1)") + ": it cannot run under the SDF director", null));
            throw StopSignal.get();
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
