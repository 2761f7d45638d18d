package io.sluice.run;

import io.sluice.actor.Names;
import io.sluice.channel.ChannelFactory;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.PortRef;
import io.sluice.workflow.Workflow;
import java.util.Collection;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The part of a workflow one run fires when the workflow is split over several processes: the
 * actors fired here, and the factory of the channels shared with the other parts.
 *
 * <p>A channel between an actor here and one elsewhere is <em>shared</em>: it is opened from
 * {@link #shared()} under its own name (by default its writer port, {@code actor.port}), so
 * every part opens the same channel, e.g. in a space ({@code RemoteSpace}). The writer's part
 * writes it, initial tokens included; each part reads it only through its own readers. A channel
 * with no actor here is not opened at all; one with every actor here is an ordinary channel of the
 * run's factory. The run does not bound a shared channel (its readers elsewhere cannot be
 * waited on), and an actor waiting for a token of a channel written elsewhere waits for its peer:
 * that is never called a deadlock, so a run whose peers never come waits until its timeout.
 *
 * <p>Immutable; the run neither opens nor closes {@link #shared()} itself, only the channels it
 * opens from it.
 *
 * @param actors the names of the actors fired here: at least one
 * @param shared opens the channels between actors here and actors elsewhere
 */
public record RunPart(Set<String> actors, ChannelFactory shared) {

    /** @throws IllegalArgumentException if {@code actors} is empty or holds an invalid name */
    public RunPart {
        if (actors.isEmpty()) {
            throw new IllegalArgumentException("a part of a workflow fires at least one actor");
        }
        actors.forEach(a -> Names.require("actor", a));
        actors = Set.copyOf(new TreeSet<>(actors));
        Objects.requireNonNull(shared, "shared");
    }

    /** Whether the actor {@code name} is fired here. */
    public boolean has(String name) {
        return actors.contains(name);
    }

    /** Whether {@code channel} joins an actor here and an actor elsewhere. */
    public boolean shares(ChannelDefinition channel) {
        boolean any = has(channel.writer().actor());
        boolean all = any;
        for (PortRef reader : channel.readers()) {
            boolean here = has(reader.actor());
            any |= here;
            all &= here;
        }
        return any && !all;
    }

    /** Whether {@code channel} has its writer or a reader here. */
    public boolean touches(ChannelDefinition channel) {
        return has(channel.writer().actor()) || channel.readers().stream().anyMatch(r -> has(r.actor()));
    }

    /**
     * Checks that every actor named is one of the workflow's.
     *
     * @throws IllegalArgumentException naming the unknown actors and the workflow's
     */
    public void requireIn(Workflow workflow) {
        requireActors(workflow, actors);
    }

    /**
     * Checks that every name of {@code actors} is an actor of {@code workflow}, as a part of it
     * must be.
     *
     * @throws IllegalArgumentException naming the unknown actors and the workflow's
     */
    public static void requireActors(Workflow workflow, Collection<String> actors) {
        Set<String> unknown = new TreeSet<>(actors);
        workflow.actors().forEach(a -> unknown.remove(a.name()));
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("workflow '" + workflow.name() + "' has no actor " + String.join(", ", unknown)
                    + "; its actors: " + workflow.actors().stream().map(a -> a.name()).toList());
        }
    }
}
