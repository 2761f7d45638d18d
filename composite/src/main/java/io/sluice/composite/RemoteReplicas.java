package io.sluice.composite;

import io.sluice.composite.internal.ReplicaWorker;
import io.sluice.composite.internal.SpaceCopySource;
import io.sluice.remote.RemoteSpace;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.CopySource;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Predicate;

/**
 * Replicated actors across processes: a run offers its replicated actors' rounds to copies in
 * other processes ({@link #offer}), and a worker process runs such copies ({@link #work}), joined
 * through a space. Each copy that joins gets slices of the rounds in proportion to its measured
 * rate, as a local copy does, and a copy that is lost (its process killed, its link cut) has its
 * unfinished slices fired again by the copies left; the output channels stay those of the
 * unreplicated run. The channels one copy uses are named under {@code ACTOR.replicas.WORKER.} in
 * the space.
 *
 * <p><b>Threads and ownership.</b> Both are called from the thread that starts a run or a worker;
 * the space stays the caller's, closed after the run or the workers have ended.
 */
public final class RemoteReplicas {
    private RemoteReplicas() {}

    /**
     * Lets copies that workers run in {@code space} join the rounds of every replicated actor of
     * {@code workflow} that {@code firedHere} accepts (the actors of the run's part). Call before
     * the run starts; each actor closes its source when it wraps up, which ends its workers'
     * input. Returns the sources, one per actor offered, in workflow order: the caller closes them
     * after the run (closing one again is harmless, and ends the threads of one whose run never
     * started).
     *
     * @throws IllegalStateException if one of them already accepts copies from elsewhere
     */
    public static List<CopySource> offer(Workflow workflow, Predicate<String> firedHere, RemoteSpace space) {
        List<CopySource> offered = new ArrayList<>();
        for (ActorNode node : workflow.actors()) {
            if (node.actor() instanceof ReplicatedActor replicated && firedHere.test(node.name())) {
                offered.add(offer(replicated, node.name(), space));
            }
        }
        return offered;
    }

    /**
     * As {@link #offer(Workflow, Predicate, RemoteSpace)} for one actor: the source that the
     * actor closes when it wraps up.
     */
    public static CopySource offer(ReplicatedActor actor, String name, RemoteSpace space) {
        SpaceCopySource source = new SpaceCopySource(space, name, actor);
        try {
            actor.acceptCopies(source);
        } catch (RuntimeException e) {
            source.close();
            throw e;
        }
        return source;
    }

    /**
     * Runs {@code copies} copies of the replicated actor {@code actor} of {@code workflow} (the
     * same definition the coordinating run has) as workers of a run in {@code space}, each on a
     * thread of its own, and waits until the run ends their input.
     *
     * @return the tokens each copy fired
     * @throws IllegalArgumentException if the workflow has no replicated actor of that name, or
     *     fewer copies of it than asked
     * @throws Exception what failed first: a copy's exception, or a
     *     {@link io.sluice.channel.ChannelException} naming the channel and the space
     */
    public static long[] work(Workflow workflow, String actor, int copies, RemoteSpace space) throws Exception {
        return work(workflow, actor, copies, space, ids -> {});
    }

    /**
     * As {@link #work(Workflow, String, int, RemoteSpace)}, telling {@code ready} the copies' ids
     * in the space once every copy has said hello there (from then on the run may take them), on
     * one of the copies' threads.
     */
    public static long[] work(Workflow workflow, String actor, int copies, RemoteSpace space,
            java.util.function.Consumer<List<String>> ready) throws Exception {
        ReplicatedActor replicated = replicated(workflow, actor);
        if (copies < 1 || copies > replicated.replicas()) {
            throw new IllegalArgumentException("a worker runs 1 to " + replicated.replicas() + " copies of '" + actor
                    + "' (its \"replicas\"), not " + copies);
        }
        String where = "pid " + ProcessHandle.current().pid() + " on " + host();
        String id = "w" + ProcessHandle.current().pid() + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt(1 << 16, 1 << 20));
        List<ReplicaWorker> workers = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        java.util.concurrent.atomic.AtomicInteger hellos = new java.util.concurrent.atomic.AtomicInteger();
        Runnable onHello = () -> {
            if (hellos.incrementAndGet() == copies) {
                ready.accept(List.copyOf(ids));
            }
        };
        for (int c = 0; c < copies; c++) {
            ids.add(id + (copies == 1 ? "" : "-" + c));
            workers.add(new ReplicaWorker(space, actor, ids.get(c), replicated.copy(c), where, onHello));
        }
        List<Thread> threads = new ArrayList<>();
        Exception[] failures = new Exception[copies];
        for (int c = 0; c < copies; c++) {
            int i = c;
            Thread t = new Thread(() -> {
                try {
                    workers.get(i).run();
                } catch (Exception e) {
                    failures[i] = e;
                }
            }, "sluice-replica-worker-" + actor + "-" + c);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        try {
            for (Thread t : threads) {
                t.join();
            }
        } finally {
            threads.forEach(Thread::interrupt);
        }
        for (Exception e : failures) {
            if (e != null) {
                throw e;
            }
        }
        return workers.stream().mapToLong(ReplicaWorker::tokens).toArray();
    }

    /** The replicated actor {@code actor} of {@code workflow}. */
    public static ReplicatedActor replicated(Workflow workflow, String actor) {
        ActorNode node = workflow.actor(actor).orElseThrow(() -> new IllegalArgumentException("workflow '" + workflow.name()
                + "' has no actor '" + actor + "'; its actors: " + workflow.actors().stream().map(ActorNode::name).toList()));
        if (!(node.actor() instanceof ReplicatedActor replicated)) {
            throw new IllegalArgumentException("actor '" + actor + "' of workflow '" + workflow.name() + "' is not replicated;"
                    + " a worker runs copies of an actor declared with \"replicas\"");
        }
        return replicated;
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
