package io.sluice.channel.local;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Tells a {@link String} whose chars all fit in one byte by how the JVM stores it, without
 * looking at its chars: with compact strings (the JVM's default), such a string is stored one
 * byte per char and marked so in its {@code coder} field. Reading that field needs
 * {@code --add-opens java.base/java.lang=ALL-UNNAMED}, one of the options Chronicle Queue needs
 * anyway ({@code docs/jvm-options.md}); without it, or with compact strings off, no string is
 * known to be Latin-1 and callers look at the chars instead. Any thread.
 */
final class Latin1Strings {
    /** The value of {@code String.coder} for a string stored one byte per char. */
    private static final byte LATIN1 = 0;
    /** {@code String.coder}, or null if it cannot be read. */
    private static final VarHandle CODER = coderField();

    private Latin1Strings() {}

    /** Whether every char of {@code s} is known to fit in one byte; false if unknown. */
    static boolean isKnownLatin1(String s) {
        return CODER != null && (byte) CODER.get(s) == LATIN1;
    }

    /**
     * Copies the chars of {@code s}, known to be Latin-1, one byte each, to {@code to[at, at +
     * s.length())}.
     */
    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int) keeps each char's low byte: all of a Latin-1 char.
    static void copy(String s, byte[] to, int at) {
        s.getBytes(0, s.length(), to, at);
    }

    private static VarHandle coderField() {
        try {
            VarHandle coder = MethodHandles.privateLookupIn(String.class, MethodHandles.lookup())
                    .findVarHandle(String.class, "coder", byte.class);
            // Compact strings off: every string says UTF-16, so none would be known to be Latin-1.
            return (byte) coder.get("a") == LATIN1 ? coder : null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }
}
