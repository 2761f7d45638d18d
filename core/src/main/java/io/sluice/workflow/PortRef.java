package io.sluice.workflow;

import io.sluice.actor.Names;

/**
 * A port of an actor in a workflow, written {@code actor.port}.
 *
 * @param actor the actor's name
 * @param port the port's name
 */
public record PortRef(String actor, String port) {

    public PortRef {
        Names.require("actor", actor);
        Names.require("port", port);
    }

    /**
     * Parses {@code actor.port}.
     *
     * @throws WorkflowDefinitionException if the text is not of that form
     */
    public static PortRef parse(String text) {
        int dot = text == null ? -1 : text.indexOf('.');
        if (dot <= 0 || dot != text.lastIndexOf('.') || dot == text.length() - 1) {
            throw new WorkflowDefinitionException("port reference " + (text == null ? "null" : "'" + text + "'")
                    + " is not of the form actor.port");
        }
        try {
            return new PortRef(text.substring(0, dot), text.substring(dot + 1));
        } catch (IllegalArgumentException e) {
            throw new WorkflowDefinitionException("port reference '" + text + "': " + e.getMessage());
        }
    }

    @Override
    public String toString() {
        return actor + "." + port;
    }
}
