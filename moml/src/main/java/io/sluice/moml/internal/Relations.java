package io.sluice.moml.internal;

import java.util.HashMap;
import java.util.Map;

/**
 * The relations of a model and which of them are one channel: a union-find over relation paths
 * (relations linked to each other, or on either side of a composite's port, are joined). Used by
 * one thread.
 *
 * <p>A relation of width <i>w</i> carries <i>w</i> channels; relations joined into one group
 * carry the same channels, so their widths must agree (checked where the channels are made).
 */
final class Relations {
    private final Map<String, String> parent = new java.util.LinkedHashMap<>();
    private final Map<String, XmlElement> elements = new HashMap<>();
    private final Map<String, Integer> widths = new java.util.LinkedHashMap<>();

    /**
     * Adds the relation at {@code path}; {@code width} is the width its file gives it (1 or
     * more), or 0 if it gives none or one for Ptolemy to infer.
     */
    void add(String path, XmlElement element, int width) {
        parent.putIfAbsent(path, path);
        elements.putIfAbsent(path, element);
        if (width > 0) {
            widths.putIfAbsent(path, width);
        }
    }

    /**
     * The width of the relation at {@code path}: how many channels it carries. A relation whose
     * file gives no width takes the width another relation of its group gives (a group is one
     * bus, as in Ptolemy), else 1.
     */
    int width(String path) {
        Integer own = widths.get(path);
        if (own != null) {
            return own;
        }
        String group = find(path);
        for (Map.Entry<String, Integer> e : widths.entrySet()) {
            if (find(e.getKey()).equals(group)) {
                return e.getValue();
            }
        }
        return 1;
    }

    /** The width the file gives the relation at {@code path}, or 0 if it gives none. */
    int declaredWidth(String path) {
        return widths.getOrDefault(path, 0);
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

    /** The paths of the relations added, in the order they were added. */
    java.util.Set<String> paths() {
        return parent.keySet();
    }

    /** The element of the relation at {@code path}. */
    XmlElement element(String path) {
        return elements.get(path);
    }
}
