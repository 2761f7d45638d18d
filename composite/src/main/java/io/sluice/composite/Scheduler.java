package io.sluice.composite;

import io.sluice.composite.internal.GreedyScheduler;
import io.sluice.composite.internal.LinearProgramScheduler;

/**
 * Decides which sender sends which seqs to which receiver, weighting by capacities: the transfer
 * scheduler of the Composite Endpoint Protocol paper (section 3.2). Implementations are stateless
 * and thread-safe.
 */
public interface Scheduler {

    /**
     * A schedule that sends every seq each receiver wants exactly once, from a sender that holds
     * it.
     *
     * @param spec what is to be moved; only senders it lists are used
     * @param capacities how fast each node and link is
     * @throws IllegalArgumentException naming the ranges if some wanted seq is held by no sender
     *     of positive capacity
     */
    Schedule schedule(TransferSpec spec, Capacities capacities);

    /** A short name: {@code greedy} or {@code lp}. */
    String name();

    /**
     * The paper's greedy proportional schedule, computed in time linear in the number of
     * (receiver, segment, holder) triples: each sender's capacity is divided among the segments it
     * holds in proportion to their demand, and each receiver takes each segment from its holders
     * in proportion to those weighted capacities (reduced where a link is slower than its
     * sender). Optimal when the transfer is limited only by senders or only by receivers; the
     * paper bounds it, in the worst case, by a factor of the replication of the data.
     */
    static Scheduler greedy() {
        return GreedyScheduler.INSTANCE;
    }

    /**
     * The linear-programming schedule: the completion time is minimized subject to every node's
     * and link's capacity, solved with Apache Commons Math's simplex solver. Optimal for mixes of
     * sender- and receiver-limited nodes; its cost grows with the product of receivers, segments
     * and replicas.
     */
    static Scheduler linearProgram() {
        return LinearProgramScheduler.INSTANCE;
    }

    /**
     * The scheduler called {@code name}: {@code greedy} or {@code lp}.
     *
     * @throws IllegalArgumentException naming the known ones otherwise
     */
    static Scheduler named(String name) {
        return switch (name) {
            case "greedy" -> greedy();
            case "lp" -> linearProgram();
            default -> throw new IllegalArgumentException("no scheduler '" + name + "'; known: greedy, lp");
        };
    }
}
