package io.sluice.channel.local;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.ProxySelector;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.Permission;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Run by {@link NoPhoneHomeTest} in a child JVM, so that what it installs is process-wide and
 * nothing else runs in that process: records every outbound connection attempt while it creates,
 * writes and reads persistent channels of every policy, then prints what it saw.
 *
 * <p>Two recorders: a default {@link ProxySelector}, which {@code HttpURLConnection}, plain
 * {@link Socket}s and the like consult with the address they are about to connect to; and, where
 * the JVM still allows one (up to Java 23), a {@link SecurityManager} whose {@code checkConnect}
 * sees every socket connection, datagram and host name lookup, and which refuses any that is not
 * to the loopback address, so that nothing leaves the machine even if something tries. A
 * connection to a local server afterwards shows that both recorders work.
 *
 * <p>Prints {@code during-work: [...]}, {@code control: [...]}, {@code security-manager: on|off
 * (why)}, {@code analytics-class: absent|present} and {@code done}.
 */
public final class NoPhoneHomeProbe {
    private static final List<String> SEEN = new CopyOnWriteArrayList<>();

    private NoPhoneHomeProbe() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        ProxySelector.setDefault(new RecordingProxySelector());
        out.println("security-manager: " + installSecurityManager());

        Path work = Path.of(args[0]);
        for (ChannelPolicy policy : List.of(ChannelPolicy.DIRECT, ChannelPolicy.CACHED, ChannelPolicy.FAST_TRACK)) {
            exercise(work, policy);
        }
        out.println("during-work: " + SEEN);
        SEEN.clear();

        try (ServerSocket server = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
                Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), server.getLocalPort()), 5_000);
            out.println("control-port: " + server.getLocalPort());
        }
        out.println("control: " + SEEN);

        String analytics;
        try {
            Class.forName("net.openhft.chronicle.analytics.Analytics");
            analytics = "present";
        } catch (ClassNotFoundException e) {
            analytics = "absent";
        }
        out.println("analytics-class: " + analytics);
        out.println("done");
    }

    private static void exercise(Path work, ChannelPolicy policy) throws Exception {
        ChannelFactory factory = PersistentChannels.builder(work).policy(policy).tokensPerFile(1000).putCache(64).getCache(64).build();
        String name = "probe-" + policy.id();
        try (Channel<String> channel = factory.open(ChannelSpec.unbounded(name, String.class))) {
            ChannelReader<String> reader = channel.openReader("r");
            for (int i = 0; i < 5000; i++) {
                channel.writer().put(ChannelProcess.token(i));
            }
            channel.writer().close();
            int n = 0;
            while (reader.take() != null) {
                n++;
            }
            check(n == 5000, policy + ": read " + n + " tokens in the run");
        }
        try (SeekableChannelReader<String> reader = PersistentChannels.openReader(work.resolve(name), String.class)) {
            reader.seek(2500);
            int n = 0;
            while (reader.take() != null) {
                n++;
            }
            check(n == 2500, policy + ": read " + n + " tokens from the files");
        }
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    @SuppressWarnings({"removal", "deprecation"})
    private static String installSecurityManager() {
        try {
            System.setSecurityManager(new RecordingSecurityManager());
            return "on";
        } catch (UnsupportedOperationException | SecurityException e) {
            return "off (" + e.getMessage() + ")";
        }
    }

    private static final class RecordingProxySelector extends ProxySelector {
        @Override
        public List<Proxy> select(URI uri) {
            SEEN.add("proxy-selector " + uri);
            return List.of(Proxy.NO_PROXY);
        }

        @Override
        public void connectFailed(URI uri, SocketAddress address, IOException e) {
            SEEN.add("proxy-selector failed " + uri);
        }
    }

    @SuppressWarnings({"removal", "deprecation"})
    private static final class RecordingSecurityManager extends SecurityManager {
        @Override
        public void checkPermission(Permission perm) {
            // Everything else is allowed.
        }

        @Override
        public void checkPermission(Permission perm, Object context) {
            // Everything else is allowed.
        }

        @Override
        public void checkConnect(String host, int port) {
            SEEN.add("security-manager connect " + host + ":" + port);
            if (!isLoopback(host)) {
                throw new SecurityException("the no-phone-home probe refuses connections to " + host + ":" + port);
            }
        }

        @Override
        public void checkConnect(String host, int port, Object context) {
            checkConnect(host, port);
        }

        private static boolean isLoopback(String host) {
            return host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1") || host.equals("0:0:0:0:0:0:0:1");
        }
    }
}
