package io.sluice.cli;

import java.util.List;

/**
 * How a reading command took a damaged work directory.
 *
 * @param kind the outcome
 * @param problem why it is not acceptable, or null if it is
 */
record Verdict(Kind kind, String problem) {
    /** The outcomes the damage suite tells apart. */
    enum Kind {
        /** The answer the undamaged directory gives. */
        IDENTICAL,
        /** Exit code 1 and one line naming the damaged file. */
        DETECTED,
        /** Exit code 0 and another answer: must never happen. */
        SILENT_WRONG,
        /** Any other failure: a stack trace, several lines, a message that does not name the file, output that is wrong. */
        BAD_FAILURE
    }

    static Verdict identical() {
        return new Verdict(Kind.IDENTICAL, null);
    }

    static Verdict problem(String problem) {
        return new Verdict(Kind.BAD_FAILURE, problem);
    }

    /**
     * Runs {@code command} on the damaged copy {@code damaged} of the work directory
     * {@code undamaged}, both in {@code dir}, and judges what it did. A command that throws
     * (rather than print a message and exit) is a problem too.
     */
    static Verdict judge(Baseline.Command command, java.nio.file.Path dir, String damaged, String undamaged, Damage damage) {
        Sluice.Outcome outcome;
        try {
            outcome = Sluice.run(dir, command.args(damaged));
        } catch (RuntimeException | InternalError e) {
            return problem(String.join(" ", command.template()) + ": threw " + e);
        }
        return of(command, outcome, damage, damaged, undamaged);
    }

    /**
     * Judges what {@code command} did on the damaged copy {@code damaged} of the work directory
     * {@code undamaged}; paths in its output are compared as if they named the undamaged one.
     */
    static Verdict of(Baseline.Command command, Sluice.Outcome outcome, Damage damage, String damaged, String undamaged) {
        String out = outcome.out().replace(damaged, undamaged);
        String what = String.join(" ", command.template());
        if (outcome.code() == command.expected().code() && out.equals(command.expected().out())) {
            return identical();
        }
        if (outcome.code() == Main.OK) {
            return new Verdict(Kind.SILENT_WRONG, what + ": exit code 0 with another answer than the undamaged one: "
                    + firstDifference(out, command.expected().out()));
        }
        Verdict failure = ofFailure(what, outcome, damage, command.expected().out());
        if (failure.problem() == null && !command.expected().out().startsWith(out)) {
            return problem(what + ": failed (" + outcome.err().strip() + ") after printing what the undamaged run does not: "
                    + firstDifference(out, command.expected().out()));
        }
        return failure;
    }

    /**
     * Judges a failure: exit code 1, one line on stderr that starts {@code sluice: } and names the
     * damaged file or its directory, and no stack trace.
     */
    static Verdict ofFailure(String what, Sluice.Outcome outcome, Damage damage, String expectedOut) {
        String err = outcome.err();
        if (outcome.code() != Main.FAILED) {
            return problem(what + ": exit code " + outcome.code() + ", stderr: " + err.strip());
        }
        if (err.contains("\tat ") || err.contains("unexpected error")) {
            return problem(what + ": a stack trace: " + err.lines().limit(3).toList());
        }
        List<String> lines = err.lines().toList();
        if (lines.size() != 1 || !lines.get(0).startsWith("sluice: ")) {
            return problem(what + ": not one line starting 'sluice: ' on stderr: " + lines);
        }
        if (!names(lines.get(0), damage)) {
            return problem(what + ": the message does not name " + damage.file() + ": " + lines.get(0));
        }
        return new Verdict(Kind.DETECTED, null);
    }

    /** Whether the message names the damaged file, or the directory it is in. */
    private static boolean names(String message, Damage damage) {
        String file = damage.file().getFileName().toString();
        String parent = damage.file().getParent() == null ? "" : damage.file().getParent().getFileName().toString();
        return message.contains(file) || (!parent.isEmpty() && message.contains(parent));
    }

    private static String firstDifference(String actual, String expected) {
        List<String> a = actual.lines().toList();
        List<String> e = expected.lines().toList();
        for (int i = 0; i < Math.max(a.size(), e.size()); i++) {
            String x = i < a.size() ? a.get(i) : "<nothing>";
            String y = i < e.size() ? e.get(i) : "<nothing>";
            if (!x.equals(y)) {
                return "line " + (i + 1) + " is '" + abbreviate(x) + "', not '" + abbreviate(y) + "' (" + a.size() + " lines, not "
                        + e.size() + ")";
            }
        }
        return "the same lines, other line ends";
    }

    private static String abbreviate(String s) {
        return s.length() > 160 ? s.substring(0, 160) + "..." : s;
    }
}
