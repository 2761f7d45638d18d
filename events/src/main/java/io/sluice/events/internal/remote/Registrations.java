package io.sluice.events.internal.remote;

import io.sluice.records.RecordFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The publishers and subscriptions a client has registered at the server, by the number each
 * goes by on the stream, and the routing of the server's messages about subscriptions (an event,
 * an event not sent, a subscription ended) to them. The writer formats of events, sent once per
 * subscription, are kept by fingerprint. Thread-safe; messages are routed on the connection's
 * thread.
 */
final class Registrations {
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, RemoteSubscription<?>> subs = new ConcurrentHashMap<>();
    private final Map<Integer, RemotePublisher<?>> pubs = new ConcurrentHashMap<>();
    private final Map<Long, RecordFormat> writerFormats = new ConcurrentHashMap<>();

    /** A new number for a publisher or subscription on the stream. */
    int nextId() {
        return ids.incrementAndGet();
    }

    void subscribed(int id, RemoteSubscription<?> subscription) {
        subs.put(id, subscription);
    }

    void forget(int subscription) {
        subs.remove(subscription);
    }

    void registered(int id, RemotePublisher<?> publisher) {
        pubs.put(id, publisher);
    }

    void forgetPublisher(int publisher) {
        pubs.remove(publisher);
    }

    List<RemotePublisher<?>> publishers() {
        return List.copyOf(pubs.values());
    }

    List<RemoteSubscription<?>> subscriptions() {
        return List.copyOf(subs.values());
    }

    /** An EVENT, positioned after its kind. */
    void event(Msg.In in) {
        RemoteSubscription<?> s = subs.get(in.i());
        long seq = in.l();
        long fp = in.l();
        String json = in.b() == 1 ? in.s() : null; // sent once per subscription
        RecordFormat writer = json != null ? writerFormats.computeIfAbsent(fp, k -> RecordFormat.parse(json)) : writerFormats.get(fp);
        byte[] bytes = in.rest();
        if (s != null) {
            s.deliver(seq, writer, bytes);
        }
    }

    /** A SUB_FAILED (an event the server could not send), positioned after its kind. */
    void eventFailed(Msg.In in) {
        RemoteSubscription<?> s = subs.get(in.i());
        long seq = in.l();
        String problem = in.s();
        if (s != null) {
            s.failedAt(seq, problem);
        }
    }

    /** A SUB_ENDED, positioned after its kind. */
    void ended(Msg.In in) {
        RemoteSubscription<?> s = subs.remove(in.i());
        if (s != null) {
            s.ended(in.s());
        }
    }

    /** The connection broke: each subscription is reconnecting. */
    void disconnected(RuntimeException cause) {
        for (RemoteSubscription<?> s : subs.values()) {
            s.disconnected(cause);
        }
    }

    /** The client is lost or closed: every subscription ends with {@code reason}. */
    void endAll(String reason) {
        for (RemoteSubscription<?> s : subs.values()) {
            s.ended(reason);
        }
        subs.clear();
    }
}
