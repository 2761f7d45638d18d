package io.sluice.cli;

import io.sluice.monitor.LineageQuery;
import io.sluice.monitor.RunMonitor;
import io.sluice.provenance.ActorSummary;
import io.sluice.provenance.Lineage;
import io.sluice.provenance.ProvExport;
import io.sluice.provenance.ProvenanceException;
import io.sluice.provenance.ProvenanceStore;
import io.sluice.provenance.RunSummary;
import io.sluice.provenance.TokenRef;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Stack;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice prov runs|stats|firings|lineage|export}: the provenance a run recorded in its work
 * directory. Runs on the thread of {@link Main#run}; a store that cannot be read, or a question
 * about something that does not exist, prints {@code sluice: <message>} and exits
 * {@value Main#FAILED}.
 */
@Command(name = "prov",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Asks the provenance a run recorded in its work directory, e.g. sluice-work/mergesort.",
        subcommands = {ProvCommand.Runs.class, ProvCommand.Stats.class, ProvCommand.Firings.class, ProvCommand.LineageOf.class,
            ProvCommand.Export.class},
        footer = {"", "Exit codes: 0 success, 1 no such run, actor, channel or token, 2 bad arguments."})
final class ProvCommand implements Callable<Integer> {
    /** What is said of a store of a format without checksums, whose answers come from records no read could verify. */
    static String unchecked(RunSummary run) {
        return "provenance format " + run.format() + " has no checksums: damage to its files may go unnoticed";
    }

    /** Why a store may not be complete, as the user is told. */
    static final String INCOMPLETE = "the run is still going, its process was killed, or its provenance could not be "
            + "written to the end (a full disk, say)";

    @Spec
    CommandSpec spec;

    private Path currentDirectory = Path.of("");
    private boolean ownsProcess;

    ProvCommand currentDirectory(Path directory) {
        this.currentDirectory = Objects.requireNonNull(directory, "directory");
        return this;
    }

    /**
     * Whether SIGTERM and SIGINT stop {@code lineage --monitor} (run by {@link Main#main}); if
     * false (the default) it stops when its thread is interrupted.
     */
    ProvCommand ownsProcess(boolean owns) {
        this.ownsProcess = owns;
        return this;
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command; known: " + spec.subcommands().keySet());
    }

    /** Opens the store of a work directory given on the command line, resolved against the current directory. */
    static ProvenanceStore open(CommandSpec spec, Path given) {
        Path current = ((ProvCommand) spec.parent().userObject()).currentDirectory;
        return ProvenanceStore.open(current.resolve(given));
    }

    /**
     * As {@link #open(CommandSpec, Path)}, the run's channels being in {@code channels} (resolved
     * against the current directory) rather than in the work directory's, if not null.
     */
    static ProvenanceStore open(CommandSpec spec, Path given, Path channels) {
        Path current = ((ProvCommand) spec.parent().userObject()).currentDirectory;
        return channels == null ? open(spec, given) : ProvenanceStore.open(current.resolve(given), current.resolve(channels));
    }

    /** {@code sluice prov runs [DIR...]}: the recorded runs in work directories or under them. */
    @Command(name = "runs", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Lists the runs recorded in each DIR and just under it; exits with 1 if one cannot be read."})
    static final class Runs implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR", arity = "0..*", description = "Work directories, or directories of them (default: "
                + RunOptions.WORK_ROOT + ").")
        List<Path> directories = new ArrayList<>();

        @Override
        public Integer call() throws IOException {
            Path current = ((ProvCommand) spec.parent().userObject()).currentDirectory;
            List<Path> given = directories.isEmpty() ? List.of(Path.of(RunOptions.WORK_ROOT)) : directories;
            PrintWriter out = spec.commandLine().getOut();
            int found = 0;
            int unreadable = 0;
            for (Path dir : given) {
                for (Path work : workDirectories(current.resolve(dir))) {
                    try (ProvenanceStore store = ProvenanceStore.open(work)) {
                        out.println(line(current, store.run()));
                        found++;
                    } catch (ProvenanceException e) {
                        // Said, and the other runs listed all the same; the exit code tells a script.
                        Main.failed(spec, e.getMessage());
                        unreadable++;
                    }
                }
            }
            if (unreadable > 0) {
                return Main.FAILED;
            }
            if (found == 0) {
                return Main.failed(spec, "no recorded run in " + given);
            }
            return Main.OK;
        }

        private static List<Path> workDirectories(Path dir) throws IOException {
            if (Files.isDirectory(dir.resolve(RunOptions.PROVENANCE_DIRECTORY))) {
                return List.of(dir);
            }
            if (!Files.isDirectory(dir)) {
                return List.of();
            }
            try (Stream<Path> list = Files.list(dir)) {
                return list.filter(d -> Files.isDirectory(d.resolve(RunOptions.PROVENANCE_DIRECTORY))).sorted().toList();
            }
        }

        private static String line(Path current, RunSummary r) {
            String took = r.ended() == null ? "did not end" + (r.complete() ? "" : " (" + INCOMPLETE + ")")
                    : String.format(Locale.ROOT, "%.2f s", Duration.between(r.started(), r.ended()).toNanos() / 1e9);
            Path shown = r.workDirectory().startsWith(current.toAbsolutePath()) && current.toAbsolutePath().getNameCount() > 0
                    ? current.toAbsolutePath().relativize(r.workDirectory().toAbsolutePath()) : r.workDirectory();
            return shown + ": " + r.workflow() + ", " + r.director() + "-driven, " + r.channels() + " channels, " + r.status()
                    + ", started " + r.started() + ", " + took + " (run " + r.runId() + ")"
                    + (r.checksummed() ? "" : " (" + unchecked(r) + ")");
        }
    }

    /** {@code sluice prov stats WORK}: per actor, firings, tokens in and out, time. */
    @Command(name = "stats", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Per actor: firings, tokens consumed and produced, time spent in firings.")
    static final class Stats implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "WORK", description = "The run's work directory.")
        Path work;

        @Override
        public Integer call() {
            try (ProvenanceStore store = open(spec, work)) {
                PrintWriter out = spec.commandLine().getOut();
                out.printf(Locale.ROOT, "%-20s %14s %14s %14s %12s%n", "actor", "firings", "tokens in", "tokens out", "busy (s)");
                for (ActorSummary a : store.actorSummaries()) {
                    out.printf(Locale.ROOT, "%-20s %,14d %,14d %,14d %12.3f%n", a.actor(), a.firings(), a.tokensIn(), a.tokensOut(),
                            a.busy().toNanos() / 1e9);
                }
                if (!store.run().complete()) {
                    out.println("(the provenance is not complete: " + INCOMPLETE + "; its last firings may be missing)");
                }
                if (!store.run().checksummed()) {
                    out.println("(" + unchecked(store.run()) + ")");
                }
                return Main.OK;
            } catch (ProvenanceException e) {
                return Main.failed(spec, e.getMessage());
            }
        }
    }

    /** {@code sluice prov firings WORK --actor A}: an actor's firings. */
    @Command(name = "firings", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = "Prints an actor's firings: when each ran and the seqs it consumed and produced on each port; "
                    + "for a replicated actor, which copy took and put which of them.")
    static final class Firings implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "WORK", description = "The run's work directory.")
        Path work;

        @Option(names = "--actor", required = true, paramLabel = "NAME", description = "The actor.")
        String actor;

        @Option(names = "--from", paramLabel = "N", description = "The first firing to print (default: 0).")
        long from;

        @Option(names = "--count", paramLabel = "N", description = "Print at most N firings (default: 20).")
        long count = 20;

        @Override
        public Integer call() {
            if (from < 0 || count < 0) {
                throw new ParameterException(spec.commandLine(), "--from and --count must not be negative");
            }
            try (ProvenanceStore store = open(spec, work)) {
                long runStart = LineageText.epochNanos(store.run().started());
                PrintWriter out = spec.commandLine().getOut();
                store.firings(actor, from, count, f -> {
                    out.println(LineageText.firing(f, runStart));
                    store.copies(f).forEach(share -> out.println("  " + share));
                });
                if (!store.run().checksummed()) {
                    out.println("(" + unchecked(store.run()) + ")");
                }
                return Main.OK;
            } catch (ProvenanceException e) {
                return Main.failed(spec, e.getMessage());
            }
        }
    }

    /** The run, the token a lineage starts from, and how far it goes: shared by {@code lineage} and {@code export}. */
    static final class LineageOptions {
        @Parameters(index = "0", paramLabel = "WORK", description = "The run's work directory.")
        Path work;

        @Parameters(index = "1", arity = "0..1", paramLabel = "TOKEN", description = "The token as channel#seq, e.g. mergesort.out#41.")
        String token;

        @Option(names = "--line", paramLabel = "N", description = "Instead of TOKEN: line N (from 1) of result.txt.")
        Long line;

        @Option(names = "--sink", paramLabel = "ACTOR", description = "With --line: the actor that wrote result.txt (default: sink).")
        String sink = "sink";

        @Option(names = "--depth", paramLabel = "D", description = "How many levels of firings to follow (default: 3).")
        int depth = 3;

        @Option(names = "--forward", description = "What was derived from the token, instead of what it was derived from.")
        boolean forward;

        @Option(names = "--channel-dir", paramLabel = "DIR", description = "Where the run's persistent channels are, for the "
                + "tokens' values (default: WORK/channels; with --part, also where else to look, e.g. a space's directory).")
        Path channelDirectory;

        @Option(names = "--part", paramLabel = "WORK", description = "The work directory of another part of a run split with "
                + "'sluice run --actors' (repeatable): the lineage follows tokens across the parts.")
        List<Path> parts = new ArrayList<>();

        /** The store of the run, or of the parts of a split run. */
        ProvenanceStore open(CommandSpec spec) {
            if (parts.isEmpty()) {
                return ProvCommand.open(spec, work, channelDirectory);
            }
            Path current = ((ProvCommand) spec.parent().userObject()).currentDirectory;
            List<Path> works = new ArrayList<>();
            works.add(current.resolve(work));
            parts.forEach(p -> works.add(current.resolve(p)));
            return ProvenanceStore.openParts(works, channelDirectory == null ? List.of() : List.of(current.resolve(channelDirectory)));
        }

        boolean given() {
            return token != null || line != null;
        }

        /**
         * The lineage asked for.
         *
         * @throws ParameterException if the options do not name one token
         */
        Lineage lineage(CommandSpec spec, ProvenanceStore store) {
            if ((token == null) == (line == null)) {
                throw new ParameterException(spec.commandLine(), "give either a TOKEN (channel#seq) or --line N");
            }
            if (depth < 1) {
                throw new ParameterException(spec.commandLine(), "--depth must be at least 1");
            }
            TokenRef asked;
            try {
                asked = token != null ? TokenRef.parse(token) : LineageText.resultLine(store, sink, line);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage(), e);
            }
            return store.lineage(asked, forward ? Lineage.Direction.FORWARD : Lineage.Direction.BACKWARD, depth);
        }
    }

    /**
     * {@code sluice prov lineage WORK (TOKEN | --line N) [--monitor [PORT]]}: where a token came
     * from, or what came of it. With {@code --monitor}, it then serves the monitor's page on
     * loopback with that lineage drawn, and the run's other lineages to ask for
     * ({@link StoreLineageSource}), until SIGTERM or SIGINT when it owns its process
     * ({@link ProvCommand#ownsProcess}), else until its thread is interrupted; then it closes the
     * monitor and the store and exits {@value Main#OK}. A port that cannot be bound prints
     * {@code sluice: cannot serve: --monitor: ...} and exits {@value Main#FAILED}, before printing
     * the lineage.
     */
    @Command(name = "lineage", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Prints what a token was derived from (with --forward, what was derived from it).",
                "With --monitor, then serves it as a graph on a page on loopback until SIGTERM or SIGINT."})
    static final class LineageOf implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        LineageOptions which;

        @Option(names = "--monitor", paramLabel = "PORT", arity = "0..1", parameterConsumer = OptionalPort.class,
                description = "Then serve the lineage as a graph, and the run's other lineages, on a page on loopback at PORT "
                        + "(default: any free port) until SIGTERM or SIGINT; its address goes to stderr.")
        Integer monitor;

        @Override
        public Integer call() {
            if (monitor != null && (monitor < 0 || monitor > 65535)) {
                throw new ParameterException(spec.commandLine(), "--monitor: " + monitor + " is not a port between 0 and 65535");
            }
            if (monitor != null && which.depth > LineageQuery.MAX_DEPTH) {
                throw new ParameterException(spec.commandLine(), "--depth: the monitor draws lineages to depth "
                        + LineageQuery.MAX_DEPTH + " at most, not " + which.depth);
            }
            try (ProvenanceStore store = which.open(spec)) {
                Lineage lineage = which.lineage(spec, store);
                if (monitor == null) {
                    new LineageText(store, spec.commandLine().getOut()).print(lineage);
                    return Main.OK;
                }
                return serve(store, lineage);
            } catch (ProvenanceException e) {
                return Main.failed(spec, e.getMessage());
            }
        }

        /**
         * Prints the lineage, then serves it on the monitor's page until told to stop. The text is
         * made before the monitor starts, as the store is used by one thread at a time and the
         * monitor's lineage thread may use it from then on; it is printed once the monitor has
         * started, so that a port in use fails with nothing printed.
         */
        private int serve(ProvenanceStore store, Lineage lineage) {
            StringWriter text = new StringWriter();
            try {
                new LineageText(store, new PrintWriter(text)).print(lineage);
            } catch (RuntimeException e) {
                spec.commandLine().getOut().print(text); // what was made before the failure, as without --monitor
                throw e;
            }
            RunMonitor page;
            try {
                page = RunMonitor.builder().port(monitor).lineage(new StoreLineageSource(store)).start();
            } catch (IOException e) {
                return Main.failed(spec, "cannot serve: --monitor: " + e.getMessage());
            }
            boolean owns = ((ProvCommand) spec.parent().userObject()).ownsProcess;
            try (page; StopSignal stop = owns ? StopSignal.onSignals("prov lineage", page::close) : new StopSignal()) {
                spec.commandLine().getOut().print(text);
                spec.commandLine().getOut().flush();
                LineageQuery query = new LineageQuery(lineage.token().channel(), lineage.token().seq(),
                        lineage.direction() == Lineage.Direction.BACKWARD ? LineageQuery.Direction.BACKWARD
                                : LineageQuery.Direction.FORWARD, lineage.depth());
                PrintWriter err = spec.commandLine().getErr();
                err.println("sluice: monitor at " + page.uri(query));
                err.flush();
                stop.await();
            }
            return Main.OK;
        }
    }

    /**
     * The value of {@code --monitor [PORT]}: the next argument if it is a number, else 0 (any free
     * port), so that a token after the option ({@code --monitor filter.out#3}) is not taken for a port.
     */
    static final class OptionalPort implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec option, CommandSpec command) {
            int port = 0;
            if (!args.isEmpty() && args.peek().matches("[0-9]+")) {
                String given = args.pop();
                try {
                    port = Integer.parseInt(given);
                } catch (NumberFormatException e) {
                    throw new ParameterException(command.commandLine(), "--monitor: " + given + " is not a port between 0 and 65535");
                }
            }
            option.setValue(port);
        }
    }

    /** {@code sluice prov export WORK [TOKEN | --line N] --format F}: W3C PROV or DOT. */
    @Command(name = "export", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
            description = {"Writes the run's provenance, or a token's lineage, as W3C PROV or a Graphviz DOT graph."})
    static final class Export implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        LineageOptions which;

        @Option(names = "--format", paramLabel = "FORMAT", description = "prov-json (default), prov-n or dot.")
        String format = "prov-json";

        @Option(names = {"--output", "-o"}, paramLabel = "FILE", description = "Write to FILE instead of the standard output.")
        Path output;

        @Override
        public Integer call() {
            if (!List.of("prov-json", "prov-n", "dot").contains(format)) {
                throw new ParameterException(spec.commandLine(), "--format: expected prov-json, prov-n or dot, got '" + format + "'");
            }
            if (format.equals("dot") && !which.given()) {
                throw new ParameterException(spec.commandLine(), "--format dot draws a lineage: give a TOKEN (channel#seq) or --line N");
            }
            try (ProvenanceStore store = which.open(spec)) {
                ProvExport export = which.given() ? ProvExport.ofLineage(store, which.lineage(spec, store)) : ProvExport.ofRun(store);
                Path current = ((ProvCommand) spec.parent().userObject()).currentDirectory;
                try (Writer out = output == null ? new NonClosing(spec.commandLine().getOut())
                        : Files.newBufferedWriter(current.resolve(output), StandardCharsets.UTF_8)) {
                    switch (format) {
                        case "prov-n" -> export.provN(out);
                        case "dot" -> export.dot(out);
                        default -> export.provJson(out);
                    }
                }
                return Main.OK;
            } catch (ProvenanceException e) {
                return Main.failed(spec, e.getMessage());
            } catch (IOException | UncheckedIOException e) {
                return Main.failed(spec, "cannot write " + (output == null ? "the export" : output) + ": " + e);
            }
        }
    }

    /** The standard output, which an export must not close. */
    private static final class NonClosing extends FilterWriter {
        NonClosing(Writer out) {
            super(out);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
