package io.sluice.cli;

import io.sluice.channel.ChannelException;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.ChannelDescription;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.channel.local.Retention;
import io.sluice.records.RecordChannels;
import io.sluice.records.RecordCodecs;
import io.sluice.records.RecordFormat;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice channel info|read|retain DIR}: looks into a persistent channel from outside the run
 * that writes it, also while it is being written or after its writer was killed, and removes its
 * old tokens when asked to. Runs on the thread of
 * {@link Main#run}; a channel that cannot be read prints {@code sluice: <message>} (naming the
 * channel and file) and exits {@value Main#FAILED}.
 */
@Command(name = "channel",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Looks into a persistent channel, e.g. sluice-work/mergesort/channels/source.out.",
        subcommands = {ChannelCommand.Info.class, ChannelCommand.Read.class, ChannelCommand.Retain.class},
        footer = {"", "Exit codes: 0 success, 1 the channel cannot be read, 2 bad arguments."})
final class ChannelCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command; known: " + spec.subcommands().keySet());
    }

    /** A channel directory argument, resolved against the current directory of {@link Main#run}. */
    static Path directory(CommandSpec spec, Path given) {
        Path current = ((ChannelCommand) spec.parent().userObject()).currentDirectory;
        Path dir = current.resolve(given);
        if (!Files.isDirectory(dir)) {
            throw new ParameterException(spec.commandLine(), "no channel directory " + given);
        }
        return dir;
    }

    private Path currentDirectory = Path.of("");

    ChannelCommand currentDirectory(Path directory) {
        this.currentDirectory = Objects.requireNonNull(directory, "directory");
        return this;
    }

    /** {@code sluice channel info DIR}: one line about the channel, and a line per format of a channel of records. */
    @Command(name = "info", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Prints the channel's token type, codec, how many tokens it holds and whether its stream ended.",
                "For a channel of records, also a line per format it stores: its name and fingerprint, and its fields."})
    static final class Info implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR", description = "The channel's directory.")
        Path directory;

        @Option(names = "--count-records",
                description = "For a channel of records, count the records of each format (reads every record's format id).")
        boolean countRecords;

        @Override
        public Integer call() {
            Path dir = directory(spec, directory);
            try {
                ChannelDescription d = PersistentChannels.describe(dir);
                String state = d.ended() ? "ended" : d.writerAlive() ? "being written" : "cut off (no end marker, no writer)";
                spec.commandLine().getOut().println(d.channel() + ": " + d.tokens() + " tokens of " + d.type() + " (codec "
                        + d.codec() + "), " + state + (d.firstKeptSeq() > 0
                                ? "; tokens before " + d.firstKeptSeq() + " removed by a retention step" : ""));
                if (RecordCodecs.ID.equals(d.codec())) {
                    printFormats(dir);
                }
                return Main.OK;
            } catch (ChannelException e) {
                return Main.failed(spec, e.getMessage());
            }
        }

        /** A line per stored format: {@code format NAME@FINGERPRINT [(N records)]: field type, ...}. */
        private void printFormats(Path dir) {
            Map<Long, Long> counts = countRecords ? RecordChannels.countByFormat(dir) : Map.of();
            for (RecordFormat format : RecordChannels.formats(dir)) {
                String fields = format.fields().stream().map(f -> f.name() + " " + f.type()).collect(Collectors.joining(", "));
                long n = counts.getOrDefault(format.fingerprint(), 0L);
                spec.commandLine().getOut().println("  format " + format + (countRecords
                        ? " (" + n + (n == 1 ? " record)" : " records)") : "") + ": " + fields);
            }
        }
    }

    /** {@code sluice channel read DIR}: the tokens, one per line; records as JSON. */
    @Command(name = "read", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Prints the channel's tokens, one per line (toString), from a seq on.",
                "Records print as one line of JSON each, under the format they were written in."})
    static final class Read implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR", description = "The channel's directory.")
        Path directory;

        @Option(names = "--from", paramLabel = "SEQ",
                description = "The seq of the first token to print (default: the first one the channel holds).")
        Long from;

        @Option(names = "--count", paramLabel = "N", description = "Print at most N tokens (default: all).")
        Long count;

        @Option(names = "--follow", description = "While the channel is being written, wait for more tokens until its stream ends.")
        boolean follow;

        @Override
        public Integer call() throws InterruptedException {
            if ((from != null && from < 0) || (count != null && count < 0)) {
                throw new ParameterException(spec.commandLine(), "--from and --count must not be negative");
            }
            Path dir = directory(spec, directory);
            PrintWriter out = spec.commandLine().getOut();
            try (SeekableChannelReader<?> reader = PersistentChannels.openReader(dir)) {
                if (from != null) {
                    reader.seek(from);
                }
                long left = count == null ? Long.MAX_VALUE : count;
                while (left-- > 0) {
                    // Without --follow, isReady is false only while a live writer has not written the next token yet;
                    // once no writer is alive, it also makes sure the stream does not stop short of damaged files.
                    Object token = follow ? reader.take() : reader.isReady() ? reader.poll() : null;
                    if (token == null) {
                        break;
                    }
                    out.println(token);
                }
                return Main.OK;
            } catch (ChannelException e) {
                return Main.failed(spec, e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--from: " + e.getMessage());
            }
        }
    }

    /** {@code sluice channel retain DIR --from SEQ}: the explicit retention step. */
    @Command(name = "retain", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Removes the channel's files whose tokens all come before SEQ (whole files only)."})
    static final class Retain implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR", description = "The channel's directory.")
        Path directory;

        @Option(names = "--from", paramLabel = "SEQ", required = true, description = "The seq of the first token to keep.")
        long from;

        @Override
        public Integer call() {
            if (from < 0) {
                throw new ParameterException(spec.commandLine(), "--from must not be negative");
            }
            Path dir = directory(spec, directory);
            try {
                Retention r = PersistentChannels.retainFrom(dir, from);
                spec.commandLine().getOut().printf(Locale.ROOT, "%s: removed %d queue files (%,d bytes); it holds its tokens from %d on%n",
                        dir.getFileName(), r.filesRemoved(), r.bytesRemoved(), r.firstKeptSeq());
                return Main.OK;
            } catch (ChannelException e) {
                return Main.failed(spec, e.getMessage());
            }
        }
    }
}
