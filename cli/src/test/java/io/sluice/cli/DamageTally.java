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

    /** The tally as the table of {@code docs/damage.md}. */
    synchronized String markdown(int runs, int casesPerRun, long seed) {
        StringBuilder s = new StringBuilder();
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
