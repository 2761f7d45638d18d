package io.sluice.codec;

import java.util.function.Function;

/**
 * Converts a channel's tokens into the type of a reader's port when the two differ, so that a
 * workflow may connect an output port to an input port of another type that can read it: a record
 * of one version to a port of another, say ({@code sluice-records} provides this for records). A
 * service: list the implementation in {@code META-INF/services/io.sluice.codec.TokenConverter}.
 * Without one, connected ports must have assignable types.
 *
 * <p>A workflow asks the services found by the class loader of the input port's type when it is
 * built, to check that the connection can be read, and a run asks them again when it opens the
 * reader, whose tokens it then converts with the function returned.
 *
 * <p><b>Threading.</b> Thread-safe; the function it returns is used by one reader's thread at a
 * time, and may be used by several readers at once.
 *
 * <p><b>Failure.</b> {@link #converter} throws {@link IllegalArgumentException} naming what does
 * not fit when it handles the types but cannot convert these (a record class without a format);
 * the function throws {@link IllegalArgumentException} or {@link CodecException} naming what it
 * cannot convert, and the run fails naming the reader and the token's seq.
 */
public interface TokenConverter {

    /**
     * The function that converts tokens of {@code from} (the channel's type) into {@code to} (the
     * reader port's), or null if this converter does not convert between them.
     */
    <T> Function<Object, T> converter(Class<?> from, Class<T> to);
}
