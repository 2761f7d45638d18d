package io.sluice.events.internal;

import io.sluice.events.Event;
import io.sluice.events.EventFilter;
import io.sluice.events.EventFunction;
import io.sluice.events.ForwardOptions;
import io.sluice.events.Forwarder;
import io.sluice.events.Publisher;
import io.sluice.events.Subscription;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A forwarder in a local space: a subscription on the source whose handler runs the filter,
 * publishes on the target with a publisher per writer format (made on first sight), and runs the
 * function. Its handler is called by one worker at a time, so the publishers are too.
 */
final class LocalForwarder implements Forwarder {
    private final LocalEventSpace space;
    private final String to;
    private final EventFilter filter;
    private final EventFunction function;
    private final Map<Long, Publisher<RecordValue>> publishers = new ConcurrentHashMap<>();
    private volatile Set<String> notForwarded = Set.of();
    private final AtomicLong forwarded = new AtomicLong();
    private final Subscription<RecordValue> subscription;
    private volatile boolean closed;

    LocalForwarder(LocalEventSpace space, String from, String to, ForwardOptions options) {
        this.space = space;
        this.to = to;
        this.filter = options.filter();
        this.function = options.function();
        this.subscription = space.subscribeForwarding(from, this::handle, options.subscription());
    }

    private void handle(Event<RecordValue> event) throws Exception {
        RecordValue out = null;
        if (!notForwarded.contains(event.writerFormat().name())) {
            out = filter == null ? event.value() : filter.filter(event);
            if (out != null) {
                publisher(out.format()).publish(out);
                forwarded.incrementAndGet();
            }
        }
        if (function != null) {
            function.apply(event, out);
        }
    }

    private Publisher<RecordValue> publisher(RecordFormat format) {
        Publisher<RecordValue> p = publishers.get(format.fingerprint());
        if (p == null) {
            p = space.publisher(to, format);
            publishers.put(format.fingerprint(), p);
            if (closed) {
                p.close();
            }
        }
        return p;
    }

    @Override
    public Subscription<?> subscription() {
        return subscription;
    }

    @Override
    public synchronized void forward(String formatName, boolean forward) {
        Set<String> next = new HashSet<>(notForwarded);
        if (forward) {
            next.remove(formatName);
        } else {
            next.add(formatName);
        }
        notForwarded = Set.copyOf(next);
    }

    @Override
    public Set<String> notForwarded() {
        return notForwarded;
    }

    @Override
    public long forwarded() {
        return forwarded.get();
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        subscription.cancel();
        publishers.values().forEach(Publisher::close);
        space.removed(this);
    }
}
