package io.sluice.composite.internal;

import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelWriter;
import io.sluice.remote.RemoteSpace;
import io.sluice.workflow.CopySource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The coordinator's end of one worker's copy ({@link CopySource.Copy}): writes slices to the
 * worker's {@code slices} and {@code in} channels ({@link ReplicaChannels}) and completes each
 * slice's future from what the worker puts on {@code done} and {@code out.PORT}, read by a thread
 * of its own. {@link #lose} fails the slices not finished; {@link #close} ends the worker's input.
 *
 * <p><b>Threads.</b> {@link #fire} on the replicated actor's firing thread; {@link #lose} and
 * {@link #alive} from the source's watcher; the result thread reads.
 */
final class WorkerLink implements CopySource.Copy {
    private record Pending(long firing, int offset, int count, CompletableFuture<CopySource.Fired> result) {}

    private final RemoteSpace space;
    private final ReplicaChannels names;
    private final String where;
    private final List<OutputPort<?>> outputs;
    private final List<Channel<?>> opened = new ArrayList<>();
    private final ChannelWriter<long[]> slices;
    private final ChannelWriter<Object> in;
    private final ChannelReader<long[]> done;
    private final List<ChannelReader<?>> out = new ArrayList<>();
    private final ConcurrentLinkedQueue<Pending> pending = new ConcurrentLinkedQueue<>();
    private final Thread reader;
    private volatile Throwable lost;

    @SuppressWarnings("unchecked")
    WorkerLink(RemoteSpace space, ReplicaChannels names, String where, InputPort<?> input, List<OutputPort<?>> outputs) {
        this.space = space;
        this.names = names;
        this.where = where;
        this.outputs = List.copyOf(outputs);
        try {
            Channel<long[]> slicesChannel = keep(space.open(names.slices()));
            Channel<Object> inChannel = (Channel<Object>) keep(space.open(names.in(input.type())));
            Channel<long[]> doneChannel = keep(space.open(names.done()));
            for (OutputPort<?> port : outputs) {
                Channel<?> c = keep(space.open(names.out(port.name(), port.type())));
                out.add(c.openReader("coordinator"));
            }
            this.done = doneChannel.openReader("coordinator");
            this.slices = slicesChannel.writer();
            this.in = inChannel.writer();
        } catch (RuntimeException e) {
            closeChannels();
            throw new ChannelException(names.slices().name(), null, "cannot open the channels of " + where + " in "
                    + space.name() + ": " + e.getMessage(), e);
        }
        reader = new Thread(this::readResults, "sluice-replica-" + names.actor() + "-" + names.worker());
        reader.setDaemon(true);
        reader.start();
    }

    private <T> Channel<T> keep(Channel<T> c) {
        opened.add(c);
        return c;
    }

    @Override
    public String where() {
        return where;
    }

    @Override
    public CompletableFuture<CopySource.Fired> fire(long firing, int offset, List<Object> tokens) {
        CompletableFuture<CopySource.Fired> result = new CompletableFuture<>();
        if (lost != null) {
            result.completeExceptionally(lost);
            return result;
        }
        Pending p = new Pending(firing, offset, tokens.size(), result);
        pending.add(p);
        try {
            slices.put(new long[] {firing, offset, tokens.size()});
            for (Object token : tokens) {
                in.put(token);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            lose(new IllegalStateException("interrupted while sending a slice to " + where, e));
        } catch (RuntimeException e) {
            lose(e);
        }
        if (lost != null) { // lost before the slice was queued or while it was sent
            result.completeExceptionally(lost);
        }
        return result;
    }

    /** Whether slices sent are not all answered. */
    boolean busy() {
        return !pending.isEmpty();
    }

    /** Whether the worker still holds its hello channel's writer: a live worker does, a killed one's is released. */
    boolean alive() {
        if (lost != null) {
            return false;
        }
        try {
            space.held(names.hello());
            return false; // the writer was free: the worker's process or link is gone
        } catch (ChannelException e) {
            return true; // taken: the worker still holds it (or the space cannot tell now)
        }
    }

    /** Gives the worker up: every slice not answered fails with {@code why}. */
    void lose(Throwable why) {
        synchronized (this) {
            if (lost == null) {
                lost = new IllegalStateException(where + " is lost: " + why.getMessage(), why);
            }
        }
        reader.interrupt();
        for (Pending p; (p = pending.poll()) != null; ) {
            p.result().completeExceptionally(lost);
        }
    }

    private void readResults() {
        try {
            while (true) {
                long[] meta = done.take();
                if (meta == null) {
                    lose(new IllegalStateException("it ended its results"));
                    return;
                }
                Pending p = pending.peek();
                if (p == null || meta.length < 4 || meta[0] != p.firing() || meta[1] != p.offset() || meta[2] != p.count()) {
                    lose(new IllegalStateException("it answered a slice " + describe(meta) + " that was not the next sent"));
                    return;
                }
                List<List<CopySource.Put>> firings = new ArrayList<>(p.count());
                long busy = meta.length > 3 ? meta[3] : 0;
                int at = 4;
                for (int t = 0; t < p.count(); t++) {
                    int n = (int) meta[at++];
                    List<CopySource.Put> puts = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        int port = (int) meta[at++];
                        Object token = out.get(port).take();
                        if (token == null) {
                            lose(new IllegalStateException("its output '" + outputs.get(port).name() + "' ended early"));
                            return;
                        }
                        puts.add(new CopySource.Put(outputs.get(port).name(), token));
                    }
                    firings.add(puts);
                }
                pending.poll();
                p.result().complete(new CopySource.Fired(firings, busy));
            }
        } catch (InterruptedException e) {
            // lost or closed
        } catch (RuntimeException e) {
            lose(e);
        } finally {
            done.close();
            out.forEach(ChannelReader::close);
        }
    }

    private static String describe(long[] meta) {
        return meta.length < 3 ? "(malformed)" : "(firing " + meta[0] + ", offset " + meta[1] + ", " + meta[2] + " tokens)";
    }

    /** Ends the worker's input, stops reading its results and closes the channels. On the firing thread. */
    void close() {
        try {
            slices.close();
            in.close();
        } catch (RuntimeException e) {
            // a lost worker's channels may fail to end; nothing waits for them
        }
        lose(new IllegalStateException("the replicated actor has ended"));
        try {
            reader.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeChannels();
    }

    private void closeChannels() {
        opened.forEach(Channel::close);
    }

    @Override
    public String toString() {
        return where;
    }
}
