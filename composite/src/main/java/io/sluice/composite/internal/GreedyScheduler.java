package io.sluice.composite.internal;

import io.sluice.composite.Capacities;
import io.sluice.composite.Schedule;
import io.sluice.composite.Scheduler;
import io.sluice.composite.TransferSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The greedy proportional schedule of the Composite Endpoint Protocol paper (section 3.2,
 * "Greedy Algorithm"). Demand of a segment is its size times the receivers that want it; each
 * sender divides its capacity among the segments it holds in proportion to their demand
 * ({@code w[i][g] = s[i] * d[g] / D[i]}); each receiver takes each segment from its holders in
 * proportion to those weights, a weight reduced by {@code min(1, link / sender)} where the link
 * to that receiver is slower than the sender. Two passes over the (receiver, segment, holder)
 * triples: linear time. Stateless.
 */
public final class GreedyScheduler implements Scheduler {
    public static final GreedyScheduler INSTANCE = new GreedyScheduler();

    private GreedyScheduler() {}

    @Override
    public String name() {
        return "greedy";
    }

    @Override
    public Schedule schedule(TransferSpec spec, Capacities capacities) {
        Segments segments = Segments.of(spec, capacities);
        List<TransferSpec.Sender> senders = spec.senders();
        double[] demandOfSender = new double[senders.size()];
        for (Segments.Piece p : segments.pieces()) {
            for (int i : p.holders()) {
                demandOfSender[i] += p.range().size(); // each receiver's piece is a unit of demand
            }
        }
        List<Schedule.Share> shares = new ArrayList<>();
        for (Segments.Piece p : segments.pieces()) {
            String receiver = spec.receivers().get(p.receiver()).name();
            double[] w = new double[p.holders().length];
            double sum = 0;
            for (int k = 0; k < w.length; k++) {
                int i = p.holders()[k];
                String sender = senders.get(i).name();
                double s = capacities.sender(sender);
                double weight = s * p.range().size() / demandOfSender[i];
                double link = capacities.link(sender, receiver);
                if (link < s) {
                    weight *= link / s;
                }
                w[k] = weight;
                sum += weight;
            }
            for (int k = 0; k < w.length; k++) {
                double tokens = sum > 0 ? p.range().size() * w[k] / sum : (k == 0 ? p.range().size() : 0);
                shares.add(new Schedule.Share(senders.get(p.holders()[k]).name(), receiver, p.range(), tokens));
            }
        }
        return Schedule.of(name(), spec, capacities, shares);
    }
}
