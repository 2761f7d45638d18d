package io.sluice.events.internal.remote;

import io.sluice.events.ChannelInfo;
import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.events.EventErrorListener;
import io.sluice.events.EventHandler;
import io.sluice.events.ForwardOptions;
import io.sluice.events.Forwarder;
import io.sluice.events.Publisher;
import io.sluice.events.RemoteEventOptions;
import io.sluice.events.SubscribeOptions;
import io.sluice.events.Subscription;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import io.sluice.records.Records;
import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * A client's view of the event channels a space server hosts: the {@link EventChannels} made of
 * one service stream on one connection ({@link EventLink}, which also registers everything again
 * after a broken connection when {@link RemoteEventOptions#reconnect()}), its requests and answers
 * ({@link Calls}), the publishers and subscriptions registered ({@link Registrations}), and a pool
 * of workers for the handlers.
 */
public final class RemoteEventSpace implements EventChannels {
    /** How many publishes of one publisher may await the server's answer at once, by default. */
    public static final int DEFAULT_PUBLISH_WINDOW = RemoteEventOptions.DEFAULT_PUBLISH_WINDOW;

    private final URI uri;
    private final NamedThreads workerThreads = new NamedThreads("sluice-remote-events");
    private final ExecutorService workers;
    private final EventErrorListener errors;
    private final int publishWindow;
    private final long answerMillis;
    private final Registrations registry = new Registrations();
    private final EventLink link;

    /**
     * Opens the event service's stream on {@code space}, which the result owns and closes.
     *
     * @throws SpaceException if the space hosts no event service or does not answer in time
     */
    public RemoteEventSpace(RemoteSpace space, String service, EventErrorListener errors, RemoteEventOptions options) {
        this.uri = space.uri();
        this.errors = errors;
        this.publishWindow = options.publishWindow();
        this.answerMillis = options.answerTimeout().toMillis();
        this.workers = Executors.newFixedThreadPool(options.workers(), workerThreads);
        this.link = new EventLink(space, answerMillis, options.reconnect(), registry);
        try {
            link.open(service);
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    EventLink link() {
        return link;
    }

    Calls calls() {
        return link.calls();
    }

    Registrations registry() {
        return registry;
    }

    int publishWindow() {
        return publishWindow;
    }

    long answerMillis() {
        return answerMillis;
    }

    URI uri() {
        return uri;
    }

    ExecutorService workers() {
        return workers;
    }

    EventErrorListener errors() {
        return errors;
    }

    // ---- EventChannels

    @Override
    public ChannelInfo declare(String channel, RecordFormat format, Durability durability) {
        long req = calls().nextRequest();
        return calls().call(req, new Msg.Out(Msg.DECLARE).l(req).s(channel).s(format.toJson()).b(durability.ordinal())).info();
    }

    @Override
    public Publisher<RecordValue> publisher(String channel, RecordFormat format) {
        return new RemotePublisher<>(this, channel, Records.encoder(format));
    }

    @Override
    public <T extends Record> Publisher<T> publisher(String channel, Class<T> type) {
        return new RemotePublisher<>(this, channel, Records.encoder(type));
    }

    @Override
    public Subscription<RecordValue> subscribe(String channel, RecordFormat format, EventHandler<RecordValue> handler,
            SubscribeOptions options) {
        return subscribe(channel, format, Records.resolver(format, format)::read, handler, options);
    }

    @Override
    public <T extends Record> Subscription<T> subscribe(String channel, Class<T> type, EventHandler<T> handler,
            SubscribeOptions options) {
        RecordFormat format = RecordFormat.of(type);
        return subscribe(channel, format, Records.resolver(format, type)::read, handler, options);
    }

    private <T> Subscription<T> subscribe(String channel, RecordFormat format, Function<byte[], T> reader, EventHandler<T> handler,
            SubscribeOptions options) {
        int id = registry.nextId();
        RemoteSubscription<T> s = new RemoteSubscription<>(this, id, channel, format, reader, handler, options);
        registry.subscribed(id, s);
        long req = calls().nextRequest();
        try {
            s.opened(calls().call(req, s.openMessage(req, options.start())));
            return s;
        } catch (RuntimeException e) {
            registry.forget(id);
            throw e;
        }
    }

    /** Forwarders run where the channels are: not over a connection. */
    @Override
    public Forwarder forward(String from, String to, ForwardOptions options) {
        throw new UnsupportedOperationException("a forwarder runs in the space that hosts its channels, not over a connection to "
                + uri + "; make it on the server's EventService.space()");
    }

    @Override
    public List<ChannelInfo> channels() {
        return channels(Pattern.compile(".*"));
    }

    @Override
    public List<ChannelInfo> channels(Pattern names) {
        long req = calls().nextRequest();
        // b(1): the answer may come in several messages, so that a listing larger than a frame is not refused
        List<ChannelInfo> out = new ArrayList<>();
        for (Msg.In in : calls().callInParts(req, new Msg.Out(Msg.LIST).l(req).s(names.pattern()).b(1))) {
            Listing.read(in, out);
        }
        return out;
    }

    @Override
    public Optional<ChannelInfo> channel(String name) {
        return channels(Pattern.compile(Pattern.quote(name))).stream().findFirst();
    }

    @Override
    public void close() {
        if (ClientThreads.inHandler()) {
            throw new IllegalStateException("the event channels of space " + uri
                    + " cannot be closed from a handler: closing waits for the handlers");
        }
        if (!link.markClosed()) {
            return;
        }
        try {
            link.shutdown();
        } finally {
            workerThreads.shutdown(workers, false, 10_000); // handlers running finish, then no worker is left
        }
    }

    @Override
    public String toString() {
        return "event channels of space " + uri;
    }
}
