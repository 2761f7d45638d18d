package io.sluice.composite;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How fast each node and link of a transfer moves tokens, in tokens per second: what a
 * {@link Scheduler} weights by. A sender with no capacity given counts as 1 token per second
 * (so that senders with none given share alike); a receiver or link with none given is taken as
 * unlimited. {@link CompositeTransfer} measures them; tests and plans may give them. Immutable.
 */
public final class Capacities {
    private final Map<String, Double> nodes;
    private final Map<String, Double> links;

    private Capacities(Map<String, Double> nodes, Map<String, Double> links) {
        this.nodes = Map.copyOf(nodes);
        this.links = Map.copyOf(links);
    }

    /** No capacity known. */
    public static Capacities unknown() {
        return new Capacities(Map.of(), Map.of());
    }

    /**
     * Capacities of nodes, by name.
     *
     * @throws IllegalArgumentException if one is negative or not a number
     */
    public static Capacities ofNodes(Map<String, Double> tokensPerSecond) {
        tokensPerSecond.forEach(Capacities::check);
        return new Capacities(tokensPerSecond, Map.of());
    }

    /** These capacities and the node {@code name}'s. */
    public Capacities withNode(String name, double tokensPerSecond) {
        check(name, tokensPerSecond);
        Map<String, Double> n = new HashMap<>(nodes);
        n.put(name, tokensPerSecond);
        return new Capacities(n, links);
    }

    /** These capacities and the link from {@code sender} to {@code receiver}'s. */
    public Capacities withLink(String sender, String receiver, double tokensPerSecond) {
        check(sender + " -> " + receiver, tokensPerSecond);
        Map<String, Double> l = new HashMap<>(links);
        l.put(key(sender, receiver), tokensPerSecond);
        return new Capacities(nodes, l);
    }

    private static void check(String what, Double rate) {
        if (rate == null || rate.isNaN() || rate < 0) {
            throw new IllegalArgumentException("the capacity of " + what + " must be a number of tokens per second at least 0, was " + rate);
        }
    }

    private static String key(String sender, String receiver) {
        return sender + "\u0000" + receiver;
    }

    /** A sender's capacity; 1 if none was given. */
    public double sender(String name) {
        return nodes.getOrDefault(Objects.requireNonNull(name), 1.0);
    }

    /** A receiver's capacity; infinite if none was given. */
    public double receiver(String name) {
        return nodes.getOrDefault(Objects.requireNonNull(name), Double.POSITIVE_INFINITY);
    }

    /** A link's capacity; infinite if none was given. */
    public double link(String sender, String receiver) {
        return links.getOrDefault(key(sender, receiver), Double.POSITIVE_INFINITY);
    }

    /** The capacities given for nodes, by name. */
    public Map<String, Double> nodes() {
        return nodes;
    }

    @Override
    public String toString() {
        return "capacities " + nodes + (links.isEmpty() ? "" : " and " + links.size() + " links");
    }
}
