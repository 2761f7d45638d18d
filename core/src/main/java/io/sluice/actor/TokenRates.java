package io.sluice.actor;

/**
 * An actor that declares how many tokens each of its firings takes from each input and puts to
 * each output: its synchronous dataflow (SDF) rates. The SDF director computes a static schedule
 * from them. An actor that does not implement this interface takes and puts one token per
 * connected port and firing, as Ptolemy II's actors do by default.
 *
 * <p>The rates are a promise: under the SDF director a firing that takes or puts another number
 * of tokens on a connected port fails the run, naming the actor, the port and both numbers. Other
 * directors ignore them.
 */
public interface TokenRates {

    /**
     * The tokens each firing takes from {@code port} (an input) or puts to it (an output): at
     * least 1. Called before the run starts, from any thread; must return the same value every
     * time.
     */
    int rate(Port<?> port);

    /** The rate of {@code port} of {@code actor}: its declared one, or 1. */
    static int of(Actor actor, Port<?> port) {
        return actor instanceof TokenRates r ? r.rate(port) : 1;
    }
}
