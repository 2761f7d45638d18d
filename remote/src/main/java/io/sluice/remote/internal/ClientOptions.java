package io.sluice.remote.internal;

import io.netty.handler.ssl.SslContext;
import java.time.Duration;

/**
 * How a client connects.
 *
 * @param token the space's shared token, or null
 * @param connectTimeout how long one connection attempt (with its handshake) may take
 * @param giveUpAfter how long a broken connection is retried before every stream on it fails
 * @param window the bytes of tokens a reader lets the server send ahead of what it took
 * @param writeBuffer the bytes of tokens a writer holds unacknowledged before a put waits
 * @param maxFrame the largest frame payload asked for
 * @param tls the TLS context to connect with, or null for plaintext
 */
public record ClientOptions(String token, Duration connectTimeout, Duration giveUpAfter, int window, long writeBuffer, int maxFrame,
        SslContext tls) {
    public static final ClientOptions DEFAULTS =
            new ClientOptions(null, Duration.ofSeconds(10), Duration.ofSeconds(30), 1 << 20, 16L << 20, Wire.DEFAULT_MAX_FRAME, null);
}
