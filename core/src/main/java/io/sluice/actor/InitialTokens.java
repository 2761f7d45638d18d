package io.sluice.actor;

import java.util.List;

/**
 * An actor that declares tokens on some of its output ports before its first firing: a delay
 * (Ptolemy's {@code SampleDelay}), which lets a feedback loop start. The workflow places them on
 * the port's channel before any actor fires, ahead of the channel's own
 * {@linkplain io.sluice.workflow.ChannelOptions#initialTokens initial tokens}, so every director
 * honours them the same way: the SDF director counts them when it solves and simulates its
 * schedule, and the data- and demand-driven directors find them waiting on the channel. They are
 * produced by no firing: provenance records them as the channel's initial tokens, and the actor's
 * firings, and their {@link TokenRates}, cover only what the firings put.
 *
 * <p>An actor that does not implement this interface declares none.
 */
public interface InitialTokens {

    /**
     * The tokens on {@code port}'s channel before any firing, in order; empty for none. Each must
     * be of the port's type. Called while a workflow is built, on the builder's thread; must
     * return the same tokens every time.
     */
    List<?> initialTokens(OutputPort<?> port);

    /** The initial tokens {@code actor} declares on {@code port}: its declared ones, or none. */
    static List<?> of(Actor actor, OutputPort<?> port) {
        if (actor instanceof InitialTokens declaring) {
            List<?> tokens = declaring.initialTokens(port);
            return tokens == null ? List.of() : tokens;
        }
        return List.of();
    }
}
