package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.pkitesting.CertificateBuilder;
import io.netty.pkitesting.X509Bundle;
import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelWriter;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code sluice serve} and {@code sluice space ls|rm}, run in this JVM: the server is stopped by an
 * interrupt of its thread, as SIGTERM stops the command's own process ({@link ServeProcessTest}).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServeCommandTest {
    private static final Duration START = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void servesASpaceThatClientsAndChannelReadUse() throws Exception {
        List<String> read = new ArrayList<>();
        Sluice.Outcome served;
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space")) {
            String address = serve.firstLine(START);
            assertThat(address).matches("sluice://127\\.0\\.0\\.1:[0-9]+");
            try (RemoteSpace space = RemoteChannels.connect(URI.create(address));
                    Channel<String> channel = space.open(ChannelSpec.unbounded("words", String.class));
                    ChannelReader<String> reader = channel.openReader("r")) {
                ChannelWriter<String> writer = channel.writer();
                for (String w : List.of("tide", "weir", "sluice")) {
                    writer.put(w);
                }
                writer.close();
                for (String t; (t = reader.take()) != null; ) {
                    read.add(t);
                }
            }
            served = serve.stop();
        }
        assertThat(read).containsExactly("tide", "weir", "sluice");
        assertThat(served.summary()).isEqualTo(served.out().strip()).startsWith("sluice://");
        assertThat(Sluice.run(dir, "channel", "read", "space/words").out().lines()).containsExactly("tide", "weir", "sluice");
        assertThat(Sluice.run(dir, "channel", "info", "space/words").summary()).contains("3 tokens", "ended");
    }

    @Test
    void spaceLsListsNamesAndRmRemovesOne() throws Exception {
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space", "--port", "0")) {
            String address = serve.firstLine(START);
            try (RemoteSpace space = RemoteChannels.connect(URI.create(address))) {
                for (String name : List.of("gamma", "alpha", "beta.out")) {
                    try (Channel<String> channel = space.open(ChannelSpec.unbounded(name, String.class))) {
                        channel.writer().put(name);
                        channel.writer().close();
                    }
                }
            }
            assertThat(Sluice.run(dir, "space", "ls", address).out().lines()).containsExactly("alpha", "beta.out", "gamma");
            assertThat(Sluice.run(dir, "space", "ls", address, "a.*|g.*").out().lines()).containsExactly("alpha", "gamma");
            assertThat(Sluice.run(dir, "space", "ls", address, "nothing").out()).isEmpty();

            Sluice.Outcome rm = Sluice.run(dir, "space", "rm", address, "beta.out");
            assertThat(rm.code()).as("stderr: %s", rm.err()).isEqualTo(Main.OK);
            assertThat(rm.out() + rm.err()).isEmpty();
            assertThat(Sluice.run(dir, "space", "ls", address).out().lines()).containsExactly("alpha", "gamma");
            assertThat(dir.resolve("space/beta.out")).doesNotExist();
            Sluice.run(dir, "space", "rm", address, "beta.out").isFailure("sluice: space " + address).err().contains("beta.out");

            Sluice.run(dir, "space", "ls", address, "(").isUsageError();
            Sluice.run(dir, "space", "ls", "http://127.0.0.1:1").isUsageError();
            Sluice.run(dir, "space", "rm", address).isUsageError();
            assertThat(serve.stop().code()).isEqualTo(Main.OK);
        }
    }

    @io.sluice.records.FormatName("test.Reading")
    record Reading(String site, int level) {}

    @Test
    void spaceFormatsListsTheRegistry() throws Exception {
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space", "--port", "0")) {
            String address = serve.firstLine(START);
            assertThat(Sluice.run(dir, "space", "formats", address).out()).isEmpty();
            try (RemoteSpace space = RemoteChannels.connect(URI.create(address));
                    Channel<Reading> channel = space.open(ChannelSpec.unbounded("readings", Reading.class))) {
                channel.writer().put(new Reading("north", 7));
                channel.writer().close();
            }
            io.sluice.records.RecordFormat format = io.sluice.records.RecordFormat.of(Reading.class);
            String key = String.format(java.util.Locale.ROOT, "%016x.avsc", format.fingerprint());
            Sluice.Outcome formats = Sluice.run(dir, "space", "formats", address);
            assertThat(formats.code()).as("stderr: %s", formats.err()).isEqualTo(Main.OK);
            assertThat(formats.out().lines()).containsExactly(key + " format " + format + ": site string, level int");
            assertThat(Sluice.run(dir, "space", "formats", address, "nothing").out()).isEmpty();
            Sluice.run(dir, "space", "formats", address, "(").isUsageError();
            assertThat(serve.stop().code()).isEqualTo(Main.OK);
        }
    }

    @Test
    void aTokenFileIsRequiredOnceTheServerHasOne() throws Exception {
        Files.writeString(dir.resolve("token"), "  s3cret\n");
        Files.writeString(dir.resolve("wrong"), "guess\n");
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space", "--token-file", "token")) {
            String address = serve.firstLine(START);
            Sluice.run(dir, "space", "ls", address).isFailure("sluice: space " + address + " refused the connection");
            Sluice.run(dir, "space", "ls", address, "--token-file", "wrong").isFailure("sluice: space " + address + " refused");
            Sluice.run(dir, "space", "rm", address, "x", "--token-file", "wrong").isFailure("sluice: space " + address + " refused");
            Sluice.Outcome ls = Sluice.run(dir, "space", "ls", address, "--token-file", "token");
            assertThat(ls.code()).as("stderr: %s", ls.err()).isEqualTo(Main.OK);
            try (RemoteSpace space = RemoteChannels.connect(URI.create(address), RemoteChannels.options().token("s3cret"))) {
                assertThat(space.names(".*")).isEmpty();
            }
            assertThat(serve.stop().code()).isEqualTo(Main.OK);
        }
    }

    @Test
    void overTlsOnlyClientsThatTrustTheCertificateGetThrough() throws Exception {
        X509Bundle bundle = new CertificateBuilder().subject("CN=localhost").addSanIpAddress("127.0.0.1")
                .setIsCertificateAuthority(true).ecp256().buildSelfSigned();
        Files.writeString(dir.resolve("cert.pem"), bundle.getCertificatePEM());
        Files.writeString(dir.resolve("key.pem"), bundle.getPrivateKeyPEM());
        try (Sluice.Running serve = Sluice.start(dir, "serve", "--dir", "space", "--tls", "cert.pem", "key.pem")) {
            String address = serve.firstLine(START);
            Sluice.Outcome ls = Sluice.run(dir, "space", "ls", address, "--tls-trust", "cert.pem");
            assertThat(ls.code()).as("stderr: %s", ls.err()).isEqualTo(Main.OK);
            Sluice.run(dir, "space", "ls", address).isFailure("sluice: ").err().contains(address);
            assertThat(serve.stop().code()).isEqualTo(Main.OK);
        }
        Sluice.run(dir, "serve", "--dir", "space", "--tls", "cert.pem", "missing.pem").isUsageError();
        Sluice.run(dir, "space", "ls", "sluice://127.0.0.1:1", "--tls-trust", "missing.pem").isUsageError();
    }

    @Test
    void aBadTokenFileIsAUsageErrorNamingIt() throws Exception {
        Files.writeString(dir.resolve("blank"), " \n\t\n");
        Files.createDirectory(dir.resolve("folder"));
        assertThat(Sluice.run(dir, "serve", "--dir", "space", "--token-file", "missing").isUsageError().err())
                .contains("--token-file", "missing");
        assertThat(Sluice.run(dir, "serve", "--dir", "space", "--token-file", "blank").isUsageError().err())
                .contains("--token-file", "blank", "empty");
        assertThat(Sluice.run(dir, "serve", "--dir", "space", "--token-file", "folder").isUsageError().err())
                .contains("--token-file", "folder");
        assertThat(Sluice.run(dir, "space", "ls", "sluice://127.0.0.1:1", "--token-file", "missing").isUsageError().err())
                .contains("--token-file", "missing");
        assertThat(dir.resolve("space")).doesNotExist();
    }

    @Test
    void aPortInUseAndAnUnreachableSpaceAreNamed() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            Sluice.Outcome refused = Sluice.run(dir, "serve", "--dir", "space", "--port", Integer.toString(port));
            refused.isFailure("sluice: cannot serve ");
            assertThat(refused.err()).contains("127.0.0.1:" + port, "in use");
        }
        int closed = freePort();
        String address = "sluice://127.0.0.1:" + closed;
        Sluice.run(dir, "space", "ls", address).isFailure("sluice: cannot connect to space " + address);
        Sluice.run(dir, "space", "rm", address, "x").isFailure("sluice: cannot connect to space " + address);
        Sluice.run(dir, "serve", "--dir", "space", "--port", "70000").isUsageError();
        Sluice.run(dir, "serve", "--port", "0").isUsageError();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
