package io.sluice.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A space served over TLS, with a certificate made for the test: trusted clients get through, plaintext and untrusting ones do not. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TlsTest {
    @TempDir
    Path dir;
    @TempDir
    Path pki;
    private Path cert;
    private Path key;

    @BeforeEach
    void makeCertificate() throws Exception {
        X509Bundle bundle = new CertificateBuilder()
                .subject("CN=localhost")
                .addSanIpAddress("127.0.0.1")
                .addSanDnsName("localhost")
                .setIsCertificateAuthority(true)
                .ecp256()
                .buildSelfSigned();
        cert = Files.writeString(pki.resolve("cert.pem"), bundle.getCertificatePEM());
        key = Files.writeString(pki.resolve("key.pem"), bundle.getPrivateKeyPEM());
    }

    /**
     * A connect timeout that still ends a hung handshake well within the test's time limit, yet
     * leaves a loaded machine room for a TLS handshake, the first of a JVM being slow.
     */
    private static RemoteChannels.Options quick() {
        return RemoteChannels.options().connectTimeout(Duration.ofSeconds(10));
    }

    @Test
    void aClientThatTrustsTheCertificateWritesAndReads() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).tls(cert, key).start();
                RemoteSpace space = RemoteChannels.connect(server.uri(), quick().tls(cert));
                Channel<String> ch = space.open(ChannelSpec.unbounded("secret", String.class));
                ChannelReader<String> r = ch.openReader("r")) {
            ch.writer().put("over TLS");
            ch.writer().close();
            assertThat(r.take()).isEqualTo("over TLS");
            assertThat(r.take()).isNull();
        }
    }

    @Test
    void aPlaintextClientIsRefused() throws Exception {
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).tls(cert, key).start()) {
            assertThatThrownBy(() -> RemoteChannels.connect(server.uri(), quick()).close())
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(server.uri().toString());
        }
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateIsRefused() throws Exception {
        X509Bundle other = new CertificateBuilder().subject("CN=other").setIsCertificateAuthority(true).ecp256().buildSelfSigned();
        Path otherCert = Files.writeString(pki.resolve("other.pem"), other.getCertificatePEM());
        try (SpaceServer server = SpaceServer.builder(dir.resolve("space")).tls(cert, key).start()) {
            assertThatThrownBy(() -> RemoteChannels.connect(server.uri(), quick().tls(otherCert)).close())
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(server.uri().toString());
        }
    }

    @Test
    void aKeyThatIsNotPemIsAClearError() throws Exception {
        Path bad = Files.writeString(pki.resolve("bad.pem"), "not a key");
        assertThatThrownBy(() -> SpaceServer.builder(dir.resolve("space")).tls(cert, bad).start().close())
                .isInstanceOf(IOException.class)
                .hasMessageContaining("bad.pem");
    }
}
