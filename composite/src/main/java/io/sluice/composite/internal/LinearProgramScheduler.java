package io.sluice.composite.internal;

import io.sluice.composite.Capacities;
import io.sluice.composite.Schedule;
import io.sluice.composite.Scheduler;
import io.sluice.composite.TransferSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.exception.MathIllegalStateException;
import org.apache.commons.math3.optim.MaxIter;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.linear.LinearConstraint;
import org.apache.commons.math3.optim.linear.LinearConstraintSet;
import org.apache.commons.math3.optim.linear.LinearObjectiveFunction;
import org.apache.commons.math3.optim.linear.NonNegativeConstraint;
import org.apache.commons.math3.optim.linear.PivotSelectionRule;
import org.apache.commons.math3.optim.linear.Relationship;
import org.apache.commons.math3.optim.linear.SimplexSolver;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;

/**
 * The linear-programming schedule of the paper (section 3.2): node speeds and data access are the
 * constraints, the completion time is minimized. Variables: {@code y[p][k]}, the fraction of piece
 * {@code p} (a segment of one receiver's wants) its {@code k}-th holder sends, and {@code tau},
 * the completion time in units of a lower bound {@code T0} (which keeps the coefficients near 1).
 *
 * <pre>
 * minimize tau
 *   sum_k y[p][k] = 1                                  for every piece p
 *   sum_{p,k: holder i} |p| y[p][k] / (s_i T0) &lt;= tau   for every sender i
 *   sum_{p of j, k} |p| y[p][k] / (r_j T0) &lt;= tau       for every receiver j of finite capacity
 *   sum_{p of j, k: holder i} |p| y / (c_ij T0) &lt;= tau  for every link of finite capacity
 *   y &gt;= 0
 * </pre>
 *
 * Each inequality is scaled to a largest coefficient of 1. Solved by Commons Math's
 * {@link SimplexSolver} (its default tolerances) with Bland's rule (no cycling). Stateless.
 */
public final class LinearProgramScheduler implements Scheduler {
    public static final LinearProgramScheduler INSTANCE = new LinearProgramScheduler();

    private LinearProgramScheduler() {}

    @Override
    public String name() {
        return "lp";
    }

