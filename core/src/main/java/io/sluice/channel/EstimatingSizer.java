package io.sluice.channel;

/** {@link TokenSizer#estimate()}. */
final class EstimatingSizer implements TokenSizer {
    static final EstimatingSizer INSTANCE = new EstimatingSizer();
    private static final long ARRAY_HEADER = 16;
    private static final long STRING_BYTES = 40;

    private EstimatingSizer() {}

    @Override
    public long sizeOf(Object token) {
        if (token instanceof String s) {
            return STRING_BYTES + s.length();
        }
        if (token instanceof byte[] b) {
            return ARRAY_HEADER + b.length;
        }
        if (token instanceof Sized s) {
            return Math.max(0, s.estimatedBytes());
        }
        if (token instanceof Long || token instanceof Double) {
            return 24;
        }
        if (token instanceof Number || token instanceof Boolean || token instanceof Character) {
            return 16;
        }
        if (token.getClass().isArray()) {
            return ARRAY_HEADER + arrayBytes(token);
        }
        return OTHER_OBJECT_BYTES;
    }

    private static long arrayBytes(Object array) {
        if (array instanceof Object[] a) {
            return 4L * a.length;
        }
        if (array instanceof char[] a) {
            return 2L * a.length;
        }
        if (array instanceof int[] a) {
            return 4L * a.length;
        }
        if (array instanceof long[] a) {
            return 8L * a.length;
        }
        if (array instanceof double[] a) {
            return 8L * a.length;
        }
        if (array instanceof float[] a) {
            return 4L * a.length;
        }
        if (array instanceof short[] a) {
            return 2L * a.length;
        }
        return array instanceof boolean[] a ? a.length : 0;
    }

    @Override
    public String toString() {
        return "TokenSizer.estimate()";
    }
}
