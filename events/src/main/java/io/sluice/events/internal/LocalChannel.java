package io.sluice.events.internal;

import io.sluice.events.ChannelInfo;
import io.sluice.events.Durability;
import io.sluice.records.RecordFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One event channel of a local space: its format, its subscriptions (an immutable array behind
 * one reference, replaced on each change, so that a publish reads it once without a lock), its
 * open publishers and, if persistent, its log.
 */
final class LocalChannel {
    private static final AbstractSubscription<?>[] NONE = new AbstractSubscription<?>[0];

    private final String name;
    private final RecordFormat format;
    private final Durability durability;
    private final EventLog log;
    private final AtomicLong nextSeq = new AtomicLong();
    private volatile AbstractSubscription<?>[] subscriptions = NONE;
    private final List<LocalPublisher<?>> publishers = new ArrayList<>();

    LocalChannel(String name, RecordFormat format, Durability durability, EventLog log) {
        this.name = name;
        this.format = format;
        this.durability = durability;
        this.log = log;
    }

    String name() {
        return name;
    }

    RecordFormat format() {
        return format;
    }

    Durability durability() {
        return durability;
    }

    /** The log of a persistent channel, else null. */
    EventLog log() {
        return log;
    }

    long published() {
        return log != null ? log.published() : nextSeq.get();
    }

    /**
     * Publishes an event: appends it to the log, or numbers it; then offers it to each subscription.
     *
     * @return its seq
     */
    long publish(RecordFormat writer, byte[] bytes) throws InterruptedException {
        AbstractSubscription<?>[] subs;
        long seq;
        if (log != null) {
            seq = log.append(writer, bytes);
            subs = subscriptions;
            for (AbstractSubscription<?> s : subs) {
                ((LogSubscription<?>) s).appended(seq);
            }
        } else {
            seq = nextSeq.getAndIncrement();
            subs = subscriptions;
            if (subs.length > 0) {
                QueuedSubscription.Delivery d = new QueuedSubscription.Delivery(seq, writer, bytes);
                for (AbstractSubscription<?> s : subs) {
                    ((QueuedSubscription<?>) s).offer(d);
                }
            }
        }
        return seq;
    }

    /** Every writer format met: those of the log, and of the open publishers. */
    synchronized Set<RecordFormat> writerFormats() {
        Set<RecordFormat> all = new LinkedHashSet<>();
        if (log != null) {
            all.addAll(log.writerFormats());
        }
        for (LocalPublisher<?> p : publishers) {
            all.add(p.format());
        }
        return all;
    }

    synchronized List<AbstractSubscription<?>> subscriptions() {
        return List.of(subscriptions);
    }

    /**
     * Adds a subscription, after {@code start} gave its start position; both under the channel's
     * lock and, for a persistent channel, the log's, so that no event falls between the two.
     *
     * @throws IllegalArgumentException if an active subscription has its name
     */
    synchronized void add(AbstractSubscription<?> s) {
        for (AbstractSubscription<?> other : subscriptions) {
            if (other.name().equals(s.name())) {
                throw new IllegalArgumentException("event channel '" + name + "' has a subscription named '" + s.name()
                        + "' already");
            }
        }
        AbstractSubscription<?>[] next = Arrays.copyOf(subscriptions, subscriptions.length + 1);
        next[next.length - 1] = s;
        subscriptions = next;
    }

    /** Checks that no active subscription has this name. */
    synchronized void checkFree(String subscription) {
        for (AbstractSubscription<?> other : subscriptions) {
            if (other.name().equals(subscription)) {
                throw new IllegalArgumentException("event channel '" + name + "' has a subscription named '" + subscription
                        + "' already");
            }
        }
    }

    synchronized void remove(AbstractSubscription<?> s) {
        List<AbstractSubscription<?>> next = new ArrayList<>(Arrays.asList(subscriptions));
        if (next.remove(s)) {
            subscriptions = next.toArray(NONE);
        }
    }

    synchronized void add(LocalPublisher<?> p) {
        publishers.add(p);
    }

    synchronized void remove(LocalPublisher<?> p) {
        publishers.remove(p);
    }

    synchronized List<LocalPublisher<?>> publishers() {
        return List.copyOf(publishers);
    }

    synchronized ChannelInfo info() {
        return new ChannelInfo(name, format, durability, published(), publishers.stream().map(LocalPublisher::format).toList(),
                Arrays.stream(subscriptions).map(AbstractSubscription::name).toList());
    }
}
