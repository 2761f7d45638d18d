package io.sluice.workflow;

/**
 * A service that contributes actor types to {@link ActorRegistry#discover(ClassLoader)}: list the
 * implementation in {@code META-INF/services/io.sluice.workflow.ActorTypes}.
 */
public interface ActorTypes {

    /** Registers this provider's types. */
    void registerTo(ActorRegistry.Builder registry);
}
