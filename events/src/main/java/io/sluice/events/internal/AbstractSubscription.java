package io.sluice.events.internal;

import io.sluice.events.Event;
import io.sluice.events.EventException;
import io.sluice.events.EventHandler;
import io.sluice.events.FilterException;
import io.sluice.events.Overflow;
import io.sluice.events.Subscription;
import io.sluice.events.SubscriptionState;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.time.Duration;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * What queued (transient) and log-fed (persistent) subscriptions share: the settings that can be
 * changed live, the scheduling on the worker pool, handling one event, counting and reporting.
 *
 * <p><b>One worker at a time.</b> {@link #schedule()} submits {@link #drain()} only if the
 * {@code scheduled} flag was clear; the drain clears it when it ends and schedules itself again
 * if events came meanwhile. The flag's compare-and-set orders one drain's work before the next,
 * so whatever a drain keeps (a log cursor) is used by one thread at a time.
 *
 * <p><b>Pausing.</b> A {@link PausingHandler} that is not ready ends the drain before its next
 * event, and nothing schedules the subscription again but {@link #resume()}: the drain's own
 * check after clearing the flag, or the resumer's compare-and-set after the handler became ready,
 * sees the other's write, so a resume is never lost and no worker waits meanwhile.
 *
 * <p><b>Closing.</b> When the subscription is no longer active, whoever sets the flag next (the
 * canceller, if no drain is pending, else the drain) closes its resources and leaves the flag set.
 */
abstract class AbstractSubscription<T> implements Subscription<T> {
    /** Events one drain handles before it lets other subscriptions have the worker. */
    static final int BATCH = 256;

    /** What can be changed while events flow, read once per event: one value behind one reference. */
    record Settings<T>(EventHandler<T> handler, CelFilter filter, Set<String> blocked) {}

    final LocalEventSpace space;
    final LocalChannel channel;
    final String name;
    final EventReader<T> reader;
    /** Reads events as record values of the subscription's format, for the filter. */
    final EventReader<RecordValue> filterReader;
    final int capacity;
    final Overflow overflow;
    private volatile Settings<T> settings;
    volatile SubscriptionState state = SubscriptionState.ACTIVE;
    final AtomicBoolean scheduled = new AtomicBoolean();
    final AtomicLong handled = new AtomicLong();
    final AtomicLong dropped = new AtomicLong();
    final AtomicLong failures = new AtomicLong();
    private volatile Throwable lastFailure;
    volatile long acknowledged = -1;

    AbstractSubscription(LocalEventSpace space, LocalChannel channel, String name, EventReader<T> reader,
            EventReader<RecordValue> filterReader, EventHandler<T> handler, CelFilter filter, int capacity, Overflow overflow) {
        this.space = space;
        this.channel = channel;
        this.name = name;
        this.reader = reader;
        this.filterReader = filterReader;
        this.capacity = capacity;
        this.overflow = overflow;
        this.settings = new Settings<>(Objects.requireNonNull(handler, "handler"), filter, Set.of());
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String channel() {
        return channel.name();
    }

    @Override
    public RecordFormat format() {
        return reader.format();
    }

    @Override
    public SubscriptionState state() {
        return state;
    }

    String where() {
        return "channel '" + channel.name() + "', subscription '" + name + "'";
    }

    @Override
    public synchronized void updateHandler(EventHandler<T> handler) {
        Settings<T> s = settings;
        settings = new Settings<>(Objects.requireNonNull(handler, "handler"), s.filter(), s.blocked());
    }

    @Override
    public synchronized void updateFilter(String expression) {
        CelFilter filter = expression == null ? null : space.compileFilter(expression, filterReader.format(), where());
        Settings<T> s = settings;
        settings = new Settings<>(s.handler(), filter, s.blocked());
    }

    @Override
    public String filter() {
        CelFilter f = settings.filter();
        return f == null ? null : f.expression();
    }

    @Override
    public synchronized void block(String formatName) {
        Settings<T> s = settings;
        Set<String> blocked = new HashSet<>(s.blocked());
        blocked.add(Objects.requireNonNull(formatName, "formatName"));
        settings = new Settings<>(s.handler(), s.filter(), Set.copyOf(blocked));
    }

    @Override
    public synchronized void unblock(String formatName) {
        Settings<T> s = settings;
        Set<String> blocked = new HashSet<>(s.blocked());
        blocked.remove(formatName);
        settings = new Settings<>(s.handler(), s.filter(), Set.copyOf(blocked));
    }

    @Override
    public Set<String> blocked() {
        return settings.blocked();
    }

    @Override
    public long acknowledged() {
        return acknowledged;
    }

    @Override
    public long handled() {
        return handled.get();
    }

    @Override
    public long dropped() {
        return dropped.get();
    }

    @Override
    public long failures() {
        return failures.get();
    }

    @Override
    public Optional<Throwable> lastFailure() {
        return Optional.ofNullable(lastFailure);
    }

    /**
     * Whether this subscription takes an event: its format is not blocked and the filter passes
     * it. A filter that fails on the event is reported and drops it.
     */
    final boolean wants(RecordFormat writer, byte[] bytes, int offset, int length, long seq) {
        Settings<T> s = settings;
        if (!s.blocked().isEmpty() && s.blocked().contains(writer.name())) {
            return false;
        }
        CelFilter filter = s.filter();
        if (filter == null) {
            return true;
        }
        try {
            return filter.test(filterReader.read(writer, bytes, offset, length));
        } catch (RuntimeException e) {
            fail(seq, "its filter failed; the event is dropped for it: " + e.getMessage(), e);
            return false;
        }
    }

    /** Reads an event as this subscription's type and hands it to the current handler. */
    final void deliver(long seq, RecordFormat writer, byte[] bytes, int offset, int length) {
        T value;
        try {
            value = reader.read(writer, bytes, offset, length);
        } catch (RuntimeException e) {
            handled.incrementAndGet();
            fail(seq, "the event, written as " + writer + ", cannot be read as " + reader.format() + ": " + e.getMessage(), e);
            return;
        }
        try {
            settings.handler().handle(new Event<>(channel.name(), seq, writer, value));
        } catch (Throwable t) {
            if (t instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            fail(seq, "its handler threw " + t, t);
        } finally {
            handled.incrementAndGet();
        }
    }

    final void fail(long seq, String problem, Throwable cause) {
        failures.incrementAndGet();
        EventException e = new EventException(channel.name(), name, seq, problem, cause);
        lastFailure = e;
        space.report(this, seq, e);
    }

    /** Whether the handler holds back events for now ({@link PausingHandler}); any thread. */
    final boolean paused() {
        return settings.handler() instanceof PausingHandler<?> p && !p.ready();
    }

    /** A {@link PausingHandler} became ready: drains again. Any thread. */
    final void resume() {
        if (state == SubscriptionState.ACTIVE) {
            schedule();
        }
    }

    /** Submits a drain unless one is pending or running, or the handler holds back events. */
    final void schedule() {
        if (paused()) {
            return; // resume() schedules it once the handler is ready
        }
        if (scheduled.compareAndSet(false, true)) {
            try {
                space.execute(this::drain);
            } catch (RejectedExecutionException e) {
                // The space is closing; close() ends every subscription.
                scheduled.set(false);
            }
        }
    }

    /** Handles up to {@link #BATCH} events, then lets go of the worker; see the class comment. */
    private void drain() {
        try {
            if (state == SubscriptionState.ACTIVE) {
                drainBatch(BATCH);
            }
        } catch (Throwable t) {
            fail(-1, "its worker failed: " + t, t);
        } finally {
            scheduled.set(false);
            if (state != SubscriptionState.ACTIVE) {
                if (scheduled.compareAndSet(false, true)) {
                    closeResources();
                }
            } else if (hasWaiting() && !paused()) {
                schedule();
            }
        }
    }

    /** Handles up to {@code max} events; called by one worker at a time. */
    abstract void drainBatch(int max);

    /** Whether events wait to be handled. */
    abstract boolean hasWaiting();

    /** Releases what the subscription holds (files, readers); called once, by one thread. */
    abstract void closeResources();

    /** Wakes publishers waiting for room in this subscription. */
    abstract void wakePublishers();

    @Override
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        space.checkNotWorker("Subscription.awaitIdle");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (state == SubscriptionState.ACTIVE && (hasWaiting() || scheduled.get())) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            LockSupport.parkNanos(200_000);
        }
        return true;
    }

    @Override
    public void cancel() {
        end(SubscriptionState.CANCELLED);
    }

    /** Ends the subscription: no more events; resources closed once no drain is pending. */
    final void end(SubscriptionState to) {
        synchronized (this) {
            if (state != SubscriptionState.ACTIVE) {
                return;
            }
            state = to;
        }
        channel.remove(this);
        wakePublishers();
        if (scheduled.compareAndSet(false, true)) {
            closeResources();
        }
    }

    /** Ends the subscription for an overflow under {@link Overflow#DISCONNECT}, and reports it. */
    final void disconnect(long seq) {
        if (state == SubscriptionState.ACTIVE) {
            end(SubscriptionState.DISCONNECTED);
            fail(seq, "its queue of " + capacity + " events overflowed; it is disconnected", null);
        }
    }

    @Override
    public String toString() {
        return "subscription '" + name + "' on channel '" + channel.name() + "' (" + state + ")";
    }
}
