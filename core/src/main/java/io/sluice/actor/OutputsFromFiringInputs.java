package io.sluice.actor;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares that what each firing of an actor puts derives only from the tokens that same firing
 * takes (and the actor's parameters), although the actor may keep state across firings: state
 * that carries no token's content, such as counters, a phase or a flag, and that at most decides
 * where a firing puts what it takes. Provenance then takes each token the actor puts to derive
 * from the tokens its firing took, as for a {@link Stateless} actor.
 *
 * <p>Without it (or {@code @Stateless}), an actor may keep tokens' content across firings (a sum,
 * a buffer, a model), so provenance takes each token it puts to derive from every token it took
 * since it started, or since the last firing that declared its state empty
 * ({@link FiringContext#declareStateEmpty()}): a lineage through such an actor is widened to
 * those tokens, and says so. Declaring this of an actor that does carry content across firings
 * makes its lineages miss what they derive from.
 *
 * <p>Unlike {@code @Stateless}, it says nothing about resuming: an actor with state implements
 * {@link Resumable} to be restarted from a checkpoint.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface OutputsFromFiringInputs {}
