package io.sluice.moml.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * The relations of a model and which of them are one channel: a union-find over relation paths
 * (relations linked to each other, or on either side of a composite's port, are joined). Used by
 * one thread.
 */
final class Relations {
    private final Map<String, String> parent = new HashMap<>();
    private final Map<String, XmlElement> elements = new HashMap<>();

    /** Adds the relation at {@code path}. */
    void add(String path, XmlElement element) {
        parent.putIfAbsent(path, path);
        elements.putIfAbsent(path, element);
    }

    /** Whether {@code path} names a relation added so far. */
    boolean has(String path) {
        return parent.containsKey(path);
    }

    /** The representative of the relation's group. */
    String find(String path) {
        String p = parent.get(path);
        if (p.equals(path)) {
            return p;
        }
        String root = find(p);
        parent.put(path, root);
        return root;
    }

    /** Joins the groups of {@code a} and {@code b}. */
    void union(String a, String b) {
        String ra = find(a);
        String rb = find(b);
        if (!ra.equals(rb)) {
            parent.put(rb, ra);
        }
    }

    /** The element of the relation at {@code path}. */
    XmlElement element(String path) {
        return elements.get(path);
    }
}
