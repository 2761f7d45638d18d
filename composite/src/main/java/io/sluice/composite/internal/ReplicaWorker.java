package io.sluice.composite.internal;

import io.sluice.actor.Actor;
import io.sluice.actor.ActorContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelWriter;
import io.sluice.remote.RemoteSpace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One copy of a replicated actor fired in a worker process for a run elsewhere: it says hello in
 * the space ({@link ReplicaChannels}), then fires the copy once per token of each slice the
 * coordinator sends and sends back what each firing put, until the coordinator ends its input;
 * then it removes its channels from the space.
 *
 * <p><b>Threads.</b> {@link #run} on one thread, which it holds until the input ends; the
 * streams it opens are closed before it returns.
 */
public final class ReplicaWorker {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicaWorker.class);
    private final RemoteSpace space;
    private final ReplicaChannels names;
    private final Actor copy;
    private final String where;
    private final InputPort<?> input;
    private final List<OutputPort<?>> outputs = new ArrayList<>();
    /** How often a worker that has slices from a run asks whether that run still holds their channel. */
    static final long PROBE_MILLIS = 500;
    private final Runnable onHello;
    private long tokens;
    private long slices;
    private volatile boolean runGone;

    /**
     * @param space the space the coordinating run offers its replicated actor in; the caller's
     * @param actor the replicated actor's name
     * @param worker this copy's id in the space, unique there
     * @param copy a copy of the actor, of the class the coordinator's copies are
     * @param where where the copy fires, for the coordinator's copy log (e.g. {@code pid 4711 on host})
     * @param onHello called on the worker's thread once it said hello: from then on the coordinator may take it
     */
    public ReplicaWorker(RemoteSpace space, String actor, String worker, Actor copy, String where, Runnable onHello) {
        this.onHello = onHello;
        this.space = space;
        this.names = new ReplicaChannels(actor, worker);
        this.copy = copy;
        this.where = where;
        InputPort<?> in = null;
        for (Port<?> p : copy.ports()) {
            if (p instanceof InputPort<?> i) {
                in = i;
            } else if (p instanceof OutputPort<?> o) {
                outputs.add(o);
            }
        }
        this.input = in;
    }

    /** Tokens fired so far. */
    public synchronized long tokens() {
        return tokens;
    }

    /** Slices fired so far. */
    public synchronized long slices() {
        return slices;
    }

    /**
     * Says hello and fires slices until the coordinator ends this copy's input.
     *
     * @throws Exception what the copy threw (the coordinator then fires the slice elsewhere), a
     *     {@link io.sluice.channel.ChannelException} naming the channel and the space, or an
     *     {@link IllegalStateException} saying the run is gone if it released the slices channel
     *     without ending it, whether this copy then waited for a slice, for a token inside one, or
     *     for room to put what it fired
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void run() throws Exception {
        List<Channel<?>> opened = new ArrayList<>();
        List<AutoCloseable> ends = new ArrayList<>();
        boolean initialized = false;
        boolean inputEnded = false;
        Thread watchdog = null;
        ActorContext context = context();
        try {
            Channel<String> hello = space.open(names.hello());
            opened.add(hello);
            ChannelWriter<String> helloWriter = hello.writer();
            ends.add(helloWriter);
            Channel<long[]> done = space.open(names.done());
            opened.add(done);
            ChannelWriter<long[]> doneWriter = done.writer();
            ends.add(doneWriter);
            List<ChannelWriter<Object>> out = new ArrayList<>();
            for (OutputPort<?> port : outputs) {
                Channel<?> c = space.open(names.out(port.name(), port.type()));
                opened.add(c);
                ChannelWriter<Object> w = (ChannelWriter<Object>) c.writer();
                ends.add(w);
                out.add(w);
            }
            Channel<long[]> slicesChannel = space.open(names.slices());
            opened.add(slicesChannel);
            Channel<?> inChannel = space.open(names.in(input.type()));
            opened.add(inChannel);
            ChannelReader<long[]> slicesReader = slicesChannel.openReader(names.worker());
            ends.add(slicesReader);
            ChannelReader<?> inReader = inChannel.openReader(names.worker());
            ends.add(inReader);
            copy.initialize(context);
            initialized = true;
            helloWriter.put(ReplicaChannels.HELLO + "\t" + copy.getClass().getName() + "\t" + where);
            onHello.run();
            watchdog = watch(Thread.currentThread());
            try {
                work(slicesReader, inReader, out, doneWriter);
            } catch (InterruptedException e) {
                if (runGone) { // the watchdog found the run gone, wherever this thread waited
                    Thread.interrupted();
                    throw new IllegalStateException(this + ": the run that gave it slices in " + space.name() + " is gone (its"
                            + " process killed or its link cut): it released the channel " + names.slices().name()
                            + " without ending it");
                }
                throw e;
            }
            inputEnded = true;
        } finally {
            if (watchdog != null) {
                watchdog.interrupt();
                watchdog.join();
            }
            Exception failure = null;
            if (initialized) {
                try {
                    copy.wrapUp(context);
                } catch (Exception e) {
                    failure = e;
                }
            }
            for (AutoCloseable c : ends) { // the hello writer last but first: the coordinator sees it free once all is sent
                try {
                    c.close();
                } catch (Exception e) {
                    failure = failure == null ? e : failure;
                }
            }
            opened.forEach(Channel::close);
            if (failure != null) {
                throw failure;
            }
            if (inputEnded) {
                remove(opened);
            }
        }
    }

    /**
     * Removes this copy's channels from the space once the run ended its input: the run ends it
     * after every slice it sent was answered, so it needs none of them any more.
     */
    private void remove(List<Channel<?>> channels) throws InterruptedException {
        for (Channel<?> c : channels) {
            RuntimeException refused = SpaceCleanup.unlink(space, c.name());
            if (refused != null) {
                LOG.warn("{}: could not remove its channel '{}' from {}: {}", this, c.name(), space.name(),
                        refused.getMessage());
            }
        }
    }

    /** Fires the copy on each slice the run sends, until the run ends the slices. On the worker's thread. */
    private void work(ChannelReader<long[]> slicesReader, ChannelReader<?> inReader, List<ChannelWriter<Object>> out,
            ChannelWriter<long[]> doneWriter) throws Exception {
        long firings = 0;
        for (long[] slice; (slice = slicesReader.take()) != null; ) {
            int count = (int) slice[2];
            List<Long> meta = new ArrayList<>(4 + 2 * count);
            meta.add(slice[0]);
            meta.add(slice[1]);
            meta.add(slice[2]);
            meta.add(0L); // the busy time, set below
            long start = System.nanoTime();
            List<WorkerFiring> fired = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                Object token = inReader.take();
                if (token == null) {
                    throw new IllegalStateException(this + ": the input ended inside a slice");
                }
                WorkerFiring firing = new WorkerFiring(this, firings++, token);
                copy.fire(firing);
                if (!firing.taken()) {
                    throw new IllegalStateException(this + " fired without taking a token; a copy of a replicated actor"
                            + " takes exactly one token per firing");
                }
                fired.add(firing);
            }
            meta.set(3, System.nanoTime() - start);
            for (WorkerFiring f : fired) {
                meta.add((long) f.puts().size());
                for (WorkerFiring.Put put : f.puts()) {
                    meta.add((long) put.port());
                    out.get(put.port()).put(put.token());
                }
            }
            doneWriter.put(meta.stream().mapToLong(Long::longValue).toArray());
            synchronized (this) {
                tokens += count;
                slices++;
            }
        }
    }

    /**
     * Starts a thread that, once a slice has come, asks every {@link #PROBE_MILLIS} whether the
     * run still holds the slices channel's writer, and interrupts {@code worker} if it does not.
     */
    private Thread watch(Thread worker) {
        Thread t = new Thread(() -> {
            try {
                while (true) {
                    Thread.sleep(PROBE_MILLIS);
                    if (slices() == 0) {
                        continue;
                    }
                    RemoteSpace.Held held;
                    try {
                        held = space.held(names.slices());
                    } catch (RuntimeException e) {
                        continue; // taken: the run holds it (or the space cannot tell now)
                    }
                    if (!held.ended()) {
                        runGone = true;
                        worker.interrupt();
                        return;
                    }
                }
            } catch (InterruptedException e) {
                // the worker ended
            }
        }, "sluice-replica-watch-" + names.worker());
        t.setDaemon(true);
        t.start();
        return t;
    }

    private ActorContext context() {
        return new ActorContext() {
            @Override
            public String actorName() {
                return names.actor();
            }

            @Override
            public String runId() {
                return names.worker();
            }

            @Override
            public Path workDirectory() {
                throw new IllegalStateException(ReplicaWorker.this + " has no work directory");
            }

            @Override
            public Path outputFile(String parameter) {
                throw new IllegalArgumentException(ReplicaWorker.this + " declared no file under '" + parameter + "'");
            }
        };
    }

    int outputIndex(String port) {
        for (int i = 0; i < outputs.size(); i++) {
            if (outputs.get(i).name().equals(port)) {
                return i;
            }
        }
        return -1;
    }

    String inputName() {
        return input.name();
    }

    String actor() {
        return names.actor();
    }

    /** This copy's id in the space. */
    public String worker() {
        return names.worker();
    }

    @Override
    public String toString() {
        return "worker " + names.worker() + " of replicated actor '" + names.actor() + "'";
    }
}
