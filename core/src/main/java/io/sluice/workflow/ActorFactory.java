package io.sluice.workflow;

import io.sluice.actor.Actor;

/**
 * Creates an actor of one type from parameters; registered under a type name in an
 * {@link ActorRegistry} so that JSON workflows can use it.
 *
 * <p>Called on the thread that loads the workflow; a new actor is created for every use.
 */
@FunctionalInterface
public interface ActorFactory {

    /**
     * Creates an actor.
     *
     * @throws IllegalArgumentException if a parameter is missing or invalid; the message should
     *     name the parameter (the {@link Parameters} getters do)
     * @throws Exception for other failures; the loader reports them with the actor and line
     */
    Actor create(Parameters parameters) throws Exception;
}
