package io.sluice.events.actors;

import io.sluice.events.Durability;
import io.sluice.events.EventChannels;
import io.sluice.events.Overflow;
import io.sluice.events.RemoteEventOptions;
import io.sluice.events.Start;
import io.sluice.events.SubscribeOptions;
import io.sluice.records.actors.FormatFiles;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ActorTypeInfo;
import io.sluice.workflow.ActorTypes;
import io.sluice.workflow.Parameters;
import io.sluice.remote.RemoteChannels;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;

/**
 * The event actors as types for JSON workflows: {@value Publish#TYPE} and {@value Subscribe#TYPE}
 * (see {@link Publish}, {@link Subscribe} and {@code docs/event-channels.md}).
 *
 * <p><b>Spaces.</b> The parameter {@code space} names where the channel lives: a space server's
 * URI {@code sluice://host:port}, which each actor connects to for the run, or {@code local}, the
 * event space in this JVM given to {@link #withLocalSpace}. The instance found on the class path
 * ({@link ActorRegistry#discover}) has no local space: there is no space shared by a JVM's runs,
 * and an actor's context hands it none, so a program that wants its runs to meet in its own JVM
 * makes the space, registers {@code withLocalSpace(space)}, and closes the space after its runs.
 * The default of {@code space} is {@code local} when there is one; otherwise it must be given.
 *
 * <p>Immutable; the factories it registers may be called from any thread.
 */
public final class EventActorTypes implements ActorTypes {
    private final EventChannels local;

    /** The types with no local space: for {@link java.util.ServiceLoader}. */
    public EventActorTypes() {
        this(null);
    }

    private EventActorTypes(EventChannels local) {
        this.local = local;
    }

    /**
     * The types, with {@code space} as the space that the parameter {@code space} value
     * {@code local} names (and its default). The actors borrow it: its owner closes it, after the
     * runs that use it.
     */
    public static EventActorTypes withLocalSpace(EventChannels space) {
        return new EventActorTypes(Objects.requireNonNull(space, "space"));
    }

    @Override
    public void registerTo(ActorRegistry.Builder registry) {
        String spaceHelp = "where the channel lives: a space server's URI sluice://host:port ('sluice serve --events')"
                + (local != null ? ", or local (this program's event space)" : "");
        ActorTypeInfo publish = ActorTypeInfo.of(Publish.TYPE, "Publishes each record it takes on an event channel.")
                .input("input", Object.class, "the records to publish (record values)")
                .required("channel", "string", "the event channel's name");
        publish = spaceParameter(publish, spaceHelp)
                .optional("format", "path", null, "an Avro schema file (.avsc): records are published under it, read by field name;"
                        + " by default each record under its own format")
                .optional("durability", "string", null, "transient or persistent: the channel is declared so (with the format);"
                        + " by default the space's default for a channel it creates")
                .optional("endMarker", "any", null, "a record of the format, as a JSON object of its fields, published after the"
                        + " last record when the input ends (needs format)");
        ActorTypeInfo subscribe = ActorTypeInfo.of(Subscribe.TYPE, "Puts the events of an event channel, one per firing.")
                .output("output", RecordValue.class, "the events, as records of the format")
                .required("channel", "string", "the event channel's name");
        subscribe = spaceParameter(subscribe, spaceHelp)
                .optional("format", "path", null, "an Avro schema file (.avsc) the events are read as, by field name;"
                        + " by default the channel's format (the channel must then exist)")
                .optional("name", "string", null, "the subscription's name, under which a persistent channel keeps its acknowledgements")
                .optional("start", "any", "acknowledged", "now, beginning, acknowledged (after the last event the name"
                        + " acknowledged, else now) or a seq number")
                .optional("filter", "string", null, "a CEL expression over the fields; only events for which it is true are put")
                .optional("maxEvents", "integer", 0, "finish after this many events (0: no limit)")
                .optional("endWhen", "string", null, "a CEL expression over the fields; the first event for which it is true"
                        + " ends the actor and is not put")
                .optional("idleTimeout", "integer", 0, "finish after this many milliseconds without an event (0: never)")
                .optional("queue", "integer", SubscribeOptions.DEFAULT_CAPACITY, "the subscription's queue, in events")
                .optional("overflow", "string", "block", "when the queue is full: block (the publishers wait), drop-oldest or"
                        + " disconnect (the run fails)");
        registry.register(Publish.TYPE, this::publish, publish).register(Subscribe.TYPE, this::subscribe, subscribe);
    }

