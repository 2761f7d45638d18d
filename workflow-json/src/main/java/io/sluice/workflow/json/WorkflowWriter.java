package io.sluice.workflow.json;

import io.sluice.channel.ChannelSpec;
import io.sluice.workflow.ActorNode;
import io.sluice.workflow.ChannelDefinition;
import io.sluice.workflow.PortRef;
import io.sluice.workflow.ReplicatedActor;
import io.sluice.workflow.Workflow;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of a workflow ({@link WorkflowJson#write}), as a tree of maps and lists that
 * Jackson prints: every actor with its registered type and parameters, every channel with the
 * options that differ from the defaults. Stateless.
 */
final class WorkflowWriter {
    private WorkflowWriter() {}

    /**
     * The document of {@code workflow}.
     *
     * @throws IllegalArgumentException naming the actor if one was not made from a registered
     *     type (a JSON file could not name it)
     */
    static Map<String, Object> document(Workflow workflow) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("name", workflow.name());
        if (!workflow.ui().isEmpty()) {
            doc.put("ui", workflow.ui());
        }
        List<Object> actors = new ArrayList<>();
        for (ActorNode a : workflow.actors()) {
            Class<?> made = a.actor() instanceof ReplicatedActor r ? r.copyClass() : a.actor().getClass();
            if (a.type() == null || a.type().equals(made.getName())) {
                throw new IllegalArgumentException("actor '" + a.name() + "' was not made from a registered actor type (its type is "
                        + a.type() + "), so a JSON workflow cannot name it; build it with Workflow.Builder.actor(name, actor, type,"
                        + " parameters)");
            }
            Map<String, Object> actor = new LinkedHashMap<>();
            actor.put("name", a.name());
            actor.put("type", a.type());
            if (!a.parameters().isEmpty()) {
                actor.put("params", LongValues.encode(a.parameters()));
            }
            if (a.actor() instanceof ReplicatedActor replicated) {
                actor.put("replicas", replicated.replicas());
                if (replicated.roundTokens() != replicated.replicas() * ReplicatedActor.ROUND_TOKENS_PER_COPY) {
                    actor.put("round", replicated.roundTokens());
                }
            }
            if (!a.ui().isEmpty()) {
                actor.put("ui", a.ui());
            }
            actors.add(actor);
        }
        doc.put("actors", actors);
        List<Object> channels = new ArrayList<>();
        for (ChannelDefinition c : workflow.channels()) {
            if (c.readers().isEmpty()) {
                continue; // an unconnected output: the reader leaves it so again
            }
            Map<String, Object> channel = new LinkedHashMap<>();
            channel.put("from", c.writer().toString());
            List<String> to = c.readers().stream().map(PortRef::toString).toList();
            channel.put("to", to.size() == 1 ? to.get(0) : to);
            if (!c.name().equals(c.writer().toString())) {
                channel.put("name", c.name());
            }
            if (c.capacity() != ChannelSpec.UNBOUNDED) {
                channel.put("capacity", c.capacity());
            }
            if (c.boundedInBytes()) {
                channel.put("capacityBytes", c.capacityBytes());
            }
            // The tokens the writer's actor declares come back with the actor; only the channel's own are written.
            if (!c.channelTokens().isEmpty()) {
                channel.put("initialTokens", LongValues.encode(c.channelTokens()));
            }
            if (c.policy() != null) {
                channel.put("policy", c.policy().id());
            }
            if (c.space() != null) {
                channel.put("space", c.space().toString());
            }
            if (!c.ui().isEmpty()) {
                channel.put("ui", c.ui());
            }
            channels.add(channel);
        }
        doc.put("channels", channels);
        return doc;
    }
}
