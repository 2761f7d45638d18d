package io.sluice.events.internal.remote;

import io.sluice.events.ChannelInfo;
import io.sluice.events.Durability;
import io.sluice.events.Event;
import io.sluice.events.FilterException;
import io.sluice.events.Overflow;
import io.sluice.events.Publisher;
import io.sluice.events.Start;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.events.internal.LocalEventSpace;
import io.sluice.events.internal.PausingHandler;
import io.sluice.records.RecordEncoder;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordResolver;
import io.sluice.records.RecordValue;
import io.sluice.records.Records;
import io.sluice.remote.service.ServicePeer;
import io.sluice.remote.service.ServiceSession;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * One client's stream to the event service: its publishers and subscriptions on the hosted
 * space, and its lease. Messages arrive on the connection's event loop and are carried out on the
 * service's pool: in order for each publisher, and in order for everything else.
 */
final class EventSession implements ServiceSession {
    private final HostedEvents hosted;
    private final ServicePeer peer;
    private final SerialExecutor control;
    private final Map<Integer, RemotePub> pubs = new ConcurrentHashMap<>();
    private final Map<Integer, RemoteSub> subs = new ConcurrentHashMap<>();
    private volatile long renewed = System.nanoTime();
    private volatile boolean open = true;

    EventSession(HostedEvents hosted, ServicePeer peer) {
        this.hosted = hosted;
        this.peer = peer;
        this.control = new SerialExecutor(hosted.pool());
    }

    void start() {
        peer.send(new Msg.Out(Msg.LEASE).l(hosted.leaseMillis()).bytes());
    }

    String peerName() {
        return peer.peer();
    }

    /**
     * Whether the lease lapsed: no renewal for its length. While the server does not read the
     * connection (back-pressure on a client that does not read) the lease's clock stands still: a
     * renewal may be waiting unread.
     */
    boolean lapsed(long now) {
        if (peer.readsPaused()) {
            renewed = now;
            return false;
        }
        return open && now - renewed > TimeUnit.MILLISECONDS.toNanos(hosted.leaseMillis());
    }

    void expire() {
        peer.fail("the lease of " + hosted.leaseMillis() + " ms lapsed without renewal");
        closed(); // also if the connection is gone already
    }

    @Override
    public void onMessage(byte[] message) {
        Msg.In in = new Msg.In(message);
        int kind = in.b();
        switch (kind) {
            case Msg.RENEW -> renewed = System.nanoTime();
            case Msg.SUB_CREDIT -> {
                RemoteSub s = subs.get(in.i());
                if (s != null) {
                    s.credit(in.i());
                }
            }
            case Msg.PUBLISH -> {
                long req = in.l();
                int id = in.i();
                byte[] bytes = in.rest();
                RemotePub p = pubs.get(id);
                if (p == null) {
                    fail(req, new IllegalStateException("no publisher " + id + " on this stream"));
                } else {
                    p.serial.execute(() -> publish(req, p, bytes));
                }
            }
            default -> {
                long req = kind == Msg.SUB_ACK ? 0 : in.l();
                control.execute(() -> {
                    try {
                        control(kind, req, in);
                    } catch (RuntimeException e) {
                        fail(req, e);
                    }
                });
            }
        }
    }

    private void control(int kind, long req, Msg.In in) {
        switch (kind) {
            case Msg.DECLARE -> {
                String channel = in.s();
                RecordFormat format = RecordFormat.parse(in.s());
                ChannelInfo info = hosted.space().declare(channel, format, Durability.values()[in.b()]);
                reply(req, new Msg.Out(Msg.REPLY).l(req).b(1).info(info));
            }
            case Msg.PUB_OPEN -> {
                int id = in.i();
                String channel = in.s();
                RecordFormat format = RecordFormat.parse(in.s());
                Publisher<RecordValue> p = hosted.space().publisher(channel, format);
                pubs.put(id, new RemotePub(p, Records.resolver(format, format), new SerialExecutor(hosted.pool())));
                ok(req);
            }
            case Msg.PUB_CLOSE -> {
                RemotePub p = pubs.remove(in.i());
                if (p != null) {
                    p.close();
                }
                ok(req);
            }
            case Msg.SUB_OPEN -> subscribe(req, in);
            case Msg.SUB_FILTER -> {
                sub(in.i()).local.updateFilter(in.s());
                ok(req);
            }
            case Msg.SUB_BLOCK -> {
                sub(in.i()).local.block(in.s());
                ok(req);
            }
            case Msg.SUB_UNBLOCK -> {
                RemoteSub rs = sub(in.i());
                String f = in.s();
                rs.local.unblock(f);
                rs.blockedAtOpen.remove(f);
                ok(req);
            }
            case Msg.SUB_ACK -> {
                RemoteSub s = subs.get(in.i());
                if (s != null) {
                    s.local.acknowledge(in.l());
                }
            }
            case Msg.SUB_CANCEL -> {
                RemoteSub s = subs.remove(in.i());
                if (s != null) {
                    s.cancel();
                }
                ok(req);
            }
            case Msg.LIST -> {
                Pattern p;
                String regex = in.s();
                try {
                    p = Pattern.compile(regex);
                } catch (PatternSyntaxException e) {
                    throw new IllegalArgumentException("channel names by '" + regex + "': " + e.getDescription());
                }
                boolean inParts = in.more() && in.b() == 1; // the client takes an answer in several messages
                List<ChannelInfo> found = hosted.space().channels(p);
                if (inParts) {
                    for (byte[] m : Listing.messages(req, found, peer.maxMessage())) {
                        peer.send(m);
                    }
                } else {
                    Msg.Out out = new Msg.Out(Msg.REPLY).l(req).b(1).i(found.size());
                    found.forEach(out::info);
                    reply(req, out);
                }
            }
            default -> throw new IllegalArgumentException("an event-service message of unknown kind " + kind);
        }
    }

