package io.sluice.cli;

import io.sluice.channel.ChannelException;
import io.sluice.events.ChannelInfo;
import io.sluice.events.EventChannels;
import io.sluice.remote.RemoteChannels;
import io.sluice.remote.RemoteSpace;
import io.sluice.remote.SpaceException;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice space ls|rm|formats URI ...}: the name service and the registry of formats of a space that {@code sluice serve} (a
 * {@link io.sluice.remote.SpaceServer}) serves. Runs on the thread of {@link Main#run} and closes
 * its connection before it returns; a space that cannot be reached, or refuses the client or the
 * request, prints {@code sluice: <message>} naming the space and exits {@value Main#FAILED}.
 */
@Command(name = "space",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Lists and removes the channels of a space that 'sluice serve' serves, and lists its record formats.",
        subcommands = {SpaceCommand.Ls.class, SpaceCommand.Rm.class, SpaceCommand.Formats.class},
        footer = {"", "Exit codes: 0 success, 1 the space cannot be reached or refuses the request, 2 bad arguments."})
final class SpaceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    private Path currentDirectory = Path.of("");

    SpaceCommand currentDirectory(Path directory) {
        this.currentDirectory = Objects.requireNonNull(directory, "directory");
        return this;
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command; known: " + spec.subcommands().keySet());
    }

    /** How a subcommand reaches the space: its token and the certificates to trust, if any. */
    static final class Access {
        @Option(names = "--token-file", paramLabel = "F", description = "A file that holds the space's token.")
        Path tokenFile;

        @Option(names = "--tls-trust", paramLabel = "PEM", description = "Connect over TLS, trusting the certificates in this PEM file.")
        Path tlsTrust;
    }

    /**
     * Connects to the space at {@code address} with the token and the trusted certificates of
     * {@code access}, if given.
     *
     * @throws ParameterException if the address is not {@code sluice://host:port}, or the token
     *     file cannot be read
     * @throws IOException naming the space if it cannot be reached or refuses the client
     */
    static RemoteSpace connect(CommandSpec spec, String address, Access access) throws IOException {
        Path current = ((SpaceCommand) spec.parent().userObject()).currentDirectory;
        return connect(spec, current, address, "--token-file", access.tokenFile, "--tls-trust", access.tlsTrust);
    }

    /**
     * Connects to the space at {@code address} with the token in {@code tokenFile} and over TLS
     * trusting {@code tlsTrust}, if given (null otherwise), both resolved against {@code current};
     * messages name the options as {@code tokenOption} and {@code trustOption}.
     *
     * @throws ParameterException if the address is not {@code sluice://host:port}, or a file
     *     cannot be read
     * @throws IOException naming the space if it cannot be reached or refuses the client
     */
    static RemoteSpace connect(CommandSpec spec, Path current, String address, String tokenOption, Path tokenFile,
            String trustOption, Path tlsTrust) throws IOException {
        String token = TokenFile.read(spec, tokenOption, current, tokenFile);
        RemoteChannels.Options options = RemoteChannels.options();
        if (token != null) {
            options.token(token);
        }
        if (tlsTrust != null) {
            if (!java.nio.file.Files.isReadable(current.resolve(tlsTrust))) {
                throw new ParameterException(spec.commandLine(), trustOption + ": cannot read " + current.resolve(tlsTrust));
            }
            options.tls(current.resolve(tlsTrust));
        }
        return RemoteChannels.connect(address(spec, address), options);
    }

    /**
     * The space's address.
     *
     * @throws ParameterException if it is not {@code sluice://host:port}
     */
    static URI address(CommandSpec spec, String address) {
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            uri = null;
        }
        if (uri == null || !"sluice".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0) {
            throw new ParameterException(spec.commandLine(), "'" + address + "' is not a space's address: use sluice://host:port");
        }
        return uri;
    }

    /**
     * {@code sluice space ls URI [REGEX]}: the channels' names, one per line; with {@code --events}
     * the space's event channels, each with its publishers and subscribers.
     */
    @Command(name = "ls", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Prints the names of the space's channels that match REGEX in full, sorted, one per line.",
                "With --events, the event channels it hosts ('sluice serve --events'), each on a line",
                "(name, format, durability, events published), then a line per publisher (its format)",
                "and per subscriber (its name), indented."})
    static final class Ls implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "URI", description = "The space, sluice://host:port.")
        String uri;

        @Parameters(index = "1", arity = "0..1", paramLabel = "REGEX", defaultValue = ".*",
                description = "A Java regular expression (default: every name).")
        String regex;

        @Mixin
        Access access;

        @Option(names = {"-e", "--events"}, description = "List the event channels, with their publishers and subscribers.")
        boolean events;

        @Override
        public Integer call() {
            Pattern pattern;
            try {
                pattern = Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new ParameterException(spec.commandLine(), "REGEX: '" + regex + "' is not a regular expression: "
                        + e.getDescription());
            }
            if (events) {
                return events(pattern);
            }
            try (RemoteSpace space = connect(spec, uri, access)) {
                List<String> names = space.names(regex);
                PrintWriter out = spec.commandLine().getOut();
                names.forEach(out::println);
                return Main.OK;
            } catch (IOException | SpaceException | ChannelException e) {
                return Main.failed(spec, e.getMessage());
            }
        }

        private int events(Pattern names) {
            RemoteSpace space;
            try {
                space = connect(spec, uri, access);
            } catch (IOException | SpaceException e) {
                return Main.failed(spec, e.getMessage());
            }
            try (EventChannels channels = EventChannels.connect(space)) {
                PrintWriter out = spec.commandLine().getOut();
                for (ChannelInfo c : channels.channels(names)) {
                    out.println(c.name() + "\t" + c.format() + "\t" + c.durability().name().toLowerCase(java.util.Locale.ROOT)
                            + "\t" + c.published() + " published");
                    c.publishers().forEach(f -> out.println("  publisher\t" + f));
                    c.subscriptions().forEach(n -> out.println("  subscriber\t" + n));
                }
                return Main.OK;
            } catch (SpaceException | ChannelException | IllegalArgumentException e) {
                return Main.failed(spec, e.getMessage());
            }
        }
    }

    /** {@code sluice space rm URI NAME}: unlinks a channel. */
    @Command(name = "rm", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Removes the channel NAME and its tokens from the space (refused while it is being written).")
    static final class Rm implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "URI", description = "The space, sluice://host:port.")
        String uri;

        @Parameters(index = "1", paramLabel = "NAME", description = "The channel's name.")
        String name;

        @Mixin
        Access access;

        @Override
        public Integer call() {
            try (RemoteSpace space = connect(spec, uri, access)) {
                space.unlink(name);
                return Main.OK;
            } catch (IOException | SpaceException | ChannelException e) {
                return Main.failed(spec, e.getMessage());
            }
        }
    }

    /**
     * {@code sluice space formats URI [REGEX]}: the space's registry of formats, a line per
     * format, {@code KEY format NAME@FINGERPRINT: field type, ...}, as {@code sluice channel info}
     * shows a channel's; a description that is not a record format (another codec's) prints its
     * key and size.
     */
    @Command(name = "formats", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Prints the space's registry of formats whose keys match REGEX in full, sorted: a line per format,",
                "its key, its name and fingerprint, and its fields. Writers of record channels send each format once;",
                "readers of another version look them up here."})
    static final class Formats implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "URI", description = "The space, sluice://host:port.")
        String uri;

        @Parameters(index = "1", arity = "0..1", paramLabel = "REGEX", defaultValue = ".*",
                description = "A Java regular expression over the keys (default: every key).")
        String regex;

        @Mixin
        Access access;

        @Override
        public Integer call() {
            try {
                Pattern.compile(regex);
            } catch (PatternSyntaxException e) {
                throw new ParameterException(spec.commandLine(), "REGEX: '" + regex + "' is not a regular expression: "
                        + e.getDescription());
            }
            try (RemoteSpace space = connect(spec, uri, access)) {
                PrintWriter out = spec.commandLine().getOut();
                for (String key : space.formats(regex)) {
                    byte[] description = space.format(key).orElse(null);
                    out.println(key + " " + describe(key, description));
                }
                return Main.OK;
            } catch (IOException | SpaceException | ChannelException e) {
                return Main.failed(spec, e.getMessage());
            }
        }

        private static String describe(String key, byte[] description) {
            if (description == null) {
                return "(removed meanwhile)";
            }
            if (key.endsWith(".avsc")) {
                try {
                    io.sluice.records.RecordFormat format = io.sluice.records.RecordFormat.parse(
                            new String(description, java.nio.charset.StandardCharsets.UTF_8));
                    return "format " + format + ": " + format.fields().stream().map(f -> f.name() + " " + f.type())
                            .collect(java.util.stream.Collectors.joining(", "));
                } catch (RuntimeException e) {
                    return "(" + description.length + " bytes that are not a record format: " + e.getMessage() + ")";
                }
            }
            return "(" + description.length + " bytes)";
        }
    }
}
