package io.sluice.events.actors;

import io.sluice.events.EventChannels;
import io.sluice.events.RemoteEventOptions;
import io.sluice.remote.RemoteChannels;
import java.io.IOException;
import java.net.URI;
import java.util.Objects;

/**
 * Where an actor's event channel lives: a space server's URI, which the actor connects to when
 * the run initialises it and disconnects from when it ends, or the local space the registry was
 * built with, which the actor borrows and never closes. Immutable.
 */
final class EventSpaceRef {
    /** The value of the parameter {@code space} that names the registry's local space. */
    static final String LOCAL = "local";

    private final URI uri;
    private final RemoteChannels.Options options;
    private final RemoteEventOptions eventOptions;
    private final EventChannels local;

    private EventSpaceRef(URI uri, RemoteChannels.Options options, RemoteEventOptions eventOptions, EventChannels local) {
        this.uri = uri;
        this.options = options;
        this.eventOptions = eventOptions;
        this.local = local;
    }

    /**
     * The space a parameter names: {@value #LOCAL} for {@code local} (which may be null: none
     * was given to the registry), or a {@code sluice://host:port} URI.
     *
     * @throws IllegalArgumentException naming the parameter if it names neither
     */
    static EventSpaceRef of(String parameter, String value, EventChannels local) {
        Objects.requireNonNull(value, parameter);
        if (value.equals(LOCAL)) {
            if (local == null) {
                throw new IllegalArgumentException("parameter '" + parameter + "' is \"local\", but no local event space was given"
                        + " to the actor registry (types found on the class path have none); give a space server's URI"
                        + " (sluice://host:port, served by 'sluice serve --events'), or build the registry with"
                        + " EventActorTypes.withLocalSpace(space)");
            }
            return new EventSpaceRef(null, null, null, local);
        }
        URI uri;
        try {
            uri = new URI(value);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("parameter '" + parameter + "': \"" + value + "\" is not a URI: " + e.getMessage(), e);
        }
        if (!"sluice".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException("parameter '" + parameter + "': \"" + value
                    + "\" is neither \"local\" nor a space server's URI sluice://host:port");
        }
        return new EventSpaceRef(uri, RemoteChannels.options(), RemoteEventOptions.defaults(), null);
    }

    /**
     * This space, connected to with {@code options} (a token, TLS); the options are read at each
     * connection.
     *
     * @throws IllegalArgumentException if this is a local space
     */
    EventSpaceRef with(RemoteChannels.Options options) {
        if (local != null) {
            throw new IllegalArgumentException("a local event space takes no connection options");
        }
        return new EventSpaceRef(uri, Objects.requireNonNull(options, "options"), eventOptions, null);
    }

    /**
     * This space, its client behaving as {@code options} say (reconnection, answer timeout).
     *
     * @throws IllegalArgumentException if this is a local space
     */
    EventSpaceRef with(RemoteEventOptions options) {
        if (local != null) {
            throw new IllegalArgumentException("a local event space takes no connection options");
        }
        return new EventSpaceRef(uri, this.options, Objects.requireNonNull(options, "options"), null);
    }

    /** The options of the client connected to a space server; null for a local space. */
    RemoteEventOptions eventOptions() {
        return eventOptions;
    }

    /** The space {@code space}, borrowed: never closed by the actors. */
    static EventSpaceRef borrowed(EventChannels space) {
        return new EventSpaceRef(null, null, null, Objects.requireNonNull(space, "space"));
    }

    /**
     * The space server at {@code uri}, which each actor connects to for its run.
     *
     * @throws IllegalArgumentException if it is not a {@code sluice://host:port} URI
     */
    static EventSpaceRef remote(URI uri) {
        return of("space", Objects.requireNonNull(uri, "space").toString(), null);
    }

    /** Whether the space is the registry's local one. */
    boolean isLocal() {
        return local != null;
    }

    /**
     * The space: the local one, or a new connection the caller closes ({@link #release}).
     *
     * @throws IOException if the server cannot be reached
     */
    EventChannels open() throws IOException {
        return local != null ? local : EventChannels.connect(uri, options, eventOptions);
    }

    /** Closes {@code space} if {@link #open} connected it; a local space is left open for its owner. */
    void release(EventChannels space) {
        if (space != null && space != local) {
            space.close();
        }
    }

    @Override
    public String toString() {
        return local != null ? "the local event space" : "space " + uri;
    }
}
