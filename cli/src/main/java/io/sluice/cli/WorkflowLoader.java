package io.sluice.cli;

import io.sluice.moml.MomlReader;
import io.sluice.moml.MomlWorkflow;
import io.sluice.moml.PtolemyClassRegistry;
import io.sluice.samples.SampleWorkflows;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import io.sluice.workflow.json.WorkflowJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Turns the {@code <workflow>} argument of {@code sluice run} into a workflow: a sample name
 * ({@link SampleWorkflows#NAMES}) is built from the {@link SampleOptions}; a path ending in
 * {@code .json} is read with {@link WorkflowJson} and the actor types found on the class path
 * (the samples and the standard library register theirs), one ending in {@code .xml} or
 * {@code .moml} with {@link MomlReader}. Runs on the thread of {@link Main#run}; keeps no state.
 */
final class WorkflowLoader {
    private WorkflowLoader() {}

    /** True if {@code argument} names a JSON workflow file rather than a sample. */
    static boolean isJsonFile(String argument) {
        return !SampleWorkflows.NAMES.contains(argument) && argument.toLowerCase(Locale.ROOT).endsWith(".json");
    }

    /** True if {@code argument} names a MoML model (Ptolemy II, Kepler): a {@code .xml} or {@code .moml} file. */
    static boolean isMomlFile(String argument) {
        String lower = argument.toLowerCase(Locale.ROOT);
        return !SampleWorkflows.NAMES.contains(argument) && (lower.endsWith(".xml") || lower.endsWith(".moml"));
    }

    /**
     * A workflow as loaded, with the director it asks for, if it asks for one (a MoML model's).
     *
     * @param workflow the workflow
     * @param director the director's name, or null for the command's default
     */
    record Loaded(Workflow workflow, String director) {}

    /**
     * Loads the workflow the argument names, with its director if it names one.
     *
     * @throws UsageException as {@link #load}
     * @throws WorkflowDefinitionException as {@link #load}, for a MoML model too
     */
    static Loaded loadWithDirector(String argument, SampleOptions sampleOptions, Path currentDirectory) {
        if (!isMomlFile(argument)) {
            return new Loaded(load(argument, sampleOptions, currentDirectory), null);
        }
        refuseSampleOptions(argument, sampleOptions);
        Path file = readable(argument, currentDirectory);
        ClassLoader loader = WorkflowLoader.class.getClassLoader();
        try (InputStream in = Files.newInputStream(file)) {
            MomlWorkflow model = MomlReader.read(in, argument, file.toAbsolutePath().getParent(), ActorRegistry.discover(loader),
                    PtolemyClassRegistry.discover(loader));
            return new Loaded(model.workflow(), model.director());
        } catch (IOException e) {
            throw new UsageException("cannot read workflow file " + argument + ": " + e.getMessage());
        }
    }

    /**
     * Loads the workflow the argument names.
     *
     * @param currentDirectory what relative paths are resolved against
     * @throws UsageException if the argument is neither a sample nor a {@code .json} path, the
     *     file cannot be read, or sample options are given for a JSON workflow (or conflict)
     * @throws WorkflowDefinitionException if the JSON definition is invalid; the message starts
     *     with {@code file:line:}, the file named as the user wrote it
     */
    static Workflow load(String argument, SampleOptions sampleOptions, Path currentDirectory) {
        if (SampleWorkflows.NAMES.contains(argument)) {
            return sampleOptions.build(argument, currentDirectory);
        }
        if (!isJsonFile(argument)) {
            throw new UsageException("unknown workflow '" + argument + "': give a sample workflow ("
                    + String.join(", ", SampleWorkflows.NAMES) + "), the path of a .json workflow file or of a MoML model (.xml)");
        }
        refuseSampleOptions(argument, sampleOptions);
        return readJson(argument, currentDirectory);
    }

    private static void refuseSampleOptions(String argument, SampleOptions sampleOptions) {
        List<String> sampleOnly = sampleOptions.given();
        if (!sampleOnly.isEmpty()) {
            throw new UsageException(String.join(", ", sampleOnly) + (sampleOnly.size() > 1 ? " apply" : " applies")
                    + " to the sample workflows only; " + argument + " sets its actors' parameters itself");
        }
    }

    private static Path readable(String argument, Path currentDirectory) {
        try {
            return SampleOptions.readableFile("workflow file", Path.of(argument), currentDirectory);
        } catch (java.nio.file.InvalidPathException e) {
            throw new UsageException("not a valid path: " + argument);
        }
    }

    private static Workflow readJson(String argument, Path currentDirectory) {
        Path file = readable(argument, currentDirectory);
        ActorRegistry registry = ActorRegistry.discover(WorkflowLoader.class.getClassLoader());
        // The reader form lets messages name the file as the user wrote it; relative paths in
        // actor parameters are still resolved against the file's directory.
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return WorkflowJson.read(reader, argument, file.toAbsolutePath().getParent(), registry);
        } catch (IOException e) {
            throw new UsageException("cannot read workflow file " + argument + ": " + e.getMessage());
        }
    }
}