    private void subscribe(long req, Msg.In in) {
        int id = in.i();
        String channel = in.s();
        RecordFormat format = RecordFormat.parse(in.s());
        String name = in.s();
        String filter = in.s();
        int capacity = in.i();
        Overflow overflow = Overflow.values()[in.b()];
        Start.Kind startKind = Start.Kind.values()[in.b()];
        long startSeq = in.l();
        Set<String> blockedAtOpen = ConcurrentHashMap.newKeySet();
        int held = 0;
        if (in.more()) { // formats blocked from the first event on, events the client still holds (registering again)
            for (int n = in.i(); n > 0; n--) {
                blockedAtOpen.add(in.s());
            }
            held = Math.max(0, Math.min(capacity, in.i()));
        }
        Start start = switch (startKind) {
            case NOW -> Start.now();
            case SEQ -> Start.at(startSeq);
            case ACKNOWLEDGED -> Start.afterAcknowledged();
        };
        SubscribeOptions options = SubscribeOptions.defaults().withFilter(filter).withQueue(capacity, overflow).withStart(start);
        if (name != null) {
            options = options.withName(name);
        }
        RemoteSub s = new RemoteSub(id, capacity - held, Records.encoder(format));
        s.blockedAtOpen.addAll(blockedAtOpen);
        subs.put(id, s); // before events flow: credit the client returns for them finds the subscription
        try {
            s.local = hosted.space().subscribe(channel, format, s, options);
        } catch (RuntimeException e) {
            subs.remove(id);
            throw e;
        }
        hosted.owners.put(s.local, s);
        for (String f : blockedAtOpen) {
            s.local.block(f);
        }
        if (!open) {
            s.cancel();
        }
        PausingHandler.resume(s.local); // credit that came before the subscription was known
        // the seq it starts at on a persistent channel (-1 on a transient one): where a client that
        // lost its connection subscribes again, when it received no event before
        reply(req, new Msg.Out(Msg.REPLY).l(req).b(1).s(s.local.name()).l(LocalEventSpace.startSeq(s.local)));
    }

    private RemoteSub sub(int id) {
        RemoteSub s = subs.get(id);
        if (s == null) {
            throw new IllegalStateException("no subscription " + id + " on this stream");
        }
        return s;
    }

    private void publish(long req, RemotePub p, byte[] bytes) {
        try {
            RecordValue v = p.reader.read(bytes);
            long seq = p.publisher.publish(v);
            reply(req, new Msg.Out(Msg.REPLY).l(req).b(1).l(seq));
        } catch (InterruptedException e) {
            fail(req, new IllegalStateException("the publisher's stream closed while it waited"));
        } catch (RuntimeException e) {
            fail(req, e);
        }
    }

    private void ok(long req) {
        reply(req, new Msg.Out(Msg.REPLY).l(req).b(1));
    }

    private void reply(long req, Msg.Out out) {
        if (req != 0) {
            byte[] bytes = out.bytes();
            if (bytes.length > peer.maxMessage()) {
                fail(req, new IllegalStateException("the answer is " + bytes.length + " bytes, more than the " + peer.maxMessage()
                        + " bytes of the connection's frames; ask for less (e.g. a narrower expression)"));
            } else {
                peer.send(bytes);
            }
        }
    }

