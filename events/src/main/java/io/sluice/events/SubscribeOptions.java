package io.sluice.events;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How a subscription receives events: its name, filter, queue and start. Immutable: each
 * {@code with} method returns a copy with one option changed. {@link #defaults()} has no name (the
 * space gives one), no filter, a queue of {@value #DEFAULT_CAPACITY} events with
 * {@link Overflow#BLOCK}, and {@link Start#afterAcknowledged()}.
 */
public final class SubscribeOptions {
    /** The queue capacity unless set. */
    public static final int DEFAULT_CAPACITY = 1024;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    private static final SubscribeOptions DEFAULTS = new SubscribeOptions(null, null, DEFAULT_CAPACITY, Overflow.BLOCK,
            Start.afterAcknowledged());

    private final String name;
    private final String filter;
    private final int capacity;
    private final Overflow overflow;
    private final Start start;

    private SubscribeOptions(String name, String filter, int capacity, Overflow overflow, Start start) {
        this.name = name;
        this.filter = filter;
        this.capacity = capacity;
        this.overflow = overflow;
        this.start = start;
    }

    /** The default options. */
    public static SubscribeOptions defaults() {
        return DEFAULTS;
    }

    /**
     * The subscription's name: unique among the channel's active subscriptions; on a persistent
     * channel the name its acknowledgements are kept under. Letters, digits, {@code .}, {@code _}
     * and {@code -}, at most 128, starting with a letter or digit.
     *
     * @throws IllegalArgumentException if the name is not of that form
     */
    public SubscribeOptions withName(String name) {
        if (!NAME.matcher(Objects.requireNonNull(name, "name")).matches()) {
            throw new IllegalArgumentException("subscription name '" + name
                    + "': use letters, digits, '.', '_' and '-', at most 128, starting with a letter or digit");
        }
        return new SubscribeOptions(name, filter, capacity, overflow, start);
    }

    /**
     * A filter: a CEL expression of type {@code bool} over the fields of the subscription's format,
     * each a variable of its name (e.g. {@code level > 10 && site.startsWith("roof")}). Only events
     * for which it is true are queued; null for none. It is compiled when the subscription is made.
     */
    public SubscribeOptions withFilter(String expression) {
        return new SubscribeOptions(name, expression, capacity, overflow, start);
    }

    /**
     * The subscription's queue: at most {@code capacity} events not yet handled, and what happens
     * to one more.
     *
     * @throws IllegalArgumentException if {@code capacity} is less than 1
     */
    public SubscribeOptions withQueue(int capacity, Overflow overflow) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a subscription's queue must hold at least 1 event, was " + capacity);
        }
        return new SubscribeOptions(name, filter, capacity, Objects.requireNonNull(overflow, "overflow"), start);
    }

    /** Where the subscription starts. */
    public SubscribeOptions withStart(Start start) {
        return new SubscribeOptions(name, filter, capacity, overflow, Objects.requireNonNull(start, "start"));
    }

    /** The name, or null if the space is to give one. */
    public String name() {
        return name;
    }

    /** The filter expression, or null. */
    public String filter() {
        return filter;
    }

    /** The queue's capacity in events. */
    public int capacity() {
        return capacity;
    }

    /** What happens when the queue is full. */
    public Overflow overflow() {
        return overflow;
    }

    /** Where the subscription starts. */
    public Start start() {
        return start;
    }

    @Override
    public String toString() {
        return "SubscribeOptions[name=" + name + ", filter=" + filter + ", capacity=" + capacity + ", overflow=" + overflow
                + ", start=" + start + "]";
    }
}
