package io.sluice.actor;

import java.util.regex.Pattern;

/**
 * The naming rule shared by actors, ports and channels.
 *
 * <p>A name is 1 to 100 characters of letters, digits, {@code _} and {@code -}, and does not
 * start with {@code -}. Dots are excluded because {@code actor.port} is how a port is referred
 * to in workflow definitions.
 */
public final class Names {
    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_\\-]{0,99}");
    private static final Pattern VALID_CHANNEL = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.\\-]{0,200}");

    private Names() {}

    /** True if {@code name} follows the naming rule. */
    public static boolean isValid(String name) {
        return name != null && VALID.matcher(name).matches();
    }

    /**
     * Returns {@code name} if it follows the naming rule.
     *
     * @param what what is being named, for the message, e.g. {@code "actor"} or {@code "port"}
     * @throws IllegalArgumentException naming {@code what} and the offending name otherwise
     */
    public static String require(String what, String name) {
        if (!isValid(name)) {
            throw new IllegalArgumentException(what + " name " + (name == null ? "null" : "'" + name + "'")
                    + " is invalid: use 1 to 100 letters, digits, '_' or '-', not starting with '-'");
        }
        return name;
    }

    /**
     * Returns {@code name} if it is a valid channel name.
     *
     * @throws IllegalArgumentException naming the offending name otherwise
     */
    public static String requireChannel(String name) {
        if (name == null || !VALID_CHANNEL.matcher(name).matches()) {
            throw new IllegalArgumentException("channel name " + (name == null ? "null" : "'" + name + "'")
                    + " is invalid: use 1 to 201 letters, digits, '_', '-' or '.', starting with a letter, digit or '_'");
        }
        return name;
    }
}
