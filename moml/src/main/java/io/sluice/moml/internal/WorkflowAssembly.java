package io.sluice.moml.internal;

import io.sluice.actor.Actor;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.WorkflowDefinitionException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Builds the workflow of a walked model ({@link ModelWalk}): an actor per atomic entity, named
 * after its path, with what an editor needs of the entity in its {@code ui}; a channel per
 * relation group, from its one writing port to every reading one, multiport links in their link
 * order. Every error names the entity or relation and the line. Used once, by one thread.
 */
final class WorkflowAssembly {
    private final ModelSource source;
    private final ActorCreation creation;

    WorkflowAssembly(ModelSource source, ActorCreation creation) {
        this.source = source;
        this.creation = creation;
    }

    /** One end of a channel: an actor's Sluice port, and the entity it came from. */
    private record PortEnd(String actor, String port, Atomic atomic) {
        @Override
        public String toString() {
            return "'" + atomic.path() + "." + port + "'";
        }
    }

    /**
     * The workflow named {@code name} of {@code walk}'s entities; its sources limited to
     * {@code iterations} if present, times the source's firings per iteration in
     * {@code perIteration} (1 for a source it does not name).
     */
    Workflow build(String name, ModelWalk walk, OptionalLong iterations, Map<String, Long> perIteration) {
        Workflow.Builder builder;
        try {
            builder = Workflow.builder(SluiceNames.sanitize(name.isEmpty() ? "model" : name));
        } catch (IllegalArgumentException e) {
            throw new WorkflowDefinitionException(e.getMessage(), source.at(1), e);
        }
        Relations relations = walk.relations();
        SluiceNames names = new SluiceNames();
        Map<Channel, List<PortEnd>> writers = new LinkedHashMap<>();
        Map<Channel, List<PortEnd>> readers = new LinkedHashMap<>();
        for (Atomic a : walk.atomics()) {
            String actorName = names.unique(a.path());
            OptionalLong limit = iterations.isPresent()
                    ? OptionalLong.of(Math.multiplyExact(iterations.getAsLong(), perIteration.getOrDefault(actorName, 1L)))
                    : iterations;
            ActorCreation.Created created = creation.create(a, actorName, limit);
            Actor actor = created.actor();
            builder.at(source.at(a.entity().line()));
            builder.actor(actorName, actor, a.mapping().type(), created.parameters());
            Map<String, Object> ui = ui(a);
            if (!ui.isEmpty()) {
                builder.actorUi(actorName, ui);
            }
            Map<String, Port<?>> ports = new HashMap<>();
            actor.ports().forEach(p -> ports.put(p.name(), p));
            for (Map.Entry<String, List<String>> e : a.links().entrySet()) {
                String portName = e.getKey();
                List<String> linked = e.getValue();
                int width = a.width(portName);
                boolean multiport = a.mapping().isMultiport(portName)
                        && !(width <= 1 && a.mapping().isPlainWhenSingle(portName));
                if (!a.mapping().isMultiport(portName) && linked.size() > 1) {
                    throw source.error("port '" + portName + "' of " + a.described() + " is linked to " + linked.size()
                            + " relations, but is not a multiport in Sluice's type '" + a.mapping().type() + "'", a.entity());
                }
                int next = 0;
                for (String relation : linked) {
                    // A multiport takes every channel of a wide relation, in order; a single port its first (Ptolemy's width 1).
                    int channels = multiport ? relations.width(relation) : 1;
                    for (int c = 0; c < channels; c++) {
                        String sluicePort = multiport ? portName + "_" + next++ : portName;
                        Port<?> port = ports.get(sluicePort);
                        if (port == null) {
                            throw source.error(a.described() + " links port '" + portName + "', which Sluice's type '"
                                    + a.mapping().type() + "' does not have; its ports: " + ports.keySet(), a.entity());
                        }
                        Channel channel = new Channel(relations.find(relation), c);
                        (port instanceof OutputPort<?> ? writers : readers).computeIfAbsent(channel, k -> new ArrayList<>())
                                .add(new PortEnd(actorName, sluicePort, a));
                    }
                }
            }
        }
        checkGroupWidths(relations);
        connect(builder, relations, writers, readers);
        try {
            return builder.at(null).build();
        } catch (WorkflowDefinitionException e) {
            throw e;
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new WorkflowDefinitionException(e.getMessage(), source.at(1), e);
        }
    }

    /** One channel of a relation group: the group's representative and the channel's index in it. */
    private record Channel(String group, int index) {
        @Override
        public String toString() {
            return "relation '" + group + "'" + (index > 0 ? " (channel " + index + ")" : "");
        }
    }

    /** The relations of a group carry the same channels, so the widths their files give must agree. */
    private void checkGroupWidths(Relations relations) {
        Map<String, String> widest = new HashMap<>();
        for (String path : relations.paths()) {
            if (relations.declaredWidth(path) == 0) {
                continue;
            }
            String group = relations.find(path);
            String seen = widest.putIfAbsent(group, path);
            if (seen != null && relations.width(seen) != relations.width(path)) {
                throw source.error("relations '" + seen + "' (width " + relations.width(seen) + ") and '" + path + "' (width "
                        + relations.width(path) + ") are linked into one, but their widths differ", relations.element(path));
            }
        }
    }

    /** A channel per relation group's channel, from its one writer to each reader. */
    private void connect(Workflow.Builder builder, Relations relations, Map<Channel, List<PortEnd>> writers,
            Map<Channel, List<PortEnd>> readers) {
        for (Map.Entry<Channel, List<PortEnd>> e : writers.entrySet()) {
            if (e.getValue().size() > 1) {
                throw source.error(e.getKey() + " is written by " + e.getValue().size() + " output ports " + e.getValue()
                        + "; a Sluice channel has one writer", relations.element(e.getKey().group()));
            }
        }
        for (Map.Entry<Channel, List<PortEnd>> e : readers.entrySet()) {
            List<PortEnd> from = writers.getOrDefault(e.getKey(), List.of());
            XmlElement relation = relations.element(e.getKey().group());
            if (from.isEmpty()) {
                throw source.error(e.getKey() + " is read by " + e.getValue() + " but no output port writes it", relation);
            }
            PortEnd writer = from.get(0);
            builder.at(source.at(relation.line()));
            for (PortEnd reader : e.getValue()) {
                try {
                    builder.connect(writer.actor + "." + writer.port, reader.actor + "." + reader.port);
                } catch (IllegalArgumentException ex) {
                    throw source.error(ex.getMessage(), relation);
                }
            }
        }
    }

    /**
     * What an editor needs of the entity, kept in the actor's {@code ui}: its Ptolemy class and
     * its {@code _location}, in any of the three forms Ptolemy writes ({@code {x, y}},
     * {@code [x, y]}, {@code x, y}), as {@code location: [x, y]}. A location in another form is
     * left out: it only serves the editor.
     */
    private static Map<String, Object> ui(Atomic a) {
        Map<String, Object> ui = new LinkedHashMap<>();
        ui.put("ptolemyClass", a.entity().className());
        for (XmlElement p : a.entity().children("property")) {
            if (p.name().equals("_location") && p.attribute("value").isPresent()) {
                String[] xy = p.attribute("value").get().replace("{", "").replace("}", "").replace("[", "").replace("]", "").split(",");
                if (xy.length == 2) {
                    try {
                        ui.put("location", List.of(Double.parseDouble(xy[0].strip()), Double.parseDouble(xy[1].strip())));
                    } catch (NumberFormatException e) {
                        // Not a position Sluice reads; the editor's only.
                    }
                }
            }
        }
        return ui;
    }
}
