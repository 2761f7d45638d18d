package io.sluice.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.CharBuffer;
import java.nio.file.Path;
import java.util.Objects;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code sluice} command line: {@code sluice run <workflow> ...}, {@code sluice channel ...},
 * {@code sluice prov ...}, {@code sluice serve ...}, {@code sluice space ...}, {@code sluice transfer ...}, {@code sluice --help},
 * {@code sluice --version}.
 *
 * <p><b>Exit codes.</b> {@value #OK} when the command did what was asked; {@value #FAILED} when a
 * run failed or a workflow definition is invalid (one line on stderr, {@code sluice: run failed:}
 * or {@code sluice: invalid workflow:}, naming the actor, channel or {@code file:line}), and when
 * something unexpected was thrown (its stack trace on stderr); {@value #USAGE} for bad arguments
 * (a message and a hint on stderr).
 *
 * <p><b>Threading.</b> {@link #run} executes the command on the calling thread and returns when
 * it is done; a workflow run's own threads have all ended by then. It keeps no state between
 * calls, so tests may call it many times in one JVM. Only {@link #main} calls
 * {@link System#exit}. {@code sluice serve} and {@code sluice prov lineage ... --monitor} serve
 * until they are stopped: run by {@link #main}, by SIGTERM or SIGINT; run by {@link #run}, by an
 * interrupt of the calling thread.
 */
public final class Main {
    /** Exit code: success. */
    public static final int OK = 0;
    /** Exit code: the run failed, the workflow definition is invalid, or an unexpected error. */
    public static final int FAILED = 1;
    /** Exit code: bad arguments. */
    public static final int USAGE = 2;

    private Main() {}

    /** Runs the command and exits the JVM with its exit code. */
    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err, Path.of(""), true));
    }

    /**
     * Runs the command with relative paths (the default work directory, {@code --work},
     * {@code --input}, a workflow file) resolved against the JVM's current directory.
     *
     * @param out where the summary, help and version go; flushed, not closed
     * @param err where error messages go; flushed, not closed
     * @return the exit code; never calls {@link System#exit}
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, Path.of(""));
    }

    /**
     * As {@link #run(String[], PrintStream, PrintStream)}, with relative paths resolved against
     * {@code currentDirectory}; for tests, which cannot change the JVM's current directory.
     */
    static int run(String[] args, PrintStream out, PrintStream err, Path currentDirectory) {
        return run(args, out, err, currentDirectory, false);
    }

    /** @param ownsProcess true if the command may handle the process's signals ({@code serve}, {@code prov lineage --monitor}) */
    private static int run(String[] args, PrintStream out, PrintStream err, Path currentDirectory, boolean ownsProcess) {
        Objects.requireNonNull(args, "args");
        PrintWriter outWriter = writer(out);
        PrintWriter errWriter = writer(err);
        try {
            return commandLine(currentDirectory, outWriter, errWriter, ownsProcess).execute(args);
        } finally {
            outWriter.flush();
            errWriter.flush();
        }
    }

    /**
     * A writer that prints through {@code stream}, so that text is encoded as the stream encodes
     * it (a {@code PrintWriter} on the stream itself would use the default charset instead).
     */
    private static PrintWriter writer(PrintStream stream) {
        Objects.requireNonNull(stream, "stream");
        return new PrintWriter(new Writer() {
            @Override
            public void write(char[] chars, int offset, int length) {
                stream.append(CharBuffer.wrap(chars, offset, length));
            }

            @Override
            public void flush() {
                stream.flush();
            }

            @Override
            public void close() {
                stream.flush();
            }
        }, true);
    }

    /** A new command line; each call gets fresh command objects, so no option value leaks between runs. */
    static CommandLine commandLine(Path currentDirectory, PrintWriter out, PrintWriter err, boolean ownsProcess) {
        CommandLine commandLine = new CommandLine(new SluiceCommand());
        commandLine.addSubcommand(new RunCommand(currentDirectory, ownsProcess));
        commandLine.addSubcommand(new ConvertCommand(currentDirectory));
        commandLine.addSubcommand(new ActorsCommand());
        commandLine.addSubcommand(new ChannelCommand().currentDirectory(currentDirectory));
        commandLine.addSubcommand(new ProvCommand().currentDirectory(currentDirectory).ownsProcess(ownsProcess));
        commandLine.addSubcommand(new ServeCommand(currentDirectory, ownsProcess));
        commandLine.addSubcommand(new SpaceCommand().currentDirectory(currentDirectory));
        commandLine.addSubcommand(new TransferCommand(currentDirectory));
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setParameterExceptionHandler(Main::usageError);
        commandLine.setExecutionExceptionHandler(Main::unexpectedError);
        return commandLine;
    }

    /**
     * A command that could not do what was asked: prints {@code sluice: <message>}, on one line
     * (a message of several, such as a library's dump of bytes, is cut at its first line break),
     * and returns {@link #FAILED}.
     */
    static int failed(CommandSpec spec, String message) {
        int end = message.indexOf('\n');
        spec.commandLine().getErr().println("sluice: " + (end < 0 ? message : message.substring(0, end).stripTrailing() + " ..."));
        return FAILED;
    }

    /** Bad arguments: the message, suggestions for a mistyped option, and where to find help. */
    private static int usageError(ParameterException e, String[] args) {
        CommandLine command = e.getCommandLine();
        PrintWriter err = command.getErr();
        err.println("sluice: " + e.getMessage());
        UnmatchedArgumentException.printSuggestions(e, err);
        err.println("Try '" + command.getCommandSpec().qualifiedName() + " --help' for more information.");
        return USAGE;
    }

    /** A bug or an environment problem nobody foresaw: the full stack trace helps most. */
    private static int unexpectedError(Exception e, CommandLine command, ParseResult parseResult) {
        PrintWriter err = command.getErr();
        err.println("sluice: unexpected error:");
        e.printStackTrace(err);
        return FAILED;
    }
}
