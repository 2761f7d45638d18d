package io.sluice.director;

import io.sluice.run.FiringLog;
import io.sluice.run.RunListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A listener that takes every actor's firings through a {@link FiringLog}, as provenance does,
 * and keeps each firing, a run of alike firings spread out into its firings, and how many calls
 * brought them. Thread-safe across actors; each actor's log is used by one thread at a time.
 */
final class LoggedFirings implements RunListener {
    /** A firing as logged: its ports' positions before and after, inputs then outputs; times if timed. */
    record Logged(long firing, List<Long> from, List<Long> to, long start, long end) {}

    /** One actor's firings, in the order they were logged, and the calls that logged them. */
    static final class ActorFirings {
        final List<Logged> firings = new ArrayList<>();
        int calls;
        int runCalls;
    }

    final Map<String, ActorFirings> actors = new ConcurrentHashMap<>();

    @Override
    public boolean wantsFirings() {
        return true;
    }

    @Override
    public FiringLog firingLog(String actor) {
        ActorFirings a = actors.computeIfAbsent(actor, k -> new ActorFirings());
        return new FiringLog() {
            @Override
            public void firing(long firing, long start, long end, long[] inputFrom, long[] inputTo, long[] outputFrom,
                    long[] outputTo) {
                a.calls++;
                a.firings.add(new Logged(firing, join(inputFrom, outputFrom), join(inputTo, outputTo), start, end));
            }

            @Override
            public void firings(long first, long count, long start, long end, long[] inputFrom, long[] inputStep,
                    long[] outputFrom, long[] outputStep) {
                a.calls++;
                a.runCalls++;
                for (long k = 0; k < count; k++) {
                    boolean last = k == count - 1;
                    a.firings.add(new Logged(first + k, join(at(inputFrom, inputStep, k), at(outputFrom, outputStep, k)),
                            join(at(inputFrom, inputStep, k + 1), at(outputFrom, outputStep, k + 1)),
                            last ? start : UNTIMED, last ? end : UNTIMED));
                }
            }
        };
    }

    private static long[] at(long[] from, long[] step, long k) {
        long[] out = new long[from.length];
        for (int i = 0; i < from.length; i++) {
            out[i] = from[i] + k * step[i];
        }
        return out;
    }

    private static List<Long> join(long[] inputs, long[] outputs) {
        List<Long> out = new ArrayList<>(inputs.length + outputs.length);
        Arrays.stream(inputs).forEach(out::add);
        Arrays.stream(outputs).forEach(out::add);
        return out;
    }
}
