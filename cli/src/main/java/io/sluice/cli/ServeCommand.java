package io.sluice.cli;

import io.sluice.channel.ChannelException;
import io.sluice.remote.SpaceServer;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import io.sluice.events.EventChannels;
import io.sluice.events.EventService;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code sluice serve --dir DIR}: serves the space in {@code DIR} to remote clients
 * ({@link SpaceServer}) until it is told to stop, then closes the server (every token it
 * acknowledged is in the channels' files) and exits {@value Main#OK}.
 *
 * <p><b>Stopping.</b> Run by {@link Main#main}, the command owns its process: SIGTERM and SIGINT
 * wake the command's thread, which closes the server and returns, so the process exits with 0; a
 * shutdown hook closes the server, and waits until it is closed, on any other way the JVM shuts
 * down (SIGHUP, or where those signals cannot be handled, as under {@code -Xrs}). Run by
 * {@link Main#run} (tests, a host program), it installs neither and serves until its thread is
 * interrupted. Either way the signal handlers and the hook are removed again before it returns.
 *
 * <p>A server that cannot start (a port in use, a directory that cannot be made) prints
 * {@code sluice: <message>} naming the address, port or directory and exits
 * {@value Main#FAILED}; an unreadable token file is a usage error ({@value Main#USAGE}).
 */
@Command(name = "serve",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {"Serves a directory's channels to remote clients until SIGTERM or SIGINT.",
            "Prints the space's address, sluice://host:port, on one line."},
        footer = {"", "Exit codes: 0 stopped, 1 cannot serve (e.g. the port is in use), 2 bad arguments."})
final class ServeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR", required = true,
            description = "The space's directory, one channel directory per name (made if missing).")
    Path directory;

    @Option(names = "--bind", paramLabel = "ADDR",
            description = "The address to listen on (default: the loopback address; 0.0.0.0: every interface).")
    String bind;

    @Option(names = "--port", paramLabel = "P", description = "The port (default 0: a free one, as printed).")
    int port;

    @Option(names = "--token-file", paramLabel = "F", description = "A file whose content (trimmed) every client must present.")
    Path tokenFile;

    @Option(names = "--tls", arity = "2", paramLabel = "PEM",
            description = "Serve over TLS only: the certificate chain and the private key (PKCS#8), as PEM files.")
    List<Path> tls;

    @Option(names = "--events", description = "Also host event channels (transient unless --events-dir is given).")
    boolean events;

    @Option(names = "--events-dir", paramLabel = "DIR",
            description = "Host event channels, persistent under DIR (which must not be inside --dir).")
    Path eventsDirectory;

    @Option(names = "--lease-ms", paramLabel = "MS", defaultValue = "10000",
            description = "The lease of event-channel clients, in milliseconds (default ${DEFAULT-VALUE}).")
    long leaseMillis;

    private final Path currentDirectory;
    private final boolean ownsProcess;

    /**
     * @param currentDirectory what relative paths are resolved against
     * @param ownsProcess true if SIGTERM and SIGINT stop the command (run by {@link Main#main});
     *     false if it stops when its thread is interrupted
     */
    ServeCommand(Path currentDirectory, boolean ownsProcess) {
        this.currentDirectory = Objects.requireNonNull(currentDirectory, "currentDirectory");
        this.ownsProcess = ownsProcess;
    }

    @Override
    public Integer call() {
        String token = TokenFile.read(spec, currentDirectory, tokenFile);
        if (port < 0 || port > 65535) {
            throw new ParameterException(spec.commandLine(), "--port: " + port + " is not between 0 and 65535");
        }
        SpaceServer.Builder builder = SpaceServer.builder(currentDirectory.resolve(directory)).bind(address()).port(port);
        if (token != null) {
            builder.token(token);
        }
        if (tls != null) {
            for (Path p : tls) {
                if (!Files.isReadable(currentDirectory.resolve(p))) {
                    throw new ParameterException(spec.commandLine(), "--tls: cannot read " + currentDirectory.resolve(p));
                }
            }
            builder.tls(currentDirectory.resolve(tls.get(0)), currentDirectory.resolve(tls.get(1)));
        }
        if (events || eventsDirectory != null) {
            if (leaseMillis < 10) {
                throw new ParameterException(spec.commandLine(), "--lease-ms: " + leaseMillis + " is less than 10");
            }
            EventChannels.Builder space = EventChannels.builder();
            if (eventsDirectory != null) {
                Path d = currentDirectory.resolve(eventsDirectory).toAbsolutePath().normalize();
                if (d.startsWith(currentDirectory.resolve(directory).toAbsolutePath().normalize())) {
                    throw new ParameterException(spec.commandLine(), "--events-dir: " + d + " is inside --dir " + directory
                            + ", whose subdirectories are channels");
                }
                space.directory(d);
            }
            builder.service(EventService.create(space, Duration.ofMillis(leaseMillis)));
        }
        SpaceServer server;
        try {
            server = builder.start();
        } catch (IOException | UncheckedIOException | ChannelException e) {
            return Main.failed(spec, e.getMessage());
        }
        try (StopSignal stop = ownsProcess ? StopSignal.onSignals("serve", server::close) : new StopSignal()) {
            PrintWriter out = spec.commandLine().getOut();
            out.println(server.uri());
            out.flush();
            stop.await();
        } finally {
            server.close();
        }
        return Main.OK;
    }

    private InetAddress address() {
        if (bind == null) {
            return InetAddress.getLoopbackAddress();
        }
        try {
            return InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw new ParameterException(spec.commandLine(), "--bind: unknown host " + bind);
        }
    }
}