    private ActorTypeInfo spaceParameter(ActorTypeInfo info, String help) {
        return (local != null ? info.optional("space", "string", EventSpaceRef.LOCAL, help) : info.required("space", "string", help))
                .optional("tokenFile", "path", null, "a file holding the space server's shared token ('sluice serve --token-file')")
                .optional("tls", "boolean", false, "connect over TLS, trusting the JVM's certificate authorities")
                .optional("tlsTrust", "path", null, "connect over TLS, trusting the certificates in this PEM file")
                .optional("reconnect", "boolean", RemoteEventOptions.defaults().reconnect(), "register the publisher or subscription"
                        + " again after the connection to the space server broke; false: a broken connection fails the run")
                .optional("answerTimeout", "integer", RemoteEventOptions.DEFAULT_ANSWER_TIMEOUT.toMillis(), "how many milliseconds a"
                        + " call waits for the space server's answer, and for the client to be registered again after a broken"
                        + " connection")
                .optional("giveUpAfter", "integer", null, "how many milliseconds a broken connection to the space server is"
                        + " tried again before the run fails; by default the connection's (30 s)");
    }

    private EventSpaceRef space(Parameters p) {
        EventSpaceRef space = EventSpaceRef.of("space", local != null ? p.string("space", EventSpaceRef.LOCAL) : p.string("space"), local);
        boolean tls = p.booleanValue("tls", false);
        boolean client = p.has("reconnect") || p.has("answerTimeout");
        if (!p.has("tokenFile") && !tls && !p.has("tlsTrust") && !p.has("giveUpAfter") && !client) {
            return space;
        }
        if (space.isLocal()) {
            throw new IllegalArgumentException("parameters 'tokenFile', 'tls', 'tlsTrust', 'reconnect', 'answerTimeout' and"
                    + " 'giveUpAfter' are for a space server; the space is local");
        }
        if (client) {
            RemoteEventOptions events = RemoteEventOptions.defaults().withReconnect(p.booleanValue("reconnect",
                    RemoteEventOptions.defaults().reconnect()));
            if (p.has("answerTimeout")) {
                events = events.withAnswerTimeout(Duration.ofMillis(positiveMillis(p, "answerTimeout")));
            }
            space = space.with(events);
        }
        RemoteChannels.Options options = RemoteChannels.options();
        if (p.has("giveUpAfter")) {
            options.giveUpAfter(Duration.ofMillis(positiveMillis(p, "giveUpAfter")));
        }
        if (p.has("tokenFile")) {
            options.token(token(p.path("tokenFile")));
        }
        if (p.has("tlsTrust")) {
            Path trust = p.path("tlsTrust");
            if (!Files.isReadable(trust)) {
                throw new IllegalArgumentException("parameter 'tlsTrust': cannot read " + trust);
            }
            options.tls(trust);
        } else if (tls) {
            options.tls();
        }
        return space.with(options);
    }

    private static long positiveMillis(Parameters p, String name) {
        long ms = p.longValue(name, 0);
        if (ms < 1) {
            throw new IllegalArgumentException("parameter '" + name + "' must be a positive number of milliseconds, got " + ms);
        }
        return ms;
    }

    private static String token(Path file) {
        String token;
        try {
            token = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException | UncheckedIOException e) {
            throw new IllegalArgumentException("parameter 'tokenFile': cannot read " + file + ": " + e, e);
        }
        if (token.isEmpty()) {
            throw new IllegalArgumentException("parameter 'tokenFile': " + file + " is empty");
        }
        return token;
    }

