package io.sluice.cli;

import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import io.sluice.workflow.json.WorkflowJson;
import java.io.IOException;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code sluice convert FILE --to json [--output OUT]}: writes a MoML model (or a JSON workflow)
 * as the equivalent JSON workflow, to stdout or {@code OUT}. Runs on the thread of
 * {@link Main#run}. An invalid model prints {@code sluice: invalid workflow: <file:line: message>}
 * and exits {@value Main#FAILED}; nothing is written then.
 */
@Command(name = "convert",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Writes a MoML model (.xml) or a JSON workflow as a JSON workflow.",
        footer = {"", "Exit codes: 0 success, 1 invalid workflow or output not written, 2 bad arguments."})
final class ConvertCommand implements Callable<Integer> {
    private final Path currentDirectory;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A MoML model (.xml, .moml) or a .json workflow file.")
    String file;

    @Option(names = "--to", required = true, paramLabel = "FORMAT", description = "The format to write: json.")
    String to;

    @Option(names = {"--output", "-o"}, paramLabel = "OUT", description = "Write to OUT instead of the standard output.")
    Path output;

    ConvertCommand(Path currentDirectory) {
        this.currentDirectory = Objects.requireNonNull(currentDirectory, "currentDirectory");
    }

    @Override
    public Integer call() {
        if (!to.equals("json")) {
            throw new ParameterException(spec.commandLine(), "--to: unknown format '" + to + "'; known: json");
        }
        if (!WorkflowLoader.isMomlFile(file) && !WorkflowLoader.isJsonFile(file)) {
            throw new ParameterException(spec.commandLine(), "FILE: '" + file + "' is neither a MoML model (.xml, .moml) nor a .json file");
        }
        Workflow workflow;
        try {
            workflow = WorkflowLoader.loadWithDirector(file, new SampleOptions(), currentDirectory).workflow();
        } catch (UsageException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        } catch (WorkflowDefinitionException e) {
            return Main.failed(spec, "invalid workflow: " + e.getMessage());
        }
        StringWriter json = new StringWriter();
        try {
            WorkflowJson.write(workflow, json);
        } catch (IllegalArgumentException | IOException e) {
            return Main.failed(spec, "cannot write " + file + " as JSON: " + e.getMessage());
        }
        if (output == null) {
            spec.commandLine().getOut().print(json);
            return Main.OK;
        }
        Path out = currentDirectory.resolve(output);
        try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            w.write(json.toString());
        } catch (IOException e) {
            return Main.failed(spec, "cannot write " + output + ": " + e);
        }
        return Main.OK;
    }
}
