package io.sluice.channel.local;

/**
 * How tokens are laid out in the excerpts of a channel's queue files (channel format 2). All
 * numbers are little-endian.
 *
 * <pre>
 * batch excerpt: tag {@link #BATCH} (1 byte) | first seq (8) | count (4) | CRC-32C (4) | tokens
 * token:         length (unsigned LEB128 varint) | the codec's bytes
 * end excerpt:   tag {@link #END} (1 byte) | how many tokens the stream holds (8)
 * </pre>
 *
 * <p>A batch holds {@code count} consecutive tokens, {@code first} to {@code first + count - 1},
 * all in the same queue file: batches never span files, so file {@code k} holds exactly the
 * tokens {@code [k N, (k + 1) N)}. The {@code direct} policy writes a batch per token; the staged
 * policies batch what their flusher finds waiting, up to {@link #MAX_TOKENS} tokens or about
 * {@link #MAX_BYTES} bytes. The seq in each excerpt makes a token's seq independent of how the
 * tokens were batched (and of Chronicle's indexes); the checksum, over the first seq, the count
 * and the tokens, catches damage that leaves Chronicle's framing intact; the length of each token lets a reader skip tokens without
 * decoding them and check that the codec read all of its token and no more.
 */
final class ExcerptLayout {
    static final byte BATCH = 2;
    static final byte END = 0x7F;
    /** Bytes before a batch's first token. */
    static final int BATCH_HEADER = 1 + 8 + 4 + 4;
    static final int FIRST_AT = 1;
    static final int COUNT_AT = 9;
    static final int CRC_AT = 13;
    /** Bytes of an end excerpt. */
    static final int END_SIZE = 1 + 8;
    /** A staged flusher closes a batch at this many tokens. */
    static final int MAX_TOKENS = 256;
    /** ... or once its tokens take this many bytes. */
    static final int MAX_BYTES = 64 << 10;

    private ExcerptLayout() {}

    /** The checksum of the batch in {@code bytes[0, size)}: over its first seq, its count and its tokens. */
    static int checksum(java.util.zip.CRC32C crc, byte[] bytes, int size) {
        crc.reset();
        crc.update(bytes, FIRST_AT, CRC_AT - FIRST_AT);
        crc.update(bytes, BATCH_HEADER, size - BATCH_HEADER);
        return (int) crc.getValue();
    }
}
