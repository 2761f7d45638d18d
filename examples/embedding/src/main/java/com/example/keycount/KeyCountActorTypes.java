package com.example.keycount;

import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ActorTypes;

/**
 * This jar's actor types for JSON workflows: {@code count-per-key}, with the parameter
 * {@code keyLength} (default 1). Listed in {@code META-INF/services/io.sluice.workflow.ActorTypes},
 * so that {@code ActorRegistry.discover} (and so {@code sluice run}) finds it on the class path.
 */
public final class KeyCountActorTypes implements ActorTypes {
    @Override
    public void registerTo(ActorRegistry.Builder registry) {
        registry.register("count-per-key", params -> new CountPerKey(params.intValue("keyLength", 1)));
    }
}
