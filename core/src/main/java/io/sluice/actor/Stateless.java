package io.sluice.actor;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that an actor keeps no state from one firing to the next: what a firing puts depends
 * only on the tokens it takes (and the actor's parameters). A resumed run restarts such an actor
 * at its last checkpoint ({@link io.sluice.run.Checkpoints}) instead of replaying it from its
 * first firing: it is initialised as usual, and its readers and writers start where the
 * checkpoint left them.
 *
 * <p>An actor that keeps state implements {@link Resumable} instead, or is replayed.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Stateless {}
