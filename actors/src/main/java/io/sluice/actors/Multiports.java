package io.sluice.actors;

import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The one place that decides how a Ptolemy multiport becomes Sluice ports: a multiport {@code p}
 * of width <i>w</i> is the ports {@code p_0} ... {@code p_}<i>w-1</i>, and width 0 is no port.
 *
 * <p>Not API: package-private. Stateless; safe from any thread.
 */
final class Multiports {
    private Multiports() {}

    /** The name of channel {@code index} of multiport {@code multiport}: {@code multiport_index}. */
    static String name(String multiport, int index) {
        return multiport + "_" + index;
    }

    /**
     * The input ports that stand for a multiport of {@code width} channels, in index order.
     *
     * @param widthParameter the parameter that gave the width, for the message
     * @throws IllegalArgumentException naming {@code widthParameter} if the width is negative
     */
    static <T> List<InputPort<T>> inputs(String multiport, String widthParameter, int width, Class<T> type) {
        Tokens.nonNegative(widthParameter, width);
        List<InputPort<T>> ports = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            ports.add(Port.input(name(multiport, i), type));
        }
        return Collections.unmodifiableList(ports);
    }

    /**
     * The output ports that stand for a multiport of {@code width} channels, in index order.
     *
     * @param widthParameter the parameter that gave the width, for the message
     * @throws IllegalArgumentException naming {@code widthParameter} if the width is negative
     */
    static <T> List<OutputPort<T>> outputs(String multiport, String widthParameter, int width, Class<T> type) {
        Tokens.nonNegative(widthParameter, width);
        List<OutputPort<T>> ports = new ArrayList<>(width);
        for (int i = 0; i < width; i++) {
            ports.add(Port.output(name(multiport, i), type));
        }
        return Collections.unmodifiableList(ports);
    }

    /**
     * {@code width}, checked to be at least 1: for actors that read at least one channel.
     *
     * @throws IllegalArgumentException naming {@code widthParameter} otherwise
     */
    static int atLeastOne(String widthParameter, int width) {
        if (width < 1) {
            throw new IllegalArgumentException("parameter '" + widthParameter + "' must be at least 1, was " + width);
        }
        return width;
    }
}
