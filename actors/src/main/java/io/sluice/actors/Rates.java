package io.sluice.actors;

/**
 * Checks of the parameters that set a multirate actor's token rates. Not API: package-private.
 * Stateless.
 */
final class Rates {
    private Rates() {}

    /**
     * A rate or length that must be at least 1.
     *
     * @throws IllegalArgumentException naming the parameter otherwise
     */
    static int positive(String parameter, long value) {
        if (value < 1 || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("parameter '" + parameter + "' must be an integer from 1 to " + Integer.MAX_VALUE
                    + ", got " + value);
        }
        return (int) value;
    }

    /**
     * A phase, from 0 to {@code factor - 1}.
     *
     * @throws IllegalArgumentException naming the parameter otherwise
     */
    static int phase(String parameter, long value, int factor) {
        if (value < 0 || value >= factor) {
            throw new IllegalArgumentException("parameter '" + parameter + "' must be from 0 to " + (factor - 1)
                    + " (the factor less one), got " + value);
        }
        return (int) value;
    }
}
