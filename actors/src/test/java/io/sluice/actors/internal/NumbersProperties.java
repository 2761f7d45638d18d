package io.sluice.actors.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Widening and the arithmetic of {@link Numbers} agree with exact {@link BigDecimal} arithmetic on
 * the widened values, then rounded to the result's kind: wrapped to 32 or 64 bits for ints and
 * longs (as Java and Ptolemy wrap), rounded to the nearest double for doubles (as IEEE 754 rounds).
 */
class NumbersProperties {

    @Provide
    Arbitrary<Number> numbers() {
        Arbitrary<Number> ints = Arbitraries.integers().edgeCases(c -> c.add(Integer.MIN_VALUE, Integer.MAX_VALUE))
                .map(i -> (Number) i);
        Arbitrary<Number> longs = Arbitraries.longs().map(l -> (Number) l);
        Arbitrary<Number> doubles = Arbitraries.doubles().map(d -> (Number) d);
        Arbitrary<Number> others = Arbitraries.oneOf(
                Arbitraries.shorts().map(s -> (Number) s),
                Arbitraries.floats().map(f -> (Number) f),
                Arbitraries.longs().map(l -> (Number) BigInteger.valueOf(l)),
                Arbitraries.doubles().map(d -> (Number) BigDecimal.valueOf(d)));
        return Arbitraries.frequencyOf(
                Tuple.of(4, ints), Tuple.of(3, longs),
                Tuple.of(3, doubles), Tuple.of(1, others));
    }

    @Property(tries = 2000)
    void wideningKeepsTheValueUpToTheKindsPrecision(@ForAll("numbers") Number n) {
        Number widened = Numbers.widen(n);
        Numbers.Kind kind = Numbers.kind(n);
        assertThat(widened).isInstanceOf(kind.type());
        BigDecimal exact = exact(n);
        if (kind == Numbers.Kind.DOUBLE) {
            assertSameNumber(widened, rounded(exact, kind));
        } else {
            assertThat(exact(widened)).isEqualByComparingTo(exact);
        }
        for (Numbers.Kind wider : Numbers.Kind.values()) {
            if (wider.compareTo(kind) >= 0) {
                Number w = Numbers.widen(n, wider);
                assertThat(w).isInstanceOf(wider.type());
                assertSameNumber(w, rounded(exact, wider));
            }
        }
    }

    @Property(tries = 3000)
    void addAndSubtractAgreeWithBigDecimal(@ForAll("numbers") Number a, @ForAll("numbers") Number b) {
        Numbers.Kind kind = Numbers.kind(a).join(Numbers.kind(b));
        BigDecimal x = exact(Numbers.widen(a, kind));
        BigDecimal y = exact(Numbers.widen(b, kind));
        assertSameNumber(Numbers.add(a, b), rounded(x.add(y), kind));
        assertSameNumber(Numbers.subtract(a, b), rounded(x.subtract(y), kind));
    }

    @Property(tries = 2000)
    void multiplyAgreesWithBigDecimal(@ForAll("numbers") Number a, @ForAll("numbers") Number b) {
        Numbers.Kind kind = Numbers.kind(a).join(Numbers.kind(b));
        BigDecimal x = exact(Numbers.widen(a, kind));
        BigDecimal y = exact(Numbers.widen(b, kind));
        assertSameNumber(Numbers.multiply(a, b), rounded(x.multiply(y), kind));
    }

    @Property(tries = 2000)
    void remainderAgreesWithBigDecimal(@ForAll("numbers") Number a, @ForAll("numbers") Number b) {
        Numbers.Kind kind = Numbers.kind(a).join(Numbers.kind(b));
        BigDecimal x = exact(Numbers.widen(a, kind));
        BigDecimal y = exact(Numbers.widen(b, kind));
        if (y.signum() != 0) {
            // a remainder is exact in every kind, and has the sign of the dividend in both
            assertSameNumber(Numbers.remainder(a, b), rounded(x.remainder(y), kind));
        }
    }

    @Property(tries = 2000)
    void comparisonsAgreeWithBigDecimal(@ForAll("numbers") Number a, @ForAll("numbers") Number b) {
        Numbers.Kind kind = Numbers.kind(a).join(Numbers.kind(b));
        int order = exact(Numbers.widen(a, kind)).compareTo(exact(Numbers.widen(b, kind)));
        assertThat(Numbers.isLess(a, b)).isEqualTo(order < 0);
        assertThat(Numbers.isLessOrEqual(a, b)).isEqualTo(order <= 0);
        assertThat(Numbers.isEqual(a, b)).isEqualTo(order == 0);
    }

    /** Same class and value; for doubles by {@code ==}, since BigDecimal has no negative zero. */
    private static void assertSameNumber(Number actual, Number expected) {
        assertThat(actual).isInstanceOf(expected.getClass());
        if (expected instanceof Double) {
            assertThat(actual.doubleValue() == expected.doubleValue()).as(actual + " == " + expected).isTrue();
        } else {
            assertThat(actual).isEqualTo(expected);
        }
    }

    /** The exact value of an Integer, Long or Double (a finite one, as the generators make). */
    private static BigDecimal exact(Number n) {
        if (n instanceof BigDecimal d) {
            return d;
        }
        if (n instanceof BigInteger i) {
            return new BigDecimal(i);
        }
        if (n instanceof Double || n instanceof Float) {
            return new BigDecimal(n.doubleValue());
        }
        return BigDecimal.valueOf(n.longValue());
    }

    /** An exact value in a kind: wrapped to its bits for ints and longs, the nearest double for doubles. */
    private static Number rounded(BigDecimal exact, Numbers.Kind kind) {
        return switch (kind) {
            case INT -> Integer.valueOf(exact.toBigIntegerExact().intValue());
            case LONG -> Long.valueOf(exact.toBigIntegerExact().longValue());
            case DOUBLE -> Double.valueOf(exact.doubleValue());
        };
    }
}
