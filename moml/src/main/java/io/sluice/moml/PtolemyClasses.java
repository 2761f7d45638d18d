package io.sluice.moml;

/**
 * A service that tells the MoML importer how to map Ptolemy II classes onto Sluice actor types:
 * list the implementation in {@code META-INF/services/io.sluice.moml.PtolemyClasses}, as
 * {@link io.sluice.workflow.ActorTypes} are listed for the types themselves.
 */
public interface PtolemyClasses {

    /** Registers this provider's mappings. */
    void registerTo(PtolemyClassRegistry.Builder registry);
}
