package io.sluice.cli;

import io.sluice.remote.RemoteSpace;
import io.sluice.run.RunPart;
import io.sluice.workflow.Workflow;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * The options of {@code sluice run} that put channels in a space: {@code --space URI} alone keeps
 * every channel of the run there; with {@code --actors a,b} the run fires only those actors, and
 * the channels between them and the workflow's other actors (fired by other runs) live in the
 * space (see {@link RunPart}).
 *
 * <p>Filled in by picocli and read on the thread of {@link Main#run}.
 */
final class SpaceOptions {
    @Option(names = "--actors", split = ",", paramLabel = "NAME",
            description = "Fire only these actors; the channels they share with the others live in the --space.")
    List<String> actors;

    @Option(names = "--space", paramLabel = "URI",
            description = "The space (sluice://host:port, see 'sluice serve') for the channels between parts, or for every "
                    + "channel if --actors is not given.")
    String space;

    @Option(names = "--space-token-file", paramLabel = "F", description = "A file that holds the space's token.")
    Path tokenFile;

    @Option(names = "--space-tls-trust", paramLabel = "PEM",
            description = "Connect to the space over TLS, trusting the certificates in this PEM file.")
    Path tlsTrust;

    /** Whether the run fires only some actors. */
    boolean splits() {
        return actors != null;
    }

    /**
     * Checks the options against the workflow, before anything is touched.
     *
     * @throws UsageException if {@code --actors} is given without a space, names no actor or one
     *     the workflow does not have, or {@code --resume} is asked
     */
    void check(Workflow workflow, boolean resume) {
        if (space == null) {
            if (actors != null) {
                throw new UsageException("--actors needs --space URI: the channels between this part and the others live there");
            }
            if (tokenFile != null || tlsTrust != null) {
                throw new UsageException("--space-token-file and --space-tls-trust need --space URI");
            }
            return;
        }
        if (resume) {
            throw new UsageException("--resume does not resume runs with --space or --actors yet; start the run again in a space"
                    + " without its channels (sluice space rm)");
        }
        if (actors != null) {
            try {
                RunPart.requireActors(workflow, actors);
            } catch (IllegalArgumentException e) {
                throw new UsageException("--actors: " + e.getMessage());
            }
        }
    }

    /** The part of the workflow to fire, sharing channels through {@code shared}; after {@link #check}. */
    RunPart part(RemoteSpace shared) {
        return new RunPart(new LinkedHashSet<>(actors), shared.forNewRun());
    }

    /** The default work directory's name: the workflow's, and for a part the names of its actors after dots. */
    String workName(String workflow) {
        return actors == null ? workflow : workflow + "." + String.join(".", new LinkedHashSet<>(actors));
    }

    /**
     * Connects to the space, or returns null if none was given.
     *
     * @throws IOException naming the space if it cannot be reached or refuses the client
     */
    RemoteSpace connect(CommandSpec spec, Path currentDirectory) throws IOException {
        if (space == null) {
            return null;
        }
        return SpaceCommand.connect(spec, currentDirectory, space, "--space-token-file", tokenFile, "--space-tls-trust", tlsTrust);
    }
}
