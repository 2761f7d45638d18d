package io.sluice.cli;

import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ActorTypeInfo;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code sluice actors [TYPE...] [--json]}: the actor types a workflow can use (those on the
 * class path, {@code --classpath} jars' included), as a palette shows them: what each does, its
 * ports and its parameters. Runs on the thread of {@link Main#run}; an unknown type is a usage
 * error naming the known ones.
 */
@Command(name = "actors",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Lists the actor types a workflow can use, with their ports and parameters.",
        footer = {"", "Exit codes: 0 success, 2 bad arguments."})
final class ActorsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "TYPE", description = "Only these types (default: all).")
    List<String> types = List.of();

    @Option(names = "--json", description = "Print them as JSON, for a workflow editor's palette.")
    boolean json;

    @Override
    public Integer call() {
        ActorRegistry registry = ActorRegistry.discover(ActorsCommand.class.getClassLoader());
        List<ActorTypeInfo> infos;
        if (types.isEmpty()) {
            infos = registry.infos();
        } else {
            infos = types.stream().map(t -> registry.info(t).orElseThrow(() -> new picocli.CommandLine.ParameterException(
                    spec.commandLine(), "unknown actor type '" + t + "'; known: " + registry.types()))).toList();
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(JsonMapper.builder().build().writerWithDefaultPrettyPrinter().writeValueAsString(infos));
            return Main.OK;
        }
        for (ActorTypeInfo info : infos) {
            out.println(info.type() + (info.description().isEmpty() ? "" : ": " + info.description()));
            for (ActorTypeInfo.PortInfo p : info.ports()) {
                out.println("  " + (p.input() ? "in  " : "out ") + p.name() + (p.multiport() ? "_0.._(" + p.widthParameter() + "-1)" : "")
                        + " : " + simple(p.tokenType()) + (p.description().isEmpty() ? "" : "  " + p.description()));
            }
            for (ActorTypeInfo.ParameterInfo p : info.parameters()) {
                out.println("  param " + p.name() + " (" + p.kind() + (p.required() ? ", required"
                        : p.defaultValue() != null ? ", default " + p.defaultValue() : "") + ")"
                        + (p.description().isEmpty() ? "" : "  " + p.description()));
            }
        }
        return Main.OK;
    }

    private static String simple(String className) {
        return className.startsWith("java.lang.") ? className.substring("java.lang.".length()) : className;
    }
}
