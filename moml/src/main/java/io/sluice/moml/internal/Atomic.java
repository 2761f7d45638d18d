package io.sluice.moml.internal;

import io.sluice.moml.ClassMapping;
import java.util.List;
import java.util.Map;

/**
 * An atomic entity of a model: its path in the model ({@code composite.entity}), its element,
 * the mapping of its class, the scope its parameters are evaluated in, and its ports' links in
 * channel order (the relations each port is linked to, by port name), and the model's relations,
 * which give their widths.
 */
record Atomic(String path, XmlElement entity, ClassMapping mapping, Scope scope, Map<String, List<String>> links, Relations relations) {

    /**
     * The width of {@code port} as Ptolemy has it: the sum of the widths of the relations it is
     * linked to (0 if it is not linked).
     */
    int width(String port) {
        return links.getOrDefault(port, List.of()).stream().mapToInt(relations::width).sum();
    }

    /** How errors name it: {@code entity 'path' (class)}. */
    String described() {
        return "entity '" + path + "' (" + entity.className() + ")";
    }
}
