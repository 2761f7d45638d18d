package io.sluice.composite.internal;

import io.sluice.composite.Schedule;
import io.sluice.composite.TransferSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the current schedule gives each sender of each receiver, and what the {@link Dispatcher}
 * has handed out since it took that schedule: the dispatcher prefers, for a sender, the receiver
 * where it is furthest behind its share, and in a receiver's window the segments where its
 * fraction is largest. Before any schedule every sender's fraction is 1.
 *
 * <p><b>Threads.</b> Not thread-safe: guarded by the dispatcher's monitor.
 */
final class ScheduleShares {
    /** Added to the progress of a sender on a receiver the schedule gives it nothing of. */
    private static final double NOT_SCHEDULED = 1e15;
    private final TransferSpec spec;
    private double[][] target;
    private double[][] given;
    /** Per receiver, by a segment's first global seq: each sender's fraction of it. */
    private List<TreeMap<Long, double[]>> fractions;

    ScheduleShares(TransferSpec spec) {
        this.spec = spec;
        target = new double[spec.senders().size()][spec.receivers().size()];
        given = new double[spec.senders().size()][spec.receivers().size()];
    }

    /** Takes a new schedule's shares as what each sender should send each receiver from now on. */
    void take(Schedule schedule) {
        int n = spec.senders().size();
        int m = spec.receivers().size();
        Map<String, Integer> s = index(spec.senders().stream().map(TransferSpec.Sender::name).toList());
        Map<String, Integer> r = index(spec.receivers().stream().map(TransferSpec.Receiver::name).toList());
        double[][] t = new double[n][m];
        List<TreeMap<Long, double[]>> f = new ArrayList<>();
        for (int j = 0; j < m; j++) {
            f.add(new TreeMap<>());
        }
        for (Schedule.Share share : schedule.shares()) {
            Integer i = s.get(share.sender());
            Integer j = r.get(share.receiver());
            if (i != null && j != null) {
                t[i][j] += share.tokens();
                f.get(j).computeIfAbsent(share.segment().start(), k -> new double[n])[i] = share.tokens() / share.segment().size();
            }
        }
        target = t;
        given = new double[n][m];
        fractions = f;
    }

    /** The fraction of the seqs around {@code global} of receiver {@code j} the schedule gives sender {@code i}; 1 if unknown. */
    double fraction(int i, int j, long global) {
        if (fractions == null) {
            return 1;
        }
        Map.Entry<Long, double[]> e = fractions.get(j).floorEntry(global);
        return e == null ? 1 : e.getValue()[i];
    }

    /** Sender {@code i} was handed {@code tokens} of receiver {@code j}'s seqs. */
    void gave(int i, int j, long tokens) {
        given[i][j] += tokens;
    }

    /**
     * How far sender {@code i} is through its share of receiver {@code j}: lower goes first. A
     * receiver the schedule gives the sender nothing of comes after every receiver it gives it
     * some of, so that the sender takes from it only when nothing else is left to take (at the
     * end of a transfer, or when the schedule is out of date); before any schedule, the receiver
     * it gave least of goes first.
     */
    double progress(int i, int j) {
        if (target[i][j] > 0) {
            return given[i][j] / target[i][j];
        }
        return fractions == null ? given[i][j] : NOT_SCHEDULED + given[i][j];
    }

    private static Map<String, Integer> index(List<String> names) {
        Map<String, Integer> m = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            m.put(names.get(i), i);
        }
        return m;
    }
}
