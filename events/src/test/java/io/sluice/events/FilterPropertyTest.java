package io.sluice.events;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.records.FormatName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random records published through a channel with a random filter expression: the subscription
 * receives exactly the records for which the test's own evaluation of the same expression holds.
 */
class FilterPropertyTest {

    @FormatName("org.example.Sample")
    record Sample(int a, long b, double d, String s, boolean f) {}

    /** An expression: its CEL text and the test's own meaning of it. */
    record Expr(String cel, Predicate<Sample> eval) {}

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    @Property(tries = 60)
    void theFilterPassesWhatTheSameExpressionEvaluatedHereDoes(@ForAll("seeds") long seed) throws Exception {
        Random random = new Random(seed);
        Expr expr = expr(random, 3);
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            samples.add(sample(random));
        }
        List<Sample> got = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (EventChannels space = EventChannels.builder().workers(1).build()) {
            Subscription<Sample> sub = space.subscribe("samples", Sample.class, e -> got.add(e.value()),
                    SubscribeOptions.defaults().withFilter(expr.cel()));
            Publisher<Sample> pub = space.publisher("samples", Sample.class);
            for (Sample s : samples) {
                pub.publish(s);
            }
            assertThat(sub.awaitIdle(Duration.ofSeconds(20))).isTrue();
            assertThat(sub.failures()).isZero();
        }
        assertThat(got).as(expr.cel()).containsExactlyElementsOf(samples.stream().filter(expr.eval()).toList());
    }

    private static Sample sample(Random r) {
        StringBuilder s = new StringBuilder();
        int n = r.nextInt(5);
        for (int i = 0; i < n; i++) {
            s.append((char) ('a' + r.nextInt(3)));
        }
        return new Sample(r.nextInt(11) - 5, r.nextInt(2001) - 1000L, (r.nextInt(41) - 20) / 4.0, s.toString(), r.nextBoolean());
    }

    private static Expr expr(Random r, int depth) {
        if (depth == 0 || r.nextInt(3) == 0) {
            return atom(r);
        }
        Expr x = expr(r, depth - 1);
        return switch (r.nextInt(3)) {
            case 0 -> {
                Expr y = expr(r, depth - 1);
                yield new Expr("(" + x.cel() + " && " + y.cel() + ")", x.eval().and(y.eval()));
            }
            case 1 -> {
                Expr y = expr(r, depth - 1);
                yield new Expr("(" + x.cel() + " || " + y.cel() + ")", x.eval().or(y.eval()));
            }
            default -> new Expr("!(" + x.cel() + ")", x.eval().negate());
        };
    }

    private static Expr atom(Random r) {
        int k = r.nextInt(11) - 5;
        long m = r.nextInt(2001) - 1000L;
        double x = (r.nextInt(41) - 20) / 4.0;
        String lit = switch (r.nextInt(3)) {
            case 0 -> "";
            case 1 -> "a";
            default -> "ab";
        };
        return switch (r.nextInt(10)) {
            case 0 -> new Expr("a < " + k, s -> s.a() < k);
            case 1 -> new Expr("a == " + k, s -> s.a() == k);
            case 2 -> new Expr("b >= " + m, s -> s.b() >= m);
            case 3 -> new Expr("b % 3 == 0", s -> s.b() % 3 == 0);
            case 4 -> new Expr("d > " + x, s -> s.d() > x);
            case 5 -> new Expr("d * 2.0 <= " + x, s -> s.d() * 2.0 <= x);
            case 6 -> new Expr("s == '" + lit + "'", s -> s.s().equals(lit));
            case 7 -> new Expr("s.startsWith('" + lit + "')", s -> s.s().startsWith(lit));
            case 8 -> new Expr("size(s) > " + (k + 5) / 3, s -> s.s().length() > (k + 5) / 3);
            default -> new Expr("f", Sample::f);
        };
    }
}
