package io.sluice.remote.internal;

/**
 * What one server allows, so that a hostile client cannot exhaust it.
 *
 * @param maxConnections connections open at once; more are refused
 * @param maxStreamsPerConnection channel ends (and requests) open at once on one connection
 * @param maxFrame the largest frame payload the server agrees to, in bytes
 * @param window the bytes of tokens a writer may have in flight per channel (its credit)
 * @param heartbeatMillis how often a client should send PING; a connection silent for
 *     {@link #idleMillis()} is closed
 */
public record ServerLimits(int maxConnections, int maxStreamsPerConnection, int maxFrame, int window, long heartbeatMillis) {

    public static final ServerLimits DEFAULTS = new ServerLimits(1024, 4096, Wire.DEFAULT_MAX_FRAME, 4 << 20, 1000);

    /** A connection that sends nothing for this long is closed: four heartbeats. */
    public long idleMillis() {
        return 4 * heartbeatMillis;
    }
}
