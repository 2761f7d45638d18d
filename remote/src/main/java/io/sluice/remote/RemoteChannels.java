package io.sluice.remote;

import io.sluice.channel.local.Codecs;
import io.sluice.remote.internal.ClientConnection;
import io.sluice.remote.internal.ClientOptions;
import io.sluice.remote.internal.Wire;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import javax.net.ssl.SSLException;

/** Connects to spaces: {@code RemoteChannels.connect(URI.create("sluice://host:port"))}. */
public final class RemoteChannels {
    private RemoteChannels() {}

    /**
     * Connects to the space at {@code uri} with the default options: no token, 10 s to connect,
     * 30 s of retries after a connection breaks.
     *
     * @throws IOException naming the address if the space cannot be reached or refuses the client
     */
    public static RemoteSpace connect(URI uri) throws IOException {
        return connect(uri, options());
    }

    /** As {@link #connect(URI)}, with {@code options}. */
    public static RemoteSpace connect(URI uri, Options options) throws IOException {
        ClientOptions o = new ClientOptions(options.token, options.connectTimeout, options.giveUpAfter, options.window,
                options.writeBuffer, Wire.DEFAULT_MAX_FRAME, options.sslContext());
        return new RemoteSpace(ClientConnection.open(uri, o), options.codecs != null ? options.codecs
                : Codecs.discover(RemoteChannels.class.getClassLoader()));
    }

    /** New options, with the defaults. */
    public static Options options() {
        return new Options();
    }

    /** How to connect to a space. */
    public static final class Options {
        private String token;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration giveUpAfter = Duration.ofSeconds(30);
        private int window = 1 << 20;
        private long writeBuffer = ClientOptions.DEFAULTS.writeBuffer();
        private Codecs codecs;
        private boolean tls;
        private Path trusted;

        private Options() {}

        /**
         * Connects over TLS, trusting the certificates in the PEM file {@code trustedCertificates}
         * (the server's own, or the authority that signed it), and checking that the server's
         * certificate names the host connected to.
         */
        public Options tls(Path trustedCertificates) {
            this.tls = true;
            this.trusted = Objects.requireNonNull(trustedCertificates, "trustedCertificates");
            return this;
        }

        /** Connects over TLS, trusting the JVM's default certificate authorities. */
        public Options tls() {
            this.tls = true;
            this.trusted = null;
            return this;
        }

        private SslContext sslContext() throws IOException {
            if (!tls) {
                return null;
            }
            try {
                SslContextBuilder b = SslContextBuilder.forClient();
                if (trusted != null) {
                    b.trustManager(trusted.toFile());
                }
                return b.build();
            } catch (SSLException | IllegalArgumentException e) {
                throw new IOException("cannot use " + (trusted == null ? "the JVM's trusted certificates" : trusted) + " for TLS: "
                        + e.getMessage(), e);
            }
        }

        /** The space's shared token (see {@code sluice serve --token-file}). */
        public Options token(String token) {
            this.token = Objects.requireNonNull(token, "token");
            return this;
        }

        /** How long one attempt to connect, handshake included, may take; 10 s by default. */
        public Options connectTimeout(Duration timeout) {
            this.connectTimeout = positive(timeout, "connectTimeout");
            return this;
        }

        /**
         * How long a broken connection is tried again before the channels on it fail; 30 s by
         * default. A server killed and started again within it loses nothing.
         */
        public Options giveUpAfter(Duration time) {
            this.giveUpAfter = positive(time, "giveUpAfter");
            return this;
        }

        /** The bytes of tokens a reader lets the space send before it takes them; 1 MiB by default. */
        public Options readWindow(int bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("a read window of " + bytes + " bytes is less than 1024");
            }
            this.window = bytes;
            return this;
        }

        /**
         * The bytes of tokens a writer may have put that the space has not yet acknowledged as
         * stored; a put beyond them waits. 16 MiB by default: the writer's memory, and how far it
         * runs ahead of a slow link or space.
         */
        public Options writeBuffer(long bytes) {
            if (bytes < 1024) {
                throw new IllegalArgumentException("a write buffer of " + bytes + " bytes is less than 1024");
            }
            this.writeBuffer = bytes;
            return this;
        }

        /** The codecs to encode tokens with; by default those found on the class path. */
        public Options codecs(Codecs codecs) {
            this.codecs = Objects.requireNonNull(codecs, "codecs");
            return this;
        }

        private static Duration positive(Duration d, String what) {
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(what + " must be positive, was " + d);
            }
            return d;
        }
    }
}
