package io.sluice.channel;

import java.util.Arrays;
import java.util.List;

/**
 * How a channel keeps its tokens: the strategies of the persistent-queues paper. Memory channels
 * provide {@link #MEMORY}, persistent channels the others; a channel factory refuses a policy it
 * cannot provide. Parsed from its name ({@link #named}) where a program reads one (a command
 * line, a workflow file), and passed on typed.
 *
 * <table>
 *   <caption>Policies</caption>
 *   <tr><th>policy</th><th>put</th><th>take</th><th>threads</th></tr>
 *   <tr><td>{@link #MEMORY}</td><td>onto the heap</td><td>from the heap</td><td>none</td></tr>
 *   <tr><td>{@link #DIRECT}</td><td>appends to the queue file</td><td>reads the queue file</td><td>none</td></tr>
 *   <tr><td>{@link #CACHED}</td><td>into a bounded put cache that a flusher thread appends in batches</td>
 *       <td>from a bounded get cache that a loader thread per reader fills from the file</td><td>1 + 1 per reader</td></tr>
 *   <tr><td>{@link #FAST_TRACK}</td><td>into a bounded ring that a flusher thread appends in order</td>
 *       <td>straight from the ring while the token is still there (no serialisation), else from the file</td><td>1</td></tr>
 * </table>
 *
 * <p>Under every policy each reader sees every token once, in order. The persistent policies keep
 * every token on disk and bound what they keep on the heap, whatever the number of tokens waiting.
 */
public enum ChannelPolicy {
    /** Tokens on the heap only; nothing persists. */
    MEMORY("memory"),
    /** Every put appends to the queue, every take reads from it, on the caller's thread. */
    DIRECT("direct"),
    /** Put and get caches with batched appends and reads done off the actor's thread. */
    CACHED("cached"),
    /** A token a waiting reader needs is handed over in memory while it is persisted in order. */
    FAST_TRACK("fast-track");

    private final String id;

    ChannelPolicy(String id) {
        this.id = id;
    }

    /** The policy's name, as the CLI and JSON workflows write it: {@code memory}, {@code direct}, ... */
    public String id() {
        return id;
    }

    /** True for the policies that keep tokens on disk. */
    public boolean persistent() {
        return this != MEMORY;
    }

    /**
     * The policy with the given name.
     *
     * @throws IllegalArgumentException naming the known policies otherwise
     */
    public static ChannelPolicy named(String id) {
        for (ChannelPolicy p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown channel policy '" + id + "'; known: " + names());
    }

    /** The names of the policies. */
    public static List<String> names() {
        return Arrays.stream(values()).map(ChannelPolicy::id).toList();
    }
}
