package io.sluice.composite;

import java.util.ArrayList;
import java.util.List;

/** Operations on sets of seq ranges, as sorted lists of disjoint ranges. Stateless. */
public final class SeqRanges {
    private SeqRanges() {}

    /** The union of {@code ranges}: sorted, disjoint, adjacent ranges joined. */
    public static List<SeqRange> union(List<SeqRange> ranges) {
        List<SeqRange> sorted = new ArrayList<>(ranges);
        sorted.sort(null);
        List<SeqRange> out = new ArrayList<>();
        for (SeqRange r : sorted) {
            if (!out.isEmpty() && out.get(out.size() - 1).end() >= r.start()) {
                SeqRange last = out.remove(out.size() - 1);
                out.add(new SeqRange(last.start(), Math.max(last.end(), r.end())));
            } else {
                out.add(r);
            }
        }
        return List.copyOf(out);
    }

    /** The seqs of {@code a} not in {@code b}, sorted and disjoint. */
    public static List<SeqRange> minus(List<SeqRange> a, List<SeqRange> b) {
        List<SeqRange> left = union(a);
        List<SeqRange> cut = union(b);
        List<SeqRange> out = new ArrayList<>();
        int j = 0;
        for (SeqRange r : left) {
            long at = r.start();
            while (j < cut.size() && cut.get(j).end() <= at) {
                j++;
            }
            int k = j;
            while (k < cut.size() && cut.get(k).start() < r.end()) {
                SeqRange c = cut.get(k);
                if (c.start() > at) {
                    out.add(new SeqRange(at, c.start()));
                }
                at = Math.max(at, c.end());
                k++;
            }
            if (at < r.end()) {
                out.add(new SeqRange(at, r.end()));
            }
        }
        return List.copyOf(out);
    }

    /** How many seqs the ranges hold together (counting a seq in several ranges once). */
    public static long size(List<SeqRange> ranges) {
        long n = 0;
        for (SeqRange r : union(ranges)) {
            n += r.size();
        }
        return n;
    }

    /** The ranges as text, e.g. {@code 0-1023, 2048-4095}. */
    public static String describe(List<SeqRange> ranges) {
        StringBuilder b = new StringBuilder();
        for (SeqRange r : ranges) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(r);
        }
        return b.toString();
    }
}
