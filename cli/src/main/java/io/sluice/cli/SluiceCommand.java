package io.sluice.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The top-level {@code sluice} command. It only holds {@code --help}, {@code --version} and the
 * subcommands ({@link RunCommand}, added by {@link Main}); given no subcommand it is a usage
 * error. Called on the thread of {@link Main#run}.
 */
@Command(name = "sluice",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Runs dataflow workflows: the sample workflows or workflows defined in JSON.",
        commandListHeading = "%nCommands:%n",
        footer = {"", "Exit codes: 0 success, 1 failed (one line on stderr says why), 2 bad arguments."})
final class SluiceCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "missing command; known: " + spec.subcommands().keySet());
    }
}
