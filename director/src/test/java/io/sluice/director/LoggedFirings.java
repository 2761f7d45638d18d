package io.sluice.director;

import io.sluice.run.FiringLog;
import io.sluice.run.FiringSpan;
import io.sluice.run.RunListener;
import io.sluice.testing.FiringRecords;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A listener that takes every actor's firings through a {@link FiringLog}, as provenance does,
 * and keeps each firing of each span, and how many spans brought them. Thread-safe across
 * actors; each actor's log is used by one thread at a time.
 */
final class LoggedFirings implements RunListener {
    /**
     * A firing as logged: its ports' positions before and after, inputs then outputs; its span's
     * times if it is the span's last firing, else {@link FiringSpan#UNTIMED}.
     */
    record Logged(long firing, List<Long> from, List<Long> to, long start, long end) {}

    /** One actor's firings, in the order they were logged, and the spans that brought them. */
    static final class ActorFirings {
        final List<Logged> firings = new ArrayList<>();
        int spans;
        /** The most firings a span held. */
        long largestSpan;
    }

    final Map<String, ActorFirings> actors = new ConcurrentHashMap<>();

    @Override
    public FiringLog firingLog(String actor) {
        ActorFirings a = actors.computeIfAbsent(actor, k -> new ActorFirings());
        return span -> {
            a.spans++;
            a.largestSpan = Math.max(a.largestSpan, span.count());
            FiringRecords.each(span, (firing, from, to, last) -> a.firings.add(new Logged(firing, list(from), list(to),
                    last ? span.startEpochNanos() : FiringSpan.UNTIMED, last ? span.endEpochNanos() : FiringSpan.UNTIMED)));
        };
    }

    private static List<Long> list(long[] positions) {
        return Arrays.stream(positions).boxed().toList();
    }
}