    private static RecordFormat format(Parameters p) {
        return p.has("format") ? FormatFiles.read(p.path("format"), "format") : null;
    }

    private Publish publish(Parameters p) {
        String channel = p.string("channel");
        EventSpaceRef space = space(p);
        RecordFormat format = format(p);
        Durability durability = null;
        if (p.has("durability")) {
            String d = p.string("durability");
            durability = switch (d) {
                case "transient" -> Durability.TRANSIENT;
                case "persistent" -> Durability.PERSISTENT;
                default -> throw new IllegalArgumentException("parameter 'durability' must be transient or persistent, got \"" + d + "\"");
            };
        }
        RecordValue endMarker = null;
        if (p.has("endMarker")) {
            endMarker = endMarker(p.asMap().get("endMarker"), format);
        }
        return new Publish(channel, space, format, durability, endMarker);
    }

    /** The record a JSON object of field values makes under {@code format}. */
    private static RecordValue endMarker(Object value, RecordFormat format) {
        if (format == null) {
            throw new IllegalArgumentException("parameter 'endMarker' needs the parameter 'format', the format it is a record of");
        }
        if (!(value instanceof java.util.Map<?, ?> fields)) {
            throw new IllegalArgumentException("parameter 'endMarker' must be a JSON object of the fields of format " + format
                    + ", got " + value);
        }
        RecordValue.Builder b = RecordValue.builder(format);
        try {
            fields.forEach((k, v) -> b.set(String.valueOf(k), v));
            return b.build();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("parameter 'endMarker': not a record of format " + format + ": " + e.getMessage(), e);
        }
    }

    private Subscribe subscribe(Parameters p) {
        String channel = p.string("channel");
        EventSpaceRef space = space(p);
        RecordFormat format = format(p);
        String name = p.has("name") ? p.string("name") : null;
        if (name != null) {
            SubscribeOptions.defaults().withName(name); // checks the name's form
        }
        Start start = start(p);
        long maxEvents = p.longValue("maxEvents", 0);
        if (maxEvents < 0) {
            throw new IllegalArgumentException("parameter 'maxEvents' must be 0 (no limit) or more, got " + maxEvents);
        }
        long idle = p.longValue("idleTimeout", 0);
        if (idle < 0) {
            throw new IllegalArgumentException("parameter 'idleTimeout' must be 0 (never) or more milliseconds, got " + idle);
        }
        int queue = p.intValue("queue", SubscribeOptions.DEFAULT_CAPACITY);
        if (queue < 1) {
            throw new IllegalArgumentException("parameter 'queue' must be at least 1, got " + queue);
        }
        String o = p.string("overflow", "block");
        Overflow overflow = switch (o) {
            case "block" -> Overflow.BLOCK;
            case "drop-oldest" -> Overflow.DROP_OLDEST;
            case "disconnect" -> Overflow.DISCONNECT;
            default -> throw new IllegalArgumentException("parameter 'overflow' must be block, drop-oldest or disconnect, got \"" + o + "\"");
        };
        return new Subscribe(new Subscribe.Settings(channel, space, format, name, start, p.string("filter", null),
                p.string("endWhen", null), maxEvents, idle == 0 ? null : Duration.ofMillis(idle), queue, overflow));
    }

    private static Start start(Parameters p) {
        if (!p.has("start")) {
            return Start.afterAcknowledged();
        }
        Object v = p.asMap().get("start");
        if (v instanceof Integer || v instanceof Long) {
            long seq = ((Number) v).longValue();
            if (seq < 0) {
                throw new IllegalArgumentException("parameter 'start' cannot be a negative seq: " + seq);
            }
            return Start.at(seq);
        }
        String s = String.valueOf(v).toLowerCase(Locale.ROOT);
        return switch (s) {
            case "now" -> Start.now();
            case "beginning" -> Start.beginning();
            case "acknowledged" -> Start.afterAcknowledged();
            default -> throw new IllegalArgumentException("parameter 'start' must be now, beginning, acknowledged or a seq number, got "
                    + (v instanceof String ? "\"" + v + "\"" : v));
        };
    }
}
