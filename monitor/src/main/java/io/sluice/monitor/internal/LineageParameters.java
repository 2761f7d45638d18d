package io.sluice.monitor.internal;

import io.sluice.monitor.LineageQuery;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The parameters of {@code /lineage} ({@code channel}, {@code seq}, {@code direction},
 * {@code depth}), which the page's address carries too: the one place that names them and spells
 * the directions. Stateless.
 */
public final class LineageParameters {
    static final String CHANNEL = "channel";
    static final String SEQ = "seq";
    static final String DIRECTION = "direction";
    static final String DEPTH = "depth";
    private static final List<String> NAMES = List.of(CHANNEL, SEQ, DIRECTION, DEPTH);

    static final String BACK = "back";
    static final String FORWARD = "forward";

    private LineageParameters() {}

    /** A parameter that is missing, repeated, unknown or not what it should be; the message names it. */
    static final class BadParameter extends Exception {
        private static final long serialVersionUID = 1L;
        private final String parameter;

        BadParameter(String parameter, String message) {
            super(message);
            this.parameter = parameter;
        }

        /** The parameter's name. */
        String parameter() {
            return parameter;
        }
    }

    /**
     * The query the parameters of a request ask, or null if there are none (a request for what the
     * source answers about).
     *
     * @throws BadParameter naming the first parameter that is unknown, repeated, missing or wrong
     */
    static LineageQuery parse(Map<String, List<String>> parameters) throws BadParameter {
        if (parameters.isEmpty()) {
            return null;
        }
        for (Map.Entry<String, List<String>> p : parameters.entrySet()) {
            if (!NAMES.contains(p.getKey())) {
                throw new BadParameter(p.getKey(), "unknown parameter '" + p.getKey() + "': /lineage takes " + CHANNEL + ", " + SEQ
                        + ", " + DIRECTION + " and " + DEPTH);
            }
            if (p.getValue().size() > 1) {
                throw new BadParameter(p.getKey(), "parameter '" + p.getKey() + "' is given " + p.getValue().size()
                        + " times: give it once");
            }
        }
        String channel = one(parameters, CHANNEL);
        if (channel == null || channel.isEmpty()) {
            throw new BadParameter(CHANNEL, "parameter '" + CHANNEL + "' is " + (channel == null ? "missing" : "empty")
                    + ": the token's channel, e.g. channel=filter.out");
        }
        String seqText = one(parameters, SEQ);
        if (seqText == null) {
            throw new BadParameter(SEQ, "parameter '" + SEQ + "' is missing: the token's position in its channel, from 0, e.g. seq=41");
        }
        long seq = number(seqText, 0, Long.MAX_VALUE, SEQ, "a whole number from 0");
        LineageQuery.Direction direction = direction(one(parameters, DIRECTION));
        String depthText = one(parameters, DEPTH);
        int depth = depthText == null ? LineageQuery.DEFAULT_DEPTH
                : (int) number(depthText, 1, LineageQuery.MAX_DEPTH, DEPTH, "a whole number from 1 to " + LineageQuery.MAX_DEPTH);
        return new LineageQuery(channel, seq, direction, depth);
    }

    /** The parameters that ask {@code query}: {@code channel=…&seq=…&direction=…&depth=…}, encoded for a URI. */
    public static String query(LineageQuery query) {
        return CHANNEL + "=" + URLEncoder.encode(query.channel(), StandardCharsets.UTF_8) + "&" + SEQ + "=" + query.seq() + "&"
                + DIRECTION + "=" + name(query.direction()) + "&" + DEPTH + "=" + query.depth();
    }

    /** How {@code direction} is spelled in a query and in the JSON that answers it. */
    static String name(LineageQuery.Direction direction) {
        return direction == LineageQuery.Direction.BACKWARD ? BACK : FORWARD;
    }

    private static LineageQuery.Direction direction(String text) throws BadParameter {
        if (text == null) {
            return LineageQuery.Direction.BACKWARD;
        }
        switch (text.toLowerCase(Locale.ROOT)) {
            case BACK, "backward":
                return LineageQuery.Direction.BACKWARD;
            case FORWARD:
                return LineageQuery.Direction.FORWARD;
            default:
                throw new BadParameter(DIRECTION, "parameter '" + DIRECTION + "' must be " + BACK + " or " + FORWARD + ", not '"
                        + text + "'");
        }
    }

    private static long number(String text, long min, long max, String name, String what) throws BadParameter {
        long n;
        try {
            n = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new BadParameter(name, "parameter '" + name + "' must be " + what + ", not '" + text + "'");
        }
        if (n < min || n > max) {
            throw new BadParameter(name, "parameter '" + name + "' must be " + what + ", not " + n);
        }
        return n;
    }

    private static String one(Map<String, List<String>> parameters, String name) {
        List<String> values = parameters.get(name);
        return values == null ? null : values.get(0);
    }
}
