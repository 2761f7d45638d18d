package io.sluice.moml.internal;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One element of a MoML document, as read: its tag, attributes, child elements and the line it
 * starts on. Immutable.
 *
 * @param tag the element's name, e.g. {@code entity}
 * @param attributes its attributes, in document order
 * @param children its child elements, in document order
 * @param line the line (from 1) its start tag is on
 */
public record XmlElement(String tag, Map<String, String> attributes, List<XmlElement> children, int line) {

    public XmlElement {
        attributes = Map.copyOf(attributes);
        children = List.copyOf(children);
    }

    /** The attribute {@code name}, if present. */
    public Optional<String> attribute(String name) {
        return Optional.ofNullable(attributes.get(name));
    }

    /** The {@code name} attribute, or the empty string. */
    public String name() {
        return attributes.getOrDefault("name", "");
    }

    /** The {@code class} attribute, or the empty string. */
    public String className() {
        return attributes.getOrDefault("class", "");
    }

    /** The children with tag {@code tag}, in order. */
    public List<XmlElement> children(String tag) {
        return children.stream().filter(c -> c.tag.equals(tag)).toList();
    }
}
