package io.sluice.records;

/**
 * The code compiled for a pair by {@link DecoderCompiler}: reads one record of the writer's format
 * from {@code length} bytes at {@code offset} as the reader's representation, or throws on bytes it
 * leaves to the interpreted resolver. Stateless: each call makes its own cursor.
 */
interface DecodeBody {
    Object decode(byte[] bytes, int offset, int length) throws Throwable;
}
