package io.sluice.moml.internal;

import io.sluice.moml.ClassMapping;
import java.util.List;
import java.util.Map;

/**
 * An atomic entity of a model: its path in the model ({@code composite.entity}), its element,
 * the mapping of its class, the scope its parameters are evaluated in, and its ports' links in
 * channel order (the relations each port is linked to, by port name).
 */
record Atomic(String path, XmlElement entity, ClassMapping mapping, Scope scope, Map<String, List<String>> links) {

    /** How errors name it: {@code entity 'path' (class)}. */
    String described() {
        return "entity '" + path + "' (" + entity.className() + ")";
    }
}
