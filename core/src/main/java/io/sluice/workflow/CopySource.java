package io.sluice.workflow;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Copies of a replicated actor that fire outside its process and join its rounds while it runs:
 * the extension point through which a {@link ReplicatedActor} stripes its input across other
 * processes as well as its own copies ({@code sluice-composite}'s {@code RemoteReplicas} joins
 * copies through a space). Given to the actor with {@link ReplicatedActor#acceptCopies} before
 * the run starts.
 *
 * <p><b>Threads.</b> {@link #joined()}, {@link Copy#fire} and {@link #close()} are called by the
 * replicated actor's firing thread (and {@code close} from its {@code wrapUp}); the futures
 * {@code fire} returns are completed on the source's own threads.
 *
 * <p><b>Ownership.</b> The replicated actor closes the source when it wraps up; the source then
 * ends every copy's input, and releases every thread and connection it holds.
 *
 * <p><b>Failure.</b> A copy that is lost (its process killed, its link cut, or its firing failed
 * there) completes the futures of the slices it has not finished exceptionally; the replicated
 * actor then no longer gives it tokens and fires those slices again on the copies it has left.
 */
public interface CopySource extends AutoCloseable {

    /**
     * The copies that joined since the last call, in the order they joined; empty if none did.
     * Asked before each round; must not wait.
     */
    List<Copy> joined();

    /** Ends every copy's input and releases what the source holds. Idempotent. */
    @Override
    void close();

    /** A copy that fires elsewhere. */
    interface Copy {

        /** Where the copy fires, for the copy log and messages: e.g. {@code worker w1 (pid 4711 on host)}. */
        String where();

        /**
         * Sends tokens {@code [offset, offset + tokens.size())} of the round of firing
         * {@code firing} to the copy, which fires once per token. The future completes with what
         * each firing put and how long the copy was busy, or exceptionally if the copy is lost
         * before it finished the slice. Slices sent to one copy are fired in the order sent.
         */
        CompletableFuture<Fired> fire(long firing, int offset, List<Object> tokens);
    }

    /**
     * What a copy did with a slice.
     *
     * @param puts what each firing put, one list per token of the slice, in order
     * @param busyNanos how long the copy took to fire the slice, where it fires: the rest of the
     *     time from sending the slice to its answer is the link's, which the replicated actor
     *     weighs apart (a copy far away gets a slice only when its latency leaves it time to help)
     */
    record Fired(List<List<Put>> puts, long busyNanos) {
        public Fired {
            puts = List.copyOf(puts);
        }
    }

    /**
     * A token a copy put.
     *
     * @param port the output port's name
     * @param token the token, of the port's type
     */
    record Put(String port, Object token) {}
}
