package io.sluice.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A finished run's work directory, the reading commands the damage suite runs on copies of it,
 * and what each printed on the undamaged directory.
 *
 * @param work the work directory's name, under the suite's directory
 * @param runArgs the workflow and options of {@code sluice run} that made it
 * @param files the files that may be damaged, relative to the work directory: all but the result
 *     and the lock file
 * @param commands the reading commands, with their undamaged answers
 * @param result the lines of the undamaged {@code result.txt}
 */
record Baseline(String work, List<String> runArgs, List<Path> files, List<Command> commands, List<String> result) {
    /** The placeholder for the work directory's name in a command's arguments. */
    private static final String W = "{W}";

    /**
     * A reading command and its undamaged answer.
     *
     * @param kind what the tally counts it as, e.g. {@code channel read}
     * @param template its arguments, {@value #W} standing for the work directory
     * @param expected what it printed on the undamaged directory
     */
    record Command(String kind, List<String> template, Sluice.Outcome expected) {
        String[] args(String work) {
            return template.stream().map(a -> a.replace(W, work)).toArray(String[]::new);
        }
    }

    /** Lists the files and commands of the run in {@code dir/work}, and runs each command once to record its answer. */
    static Baseline of(Path dir, String work, List<String> runArgs) throws IOException {
        Path root = dir.resolve(work);
        List<Path> files;
        try (Stream<Path> all = Files.walk(root)) {
            files = all.filter(Files::isRegularFile)
                    // The result is the actors', and the lock file only names the process that holds the directory.
                    .filter(f -> !f.getFileName().toString().equals("result.txt") && !f.getFileName().toString().equals("run.lock"))
                    .filter(f -> sizeOf(f) > 0)
                    .map(root::relativize).sorted().toList();
        }
        List<List<String>> templates = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        try (Stream<Path> channels = Files.list(root.resolve("channels"))) {
            for (Path c : channels.sorted().toList()) {
                String channel = W + "/channels/" + c.getFileName();
                add(kinds, templates, "channel info", "channel", "info", channel);
                add(kinds, templates, "channel read", "channel", "read", channel);
                String from = Long.toString(io.sluice.channel.local.PersistentChannels.describe(c).tokens() / 3);
                add(kinds, templates, "channel read --from", "channel", "read", channel, "--from", from, "--count", "40");
            }
        }
        add(kinds, templates, "prov runs", "prov", "runs", W);
        add(kinds, templates, "prov stats", "prov", "stats", W);
        for (String actor : actors(dir, work)) {
            add(kinds, templates, "prov firings", "prov", "firings", W, "--actor", actor, "--from", "200", "--count", "30");
        }
        int lines = Files.readAllLines(root.resolve("result.txt")).size();
        for (int line : new int[] {1, lines / 2 + 1, lines}) {
            add(kinds, templates, "prov lineage", "prov", "lineage", W, "--line", Integer.toString(line));
        }
        add(kinds, templates, "prov lineage --forward", "prov", "lineage", W, "source.out#" + 100, "--forward");
        add(kinds, templates, "prov export", "prov", "export", W, "--line", Integer.toString(lines / 3 + 1));
        add(kinds, templates, "prov export", "prov", "export", W, "--line", Integer.toString(lines / 3 + 1), "--format", "dot");
        List<Command> commands = new ArrayList<>();
        for (int i = 0; i < templates.size(); i++) {
            Command unanswered = new Command(kinds.get(i), templates.get(i), null);
            Sluice.Outcome answer = Sluice.run(dir, unanswered.args(work));
            assertThat(answer.code()).as("%s on the undamaged run; stderr: %s", templates.get(i), answer.err()).isZero();
            commands.add(new Command(kinds.get(i), templates.get(i), answer));
        }
        return new Baseline(work, runArgs, files, commands, Files.readAllLines(root.resolve("result.txt")));
    }

    /**
     * Runs {@code sluice run ... --resume} on the damaged copy {@code damaged}: it must fail as a
     * reading command may, leaving every file as it was, or end with the undamaged run's result
     * and channels.
     */
    Verdict resume(Path dir, String damaged, Damage damage) throws IOException {
        Map<String, String> before = Workspace.fingerprint(dir.resolve(damaged));
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(runArgs);
        args.addAll(List.of("--work", damaged, "--resume"));
        Sluice.Outcome outcome;
        try {
            outcome = Sluice.run(dir, args.toArray(String[]::new));
        } catch (RuntimeException | InternalError e) {
            return Verdict.problem("run --resume threw " + e);
        }
        if (outcome.code() != Main.OK) {
            Verdict v = Verdict.ofFailure("run --resume", outcome, damage, "");
            if (v.problem() == null && !Workspace.fingerprint(dir.resolve(damaged)).equals(before)) {
                return Verdict.problem("run --resume failed (" + outcome.err().strip() + ") but changed files: "
                        + changes(before, Workspace.fingerprint(dir.resolve(damaged))));
            }
            return v;
        }
        List<String> result = Files.readAllLines(dir.resolve(damaged).resolve("result.txt"));
        if (!result.equals(this.result)) {
            return Verdict.problem("run --resume exited 0 but result.txt differs from the undamaged run's ("
                    + result.size() + " lines, not " + this.result.size() + ")");
        }
        for (Command c : commands) {
            if (c.kind().startsWith("channel")) {
                Verdict v = Verdict.judge(c, dir, damaged, work, damage);
                if (v.kind() != Verdict.Kind.IDENTICAL) {
                    return Verdict.problem("run --resume exited 0 but left a channel that does not read as the undamaged one: "
                            + String.join(" ", c.template()) + ": " + (v.problem() != null ? v.problem() : v.kind()));
                }
            }
        }
        return Verdict.identical();
    }

    private static String changes(Map<String, String> before, Map<String, String> after) {
        List<String> changed = new ArrayList<>();
        for (String f : before.keySet()) {
            if (!before.get(f).equals(after.get(f))) {
                changed.add(f + (after.containsKey(f) ? " changed" : " removed"));
            }
        }
        after.keySet().stream().filter(f -> !before.containsKey(f)).forEach(f -> changed.add(f + " added"));
        return String.join(", ", changed);
    }

    private static List<String> actors(Path dir, String work) {
        Sluice.Outcome stats = Sluice.run(dir, "prov", "stats", work);
        return stats.out().lines().skip(1).map(l -> l.split("\\s+")[0]).toList();
    }

    private static void add(List<String> kinds, List<List<String>> templates, String kind, String... args) {
        kinds.add(kind);
        templates.add(List.of(args));
    }

    private static long sizeOf(Path f) {
        try {
            return Files.size(f);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