    private void fail(long req, RuntimeException e) {
        if (req == 0) {
            return;
        }
        Msg.Out out = new Msg.Out(Msg.REPLY).l(req).b(0);
        if (e instanceof FilterException f) {
            out.b(Msg.E_FILTER).s(f.getMessage()).s(f.expression()).i(f.line()).i(f.column());
        } else if (e instanceof IllegalArgumentException) {
            out.b(Msg.E_ARGUMENT).s(e.getMessage());
        } else if (e instanceof IllegalStateException) {
            out.b(Msg.E_STATE).s(e.getMessage());
        } else {
            out.b(Msg.E_OTHER).s(e.toString());
        }
        byte[] bytes = out.bytes();
        if (bytes.length > peer.maxMessage()) { // a message too long for a frame: its start says enough
            String m = e.getMessage() == null ? e.toString() : e.getMessage();
            bytes = new Msg.Out(Msg.REPLY).l(req).b(0).b(Msg.E_OTHER).s(m.substring(0, Math.min(m.length(), 4000)) + "...").bytes();
        }
        peer.send(bytes);
    }

    @Override
    public synchronized void closed() {
        if (!open) {
            return;
        }
        open = false;
        control.stop();
        for (RemoteSub s : subs.values()) {
            s.cancel();
        }
        subs.clear();
        for (RemotePub p : pubs.values()) {
            p.close();
        }
        pubs.clear();
        hosted.removed(this);
    }

    /** A remote publisher: publishes, in order, on a thread of the pool. */
    private record RemotePub(Publisher<RecordValue> publisher, RecordResolver<RecordValue> reader, SerialExecutor serial) {
        void close() {
            serial.stop(); // a publish waiting for a full queue is interrupted
            publisher.close();
        }
    }

    /**
     * A remote subscription: a subscription of the hosted space whose handler sends each event to
     * the client as far as the client's credit goes. Without credit the handler is not ready: the
     * subscription waits in the hosted space without a worker, and the credit resumes it.
     */
    final class RemoteSub implements PausingHandler<RecordValue> {
        final int id;
        final Semaphore credits;
        final RecordEncoder<RecordValue> encoder;
        final Set<Long> formatsSent = ConcurrentHashMap.newKeySet();
        volatile Subscription<RecordValue> local;
        /** Formats blocked by its SUB_OPEN: not sent, also those queued before the subscription blocked them. */
        final Set<String> blockedAtOpen = ConcurrentHashMap.newKeySet();
        private volatile boolean live = true;

        /** @param credit how many events may be sent before the client returns credit */
        RemoteSub(int id, int credit, RecordEncoder<RecordValue> encoder) {
            this.id = id;
            this.credits = new Semaphore(credit);
            this.encoder = encoder;
        }

        /** The client handled {@code n} more events. On the connection's event loop. */
        void credit(int n) {
            credits.release(n);
            Subscription<RecordValue> l = local;
            if (l != null) {
                PausingHandler.resume(l);
            }
        }

        @Override
        public boolean ready() {
            return credits.availablePermits() > 0 || !live || !open; // an ended one drains to nothing
        }

        @Override
        public void handle(Event<RecordValue> e) throws InterruptedException {
            if (!blockedAtOpen.isEmpty() && blockedAtOpen.contains(e.writerFormat().name())) {
                return;
            }
            // ready() said there is credit, and this worker is the only one that takes it
            while (!credits.tryAcquire(100, TimeUnit.MILLISECONDS)) {
                if (!live || !open) {
                    return;
                }
            }
            if (!live) {
                return;
            }
            RecordFormat w = e.writerFormat();
            boolean first = !formatsSent.contains(w.fingerprint());
            Msg.Out out = new Msg.Out(Msg.EVENT).i(id).l(e.seq()).l(w.fingerprint()).b(first ? 1 : 0);
            if (first) {
                out.s(w.toJson());
            }
            byte[] message = out.raw(encoder.encode(e.value())).bytes();
            if (message.length > peer.maxMessage()) {
                // refused, not sent: the client reports it for the subscription, returns its credit and goes on
                peer.send(new Msg.Out(Msg.SUB_FAILED).i(id).l(e.seq()).s("the event is " + message.length + " bytes as sent"
                        + (first ? " with its writer format" : "") + ", more than the " + peer.maxMessage()
                        + " bytes of the connection's frames; it is not delivered").bytes());
                return;
            }
            if (first) {
                formatsSent.add(w.fingerprint());
            }
            peer.send(message);
        }

        void ended(String reason) {
            live = false;
            subs.remove(id);
            peer.send(new Msg.Out(Msg.SUB_ENDED).i(id).s(reason).bytes());
        }

        void cancel() {
            live = false;
            Subscription<RecordValue> l = local;
            if (l != null) {
                hosted.owners.remove(l);
                l.cancel();
            }
        }
    }
}
