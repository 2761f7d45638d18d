package io.sluice.cli;

import io.sluice.channel.ChannelException;
import io.sluice.durable.WorkDirectoryInUseException;
import io.sluice.monitor.RunMonitor;
import io.sluice.provenance.ProvenanceException;
import io.sluice.remote.SpaceException;
import io.sluice.run.Director;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunListener;
import io.sluice.run.RunResult;
import io.sluice.samples.SampleWorkflows;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice run <workflow> [options]}: runs a sample or JSON workflow to its end and prints
 * one summary line ({@link RunSummary}) to stdout.
 *
 * <p>Runs on the thread of {@link Main#run}, which waits here while the director's threads run
 * the workflow; they have all ended when {@link #call} returns. A failed run prints
 * {@code sluice: run failed: <message>} and an invalid JSON definition
 * {@code sluice: invalid workflow: <file:line: message>} to stderr, and one whose actors would
 * write outside the work directory {@code sluice: run refused: <message>}, all exit code
 * {@value Main#FAILED}; bad arguments are picocli parameter errors, exit code
 * {@value Main#USAGE}. Data the run wrote before failing stays in the work directory.
 */
@Command(name = "run",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        description = "Runs a workflow to its end and prints one summary line.",
        footer = {"", "Exit codes: 0 success, 1 run failed or invalid workflow, 2 bad arguments."})
final class RunCommand implements Callable<Integer> {
    private final Path currentDirectory;
    private final boolean ownsTerminal;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<workflow>",
            description = "A sample workflow (filter, passthrough, mergesort, insertion-sort), a .json workflow file or a"
                    + " MoML model (.xml, from Ptolemy II or Kepler).")
    String workflow;

    @ArgGroup(validate = false, heading = "%nSample workflows only:%n", order = 1)
    SampleOptions sampleOptions;

    @ArgGroup(validate = false, heading = "%nRun options:%n", order = 2)
    RunOptions runOptions;

    @ArgGroup(validate = false, heading = "%nSpaces and split runs:%n", order = 3)
    SpaceOptions spaceOptions;

    /**
     * @param currentDirectory what relative paths on the command line are resolved against
     * @param ownsTerminal whether the command's output is the process's standard output, where
     *     {@code --progress auto} draws its line if that is a terminal
     */
    RunCommand(Path currentDirectory, boolean ownsTerminal) {
        this.currentDirectory = Objects.requireNonNull(currentDirectory, "currentDirectory");
        this.ownsTerminal = ownsTerminal;
    }

    @Override
    public Integer call() throws InterruptedException {
        // picocli leaves a group null when none of its options was given.
        SampleOptions samples = sampleOptions != null ? sampleOptions : new SampleOptions();
        RunOptions options = runOptions != null ? runOptions : new RunOptions();
        SpaceOptions spaces = spaceOptions != null ? spaceOptions : new SpaceOptions();
        Director director;
        Workflow loaded;
        try {
            WorkflowLoader.Loaded load = WorkflowLoader.loadWithDirector(workflow, samples, currentDirectory);
            loaded = load.workflow();
            director = load.director() == null ? options.director() : options.director(load.director());
            spaces.check(loaded, options.resume);
        } catch (UsageException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        } catch (WorkflowDefinitionException e) {
            return Main.failed(spec, "invalid workflow: " + e.getMessage());
        }
        if (spaces.replicaOf != null) {
            return replicaOf(loaded, spaces, options);
        }
        Path shownWork = options.workDirectory(spaces.workName(loaded.name()));
        Path work = currentDirectory.resolve(shownWork);
        try {
            options.checkOutputFiles(loaded, work);
        } catch (RunFailedException e) {
            return Main.failed(spec, "run refused: " + e.getMessage());
        }
        PrintWriter err = spec.commandLine().getErr();
        RunResult result;
        String channels;
        // The page first, so that a port in use refuses the run before it touches anything.
        RunMonitor monitor;
        try {
            monitor = options.monitor == null ? null : startMonitor(options.monitor, err);
        } catch (IOException e) {
            return Main.failed(spec, "cannot start: " + e.getMessage());
        }
        SpaceOptions.Spaces connected;
        try {
            connected = spaces.connect(spec, currentDirectory, loaded);
        } catch (IOException e) {
            if (monitor != null) {
                monitor.close();
            }
            return Main.failed(spec, "cannot start: " + e.getMessage());
        }
        try (monitor; connected; PreparedRun prepared = PreparedRun.prepare(options, loaded,
                RunDefinition.of(workflow, samples, currentDirectory), work, shownWork, err, connected)) {
            channels = connected.describe(options.policy().id());
            List<RunListener> watchers = new ArrayList<>();
            if (options.showsProgress(ownsTerminal && ProgressLine.stdoutIsTerminal())) {
                boolean sample = SampleWorkflows.NAMES.contains(workflow);
                OptionalLong known = sample ? samples.knownTokens(workflow) : OptionalLong.empty();
                watchers.add(new ProgressLine(spec.commandLine().getOut(), known.isPresent() ? "source.out" : null, known.orElse(0)));
            }
            if (monitor != null) {
                watchers.add(monitor);
            }
            connected.offerReplicas(loaded);
            try {
                result = director.run(loaded, prepared.config(watchers));
            } catch (RunFailedException e) {
                return Main.failed(spec, (options.resume ? "resumed run failed: " : "run failed: ") + e.getMessage());
            }
            if (prepared.resumption() != null) {
                spec.commandLine().getOut().println(ResumeSummary.line(prepared.resumption(), prepared.restartPoints(),
                        prepared::recordedFirings, result));
            }
        } catch (UsageException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        } catch (IOException e) {
            return Main.failed(spec, "cannot remove or set aside the channels, checkpoints or provenance of an earlier run: " + e);
        } catch (ChannelException | ProvenanceException | WorkDirectoryInUseException | SpaceException e) {
            return Main.failed(spec, (options.resume ? "cannot resume: " : "cannot start: ") + e.getMessage());
        }
        spec.commandLine().getOut().println(RunSummary.of(loaded, result, channels, shownWork, work).line());
        return Main.OK;
    }

    /**
     * {@code --replica-of ACTOR}: fires copies of the replicated actor for the run that offers it
     * in the space, until that run ends their input (or {@code --timeout} passes), and prints
     * {@code WORKFLOW [replica of ACTOR]: N tokens in T s by worker ID}.
     */
    private Integer replicaOf(Workflow loaded, SpaceOptions spaces, RunOptions options) throws InterruptedException {
        PrintWriter out = spec.commandLine().getOut();
        long start = System.nanoTime();
        long[] tokens;
        List<String> ids = new ArrayList<>();
        try (SpaceOptions.Spaces connected = spaces.connect(spec, currentDirectory, loaded)) {
            Thread timer = null;
            if (options.timeout().isPresent()) {
                long millis = options.timeout().get().toMillis();
                timer = new Thread(() -> {
                    try {
                        Thread.sleep(millis);
                        connected.close(); // the copies' streams fail: the worker stops
                    } catch (InterruptedException e) {
                        // the worker ended in time
                    }
                }, "sluice-replica-timeout");
                timer.setDaemon(true);
                timer.start();
            }
            try {
                tokens = io.sluice.composite.RemoteReplicas.work(loaded, spaces.replicaOf, spaces.copies == null ? 1 : spaces.copies,
                        connected.given(), joined -> {
                            ids.addAll(joined);
                            synchronized (out) {
                                out.println(loaded.name() + " [replica of " + spaces.replicaOf + "]: waiting in "
                                        + connected.given().uri() + " as " + String.join(", ", joined));
                                out.flush();
                            }
                        });
            } finally {
                if (timer != null) {
                    timer.interrupt();
                }
            }
        } catch (IOException e) {
            return Main.failed(spec, "cannot start: " + e.getMessage());
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            return Main.failed(spec, "replica of '" + spaces.replicaOf + "' failed: " + e);
        }
        long sum = java.util.Arrays.stream(tokens).sum();
        out.println(loaded.name() + " [replica of " + spaces.replicaOf + "]: " + sum + " tokens in "
                + String.format(java.util.Locale.ROOT, "%.2f s", (System.nanoTime() - start) / 1e9) + " by " + String.join(", ", ids));
        return Main.OK;
    }

    /** Starts the live page on loopback at {@code port} (0: any free port) and says where on {@code err}. */
    private static RunMonitor startMonitor(int port, PrintWriter err) throws IOException {
        RunMonitor monitor;
        try {
            monitor = RunMonitor.start(port);
        } catch (IOException e) {
            throw new IOException("--monitor: " + e.getMessage(), e);
        }
        err.println("sluice: monitor at " + monitor.uri());
        err.flush();
        return monitor;
    }
}
