package io.sluice.cli;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** Counts the damage suite's verdicts by command; thread-safe. */
final class DamageTally {
    private final Map<String, Map<Verdict.Kind, Integer>> counts = new TreeMap<>();

    synchronized void add(String command, Verdict verdict) {
        counts.computeIfAbsent(command, c -> new EnumMap<>(Verdict.Kind.class)).merge(verdict.kind(), 1, Integer::sum);
    }

    /** One line per command. */
    synchronized String summary() {
        StringBuilder s = new StringBuilder("Damage suite tally (command: identical / detected / silent wrong / bad failure):\n");
        for (var e : counts.entrySet()) {
            s.append(String.format(Locale.ROOT, "  %-24s %5d / %5d / %d / %d%n", e.getKey(), get(e.getValue(), Verdict.Kind.IDENTICAL),
                    get(e.getValue(), Verdict.Kind.DETECTED), get(e.getValue(), Verdict.Kind.SILENT_WRONG),
                    get(e.getValue(), Verdict.Kind.BAD_FAILURE)));
        }
        return s.toString();
    }

    /** The tally as the page {@code docs/damage.md}: what was tried, and the table. */
    synchronized String markdown(int runs, int casesPerRun, long seed) {
        StringBuilder s = new StringBuilder();
        s.append("# Damaged work directories\n\n");
        s.append("What Sluice's reading commands do with a work directory whose files were damaged after its run, as\n"
                + "`DamagedWorkDirectoryTest` finds (`cli/src/test/java/io/sluice/cli`). Each case copies a finished run\n"
                + "(filter under the `fast-track`, `direct` and `cached` policies, and mergesort), damages one of its files\n"
                + "(channels, checkpoints, provenance, `definition.json`) at a seeded random place, and runs every reading\n"
                + "command on the copy: a bit flipped, 8 bytes overwritten, a 4 KiB page zeroed, the file cut short, 4 KiB of\n"
                + "garbage after its data or at its end. A command must give the answer it gives on the undamaged run, or\n"
                + "exit with code 1 and one line naming the damaged file (after printing only a prefix of that answer); a\n"
                + "resume that fails must change no file, and one that succeeds must leave channels that read as the\n"
                + "undamaged run's. A silent wrong answer or any other failure fails the test.\n\n");
        s.append("Regenerate this page (about half an hour):\n\n```sh\n./mvnw -B verify -pl cli -am -Pdamage-tests "
                + "-Dtest=DamagedWorkDirectoryTest -Dsurefire.failIfNoSpecifiedTests=false\n```\n\n");
        s.append("CI runs 50 cases per run. The last run of the profile, on Java ")
                .append(System.getProperty("java.specification.version")).append(":\n\n");
        s.append(String.format(Locale.ROOT, "%d damaged copies of each of %d work directories (seeds %d to %d); the answers of each command:%n%n",
                casesPerRun, runs, seed, seed + casesPerRun - 1));
        s.append("| command | runs | identical to undamaged | detected, file named | silent wrong answer | other failure |\n");
        s.append("| --- | ---: | ---: | ---: | ---: | ---: |\n");
        int[] total = new int[Verdict.Kind.values().length];
        for (var e : counts.entrySet()) {
            int sum = e.getValue().values().stream().mapToInt(Integer::intValue).sum();
            s.append("| `").append(e.getKey()).append("` | ").append(sum);
            for (Verdict.Kind k : Verdict.Kind.values()) {
                s.append(" | ").append(get(e.getValue(), k));
                total[k.ordinal()] += get(e.getValue(), k);
            }
            s.append(" |\n");
        }
        int all = 0;
        for (int t : total) {
            all += t;
        }
        s.append("| all | ").append(all);
        for (int t : total) {
            s.append(" | ").append(t);
        }
        s.append(" |\n");
        return s.toString();
    }

    private static int get(Map<Verdict.Kind, Integer> m, Verdict.Kind k) {
        return m.getOrDefault(k, 0);
    }
}
