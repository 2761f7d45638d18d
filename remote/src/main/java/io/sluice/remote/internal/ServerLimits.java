package io.sluice.remote.internal;

/**
 * What one server allows, so that a hostile client cannot exhaust it.
 *
 * @param maxConnections connections open at once; more are refused
 * @param maxStreamsPerConnection channel ends (and requests) open at once on one connection
 * @param maxChannels channels the space may hold; opening a new name beyond it is refused
 * @param maxFrame the largest frame payload the server agrees to, in bytes
 * @param window the bytes of tokens a writer may have in flight per channel (its credit)
 * @param heartbeatMillis how often a client should send PING; a connection silent for
 *     {@link #idleMillis()} is closed
 * @param filesIdleMillis a stream that had nothing to do for this long closes its channel's files
 *     (memory maps, file handles) until it has again
 */
public record ServerLimits(int maxConnections, int maxStreamsPerConnection, int maxChannels, int maxFrame, int window,
        long heartbeatMillis, long filesIdleMillis) {

    public static final ServerLimits DEFAULTS = new ServerLimits(1024, 4096, 100_000, Wire.DEFAULT_MAX_FRAME, 4 << 20, 1000, 2000);

    /** @throws IllegalArgumentException if a limit is not positive */
    public ServerLimits {
        if (maxConnections < 1 || maxStreamsPerConnection < 1 || maxChannels < 1 || maxFrame < Wire.HANDSHAKE_MAX_FRAME || window < 1
                || heartbeatMillis < 1 || filesIdleMillis < 1) {
            throw new IllegalArgumentException("limits must be positive (and frames at least " + Wire.HANDSHAKE_MAX_FRAME
                    + " bytes): " + this);
        }
    }

    /** A connection that sends nothing for this long is closed: four heartbeats. */
    public long idleMillis() {
        return 4 * heartbeatMillis;
    }

    public ServerLimits withMaxConnections(int max) {
        return new ServerLimits(max, maxStreamsPerConnection, maxChannels, maxFrame, window, heartbeatMillis, filesIdleMillis);
    }

    public ServerLimits withMaxStreamsPerConnection(int max) {
        return new ServerLimits(maxConnections, max, maxChannels, maxFrame, window, heartbeatMillis, filesIdleMillis);
    }

    public ServerLimits withMaxChannels(int max) {
        return new ServerLimits(maxConnections, maxStreamsPerConnection, max, maxFrame, window, heartbeatMillis, filesIdleMillis);
    }

    public ServerLimits withHeartbeatMillis(long millis) {
        return new ServerLimits(maxConnections, maxStreamsPerConnection, maxChannels, maxFrame, window, millis, filesIdleMillis);
    }

    public ServerLimits withFilesIdleMillis(long millis) {
        return new ServerLimits(maxConnections, maxStreamsPerConnection, maxChannels, maxFrame, window, heartbeatMillis, millis);
    }
}