    @Override
    public Schedule schedule(TransferSpec spec, Capacities capacities) {
        Segments segments = Segments.of(spec, capacities);
        List<Segments.Piece> pieces = segments.pieces();
        List<TransferSpec.Sender> senders = spec.senders();
        List<TransferSpec.Receiver> receivers = spec.receivers();
        int[] first = new int[pieces.size()];
        int n = 0;
        for (int p = 0; p < pieces.size(); p++) {
            first[p] = n;
            n += pieces.get(p).holders().length;
        }
        int tau = n;
        int vars = n + 1;
        double t0 = lowerBound(spec, capacities, pieces);
        List<LinearConstraint> constraints = new ArrayList<>();
        for (int p = 0; p < pieces.size(); p++) {
            double[] c = new double[vars];
            for (int k = 0; k < pieces.get(p).holders().length; k++) {
                c[first[p] + k] = 1;
            }
            constraints.add(new LinearConstraint(c, Relationship.EQ, 1));
        }
        double[][] sender = new double[senders.size()][];
        double[][] receiver = new double[receivers.size()][];
        Map<Long, double[]> link = new HashMap<>();
        for (int p = 0; p < pieces.size(); p++) {
            Segments.Piece piece = pieces.get(p);
            int j = piece.receiver();
            String rName = receivers.get(j).name();
            double size = piece.range().size();
            double r = capacities.receiver(rName);
            for (int k = 0; k < piece.holders().length; k++) {
                int i = piece.holders()[k];
                String sName = senders.get(i).name();
                int v = first[p] + k;
                row(sender, i, vars)[v] += size / (capacities.sender(sName) * t0);
                if (Double.isFinite(r)) {
                    row(receiver, j, vars)[v] += size / (r * t0);
                }
                double c = capacities.link(sName, rName);
                if (Double.isFinite(c)) {
                    double[] l = link.computeIfAbsent(((long) i << 32) | j, key -> new double[vars]);
                    l[v] += c == 0 ? 1e12 : size / (c * t0);
                }
            }
        }
        List<double[]> rows = new ArrayList<>();
        for (double[] row : sender) {
            rows.add(row);
        }
        for (double[] row : receiver) {
            rows.add(row);
        }
        rows.addAll(link.values());
        for (double[] row : rows) {
            if (row != null) {
                row[tau] = -1;
                // each row scaled to a largest coefficient of 1: the solver's tolerances are absolute
                double max = 0;
                for (double v : row) {
                    max = Math.max(max, Math.abs(v));
                }
                for (int v = 0; v < row.length; v++) {
                    row[v] /= max;
                }
                constraints.add(new LinearConstraint(row, Relationship.LEQ, 0));
            }
        }
        double[] objective = new double[vars];
        objective[tau] = 1;
        PointValuePair solution;
        try {
            solution = new SimplexSolver().optimize(new MaxIter(Math.max(10_000, 50 * vars)), new LinearObjectiveFunction(objective, 0),
                    new LinearConstraintSet(constraints), GoalType.MINIMIZE, new NonNegativeConstraint(true), PivotSelectionRule.BLAND);
        } catch (MathIllegalStateException e) {
            throw new IllegalStateException("the linear program of " + pieces.size() + " pieces and " + n + " shares of transfer '"
                    + spec.channel() + "' has no solution: " + e.getMessage(), e);
        }
        double[] y = solution.getPoint();
        List<Schedule.Share> shares = new ArrayList<>();
        for (int p = 0; p < pieces.size(); p++) {
            Segments.Piece piece = pieces.get(p);
            for (int k = 0; k < piece.holders().length; k++) {
                double fraction = Math.max(0, y[first[p] + k]);
                shares.add(new Schedule.Share(senders.get(piece.holders()[k]).name(), receivers.get(piece.receiver()).name(), piece.range(),
                        fraction * piece.range().size()));
            }
        }
        return Schedule.of(name(), spec, capacities, normalized(shares));
    }

    private static double[] row(double[][] rows, int index, int vars) {
        if (rows[index] == null) {
            rows[index] = new double[vars];
        }
        return rows[index];
    }

    /** The solver's fractions add up to 1 within its tolerance: make each piece's shares add up to its size. */
    private static List<Schedule.Share> normalized(List<Schedule.Share> shares) {
        List<Schedule.Share> out = new ArrayList<>(shares.size());
        int i = 0;
        while (i < shares.size()) {
            int j = i;
            double sum = 0;
            while (j < shares.size() && shares.get(j).receiver().equals(shares.get(i).receiver())
                    && shares.get(j).segment().equals(shares.get(i).segment())) {
                sum += shares.get(j).tokens();
                j++;
            }
            double size = shares.get(i).segment().size();
            for (int k = i; k < j; k++) {
                Schedule.Share s = shares.get(k);
                out.add(new Schedule.Share(s.sender(), s.receiver(), s.segment(), sum > 0 ? s.tokens() * size / sum : (k == i ? size : 0)));
            }
            i = j;
        }
        return out;
    }

    /** A lower bound of the completion time (positive): the busiest receiver, or all senders together. */
    private static double lowerBound(TransferSpec spec, Capacities capacities, List<Segments.Piece> pieces) {
        double total = 0;
        for (Segments.Piece p : pieces) {
            total += p.range().size();
        }
        double senders = 0;
        for (TransferSpec.Sender s : spec.senders()) {
            senders += capacities.sender(s.name());
        }
        double bound = senders > 0 && Double.isFinite(senders) ? total / senders : 0;
        for (TransferSpec.Receiver r : spec.receivers()) {
            double c = capacities.receiver(r.name());
            if (Double.isFinite(c) && c > 0) {
                bound = Math.max(bound, r.wanted() / c);
            }
        }
        return bound > 0 ? bound : 1;
    }
}
