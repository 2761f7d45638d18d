package io.sluice.moml.internal;

import java.util.HashSet;
import java.util.Set;

/**
 * Sluice names for the entities of a model: a Ptolemy name may hold spaces and other characters,
 * and a flattened composite's entities are named by their path; Sluice names are 1 to 100
 * letters, digits, {@code _} and {@code -} ({@link io.sluice.actor.Names}). Used by one thread.
 */
final class SluiceNames {
    private final Set<String> taken = new HashSet<>();

    /** {@code name} with every character Sluice does not allow made {@code _}, and a path's dots {@code -}. */
    static String sanitize(String name) {
        StringBuilder b = new StringBuilder();
        for (char c : name.toCharArray()) {
            b.append(c == '.' ? '-' : Character.isLetterOrDigit(c) && c < 128 || c == '_' || c == '-' ? c : '_');
        }
        if (b.length() == 0 || b.charAt(0) == '-') {
            b.insert(0, '_');
        }
        return b.length() > 90 ? b.substring(0, 90) : b.toString();
    }

    /** A name for the entity at {@code path} that no earlier call returned. */
    String unique(String path) {
        String base = sanitize(path);
        String name = base;
        for (int i = 2; !taken.add(name); i++) {
            name = base + "_" + i;
        }
        return name;
    }
}
