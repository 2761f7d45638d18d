package io.sluice.actors.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class NumbersTest {

    @Test
    void intWithIntGivesIntAndWrapsAsJavaDoes() {
        assertThat(Numbers.add(2, 3)).isEqualTo(5);
        assertThat(Numbers.add(Integer.MAX_VALUE, 1)).isEqualTo(Integer.MIN_VALUE);
        assertThat(Numbers.multiply(1 << 16, 1 << 16)).isEqualTo(0);
        assertThat(Numbers.negate(Integer.MIN_VALUE)).isEqualTo(Integer.MIN_VALUE);
        assertThat(Numbers.divide(Integer.MIN_VALUE, -1)).isEqualTo(Integer.MIN_VALUE);
    }

    @Test
    void aLongMakesLongsAndADoubleMakesDoubles() {
        assertThat(Numbers.add(Integer.MAX_VALUE, 1L)).isEqualTo(2_147_483_648L);
        assertThat(Numbers.subtract(1L, 3)).isEqualTo(-2L);
        assertThat(Numbers.multiply(3, 0.5)).isEqualTo(1.5);
        assertThat(Numbers.add(1L, 0.5)).isEqualTo(1.5);
        assertThat(Numbers.divide(7, 2)).isEqualTo(3);
        assertThat(Numbers.divide(-7, 2)).isEqualTo(-3);
        assertThat(Numbers.divide(7L, 2)).isEqualTo(3L);
        assertThat(Numbers.divide(7, 2.0)).isEqualTo(3.5);
        assertThat(Numbers.negate(2L)).isEqualTo(-2L);
    }

    @Test
    void integerDivisionByZeroThrowsAndDoublesFollowIeee() {
        assertThatThrownBy(() -> Numbers.divide(1, 0)).isInstanceOf(ArithmeticException.class)
                .hasMessageContaining("division by zero");
        assertThatThrownBy(() -> Numbers.divide(1L, 0)).isInstanceOf(ArithmeticException.class);
        assertThat(Numbers.divide(1, 0.0)).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(Numbers.divide(-1.0, 0)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat((Double) Numbers.divide(0.0, 0)).isNaN();
    }

    @Test
    void otherNumberClassesAreReadAsJsonWouldReadTheSameText() {
        assertThat(Numbers.widen((short) 3)).isEqualTo(3);
        assertThat(Numbers.widen((byte) 3)).isEqualTo(3);
        assertThat(Numbers.widen(1.5f)).isEqualTo(1.5);
        assertThat(Numbers.widen(new BigDecimal("0.25"))).isEqualTo(0.25);
        assertThat(Numbers.widen(BigInteger.valueOf(7))).isEqualTo(7);
        assertThat(Numbers.widen(BigInteger.valueOf(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
        assertThat(Numbers.widen(BigInteger.valueOf(Integer.MIN_VALUE))).isEqualTo(Integer.MIN_VALUE);
        assertThat(Numbers.widen(BigInteger.valueOf(Integer.MAX_VALUE + 1L))).isEqualTo(Integer.MAX_VALUE + 1L);
        assertThatThrownBy(() -> Numbers.widen(BigInteger.TWO.pow(64))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("beyond the long range");
        assertThatThrownBy(() -> Numbers.widen(new java.util.concurrent.atomic.AtomicInteger(1)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("AtomicInteger");
    }

    @Test
    void widenToAWiderKindOnly() {
        assertThat(Numbers.widen(3, Numbers.Kind.LONG)).isEqualTo(3L);
        assertThat(Numbers.widen(3L, Numbers.Kind.DOUBLE)).isEqualTo(3.0);
        assertThatThrownBy(() -> Numbers.widen(3.5, Numbers.Kind.INT)).isInstanceOf(IllegalArgumentException.class);
        assertThat(Numbers.zero(Numbers.Kind.LONG)).isEqualTo(0L);
        assertThat(Numbers.one(Numbers.Kind.DOUBLE)).isEqualTo(1.0);
    }

    @Test
    void kindOfKnowsTheBoxedPrimitivesOnly() {
        assertThat(Numbers.kindOf((byte) 1)).isEqualTo(Numbers.Kind.INT);
        assertThat(Numbers.kindOf((short) 1)).isEqualTo(Numbers.Kind.INT);
        assertThat(Numbers.kindOf(1L)).isEqualTo(Numbers.Kind.LONG);
        assertThat(Numbers.kindOf(1.5f)).isEqualTo(Numbers.Kind.DOUBLE);
        assertThat(Numbers.kindOf(BigInteger.ONE)).isNull();
        assertThat(Numbers.kindOf(BigDecimal.ONE)).isNull();
        assertThat(Numbers.kindOf("1")).isNull();
        assertThat(Numbers.kindOf(null)).isNull();
    }

    @Test
    void remainderHasTheSignOfTheDividendAndFailsOnAZeroIntegerDivisor() {
        assertThat(Numbers.remainder(-7, 3)).isEqualTo(-1);
        assertThat(Numbers.remainder(7, -3L)).isEqualTo(1L);
        assertThat(Numbers.remainder(7.5, 2)).isEqualTo(1.5);
        assertThat(Numbers.remainder(Integer.MIN_VALUE, -1)).isEqualTo(0);
        assertThat((Double) Numbers.remainder(1, 0.0)).isNaN();
        assertThatThrownBy(() -> Numbers.remainder(5L, 0)).isInstanceOf(ArithmeticException.class)
                .hasMessageContaining("division by zero");
    }

    @Test
    void comparisonsWidenAndNaNIsUnordered() {
        assertThat(Numbers.isLess(1, 2L)).isTrue();
        assertThat(Numbers.isLess(2, 2.0)).isFalse();
        assertThat(Numbers.isLessOrEqual(2, 2.0)).isTrue();
        assertThat(Numbers.isLess(Long.MAX_VALUE - 1, Long.MAX_VALUE)).as("compared as longs, not doubles").isTrue();
        assertThat(Numbers.isEqual(1, 1.0)).isTrue();
        assertThat(Numbers.isEqual(-0.0, 0.0)).isTrue();
        assertThat(Numbers.isEqual(Double.NaN, Double.NaN)).isFalse();
        assertThat(Numbers.isLess(Double.NaN, 1)).isFalse();
        assertThat(Numbers.isLessOrEqual(1, Double.NaN)).isFalse();
    }

    @Test
    void absMinAndMaxAsMathSays() {
        assertThat(Numbers.abs((short) -3)).isEqualTo(3);
        assertThat(Numbers.abs(Integer.MIN_VALUE)).isEqualTo(Integer.MIN_VALUE);
        assertThat(Numbers.abs(-3L)).isEqualTo(3L);
        assertThat(Numbers.abs(-0.0)).isEqualTo(0.0);
        assertThat(Numbers.max(1, 2L)).isEqualTo(2L);
        assertThat(Numbers.min(1, 0.5f)).isEqualTo(0.5);
        assertThat(Numbers.min(-0.0, 0.0)).isEqualTo(-0.0);
        assertThat((Double) Numbers.max(Double.NaN, 1)).isNaN();
    }

    @Test
    void closenessComparesWidenedValues() {
        assertThat(Numbers.isCloseTo(1, 1L, 0)).isTrue();
        assertThat(Numbers.isCloseTo(1, 1.0, 0)).isTrue();
        assertThat(Numbers.isCloseTo(1, 2, 0.99)).isFalse();
        assertThat(Numbers.isCloseTo(1, 2, 1)).isTrue();
        assertThat(Numbers.isCloseTo(0.1 + 0.2, 0.3, 1e-9)).isTrue();
        assertThat(Numbers.isCloseTo(0.1 + 0.2, 0.3, 0)).isFalse();
        // The difference of two longs does not overflow.
        assertThat(Numbers.isCloseTo(Long.MAX_VALUE, Long.MIN_VALUE, 1e30)).isTrue();
        assertThat(Numbers.isCloseTo(Long.MAX_VALUE, Long.MIN_VALUE, 1e18)).isFalse();
        assertThat(Numbers.isCloseTo(Double.NaN, Double.NaN, 0)).isTrue();
        assertThat(Numbers.isCloseTo(Double.NaN, 1.0, Double.POSITIVE_INFINITY)).isFalse();
        assertThat(Numbers.isCloseTo(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0)).isTrue();
        assertThat(Numbers.isCloseTo(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e300)).isFalse();
    }
}
