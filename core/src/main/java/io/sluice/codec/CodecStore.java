package io.sluice.codec;

import java.util.Map;
import java.util.Optional;

/**
 * What a channel keeps for its codec besides the tokens: descriptions that tokens refer to, each
 * stored once under a key, such as the record formats of {@code sluice-records} by fingerprint.
 * A codec that needs one gets it from the channel through {@link Codec#bind}; persistent channels
 * implement it in their directory ({@code codec/}, one file per key), so that a reader in another
 * process, or one that opens the channel later, finds every description a token refers to.
 *
 * <p><b>Order.</b> A description is stored by {@link #put} before it returns, so a codec that puts
 * a description while it encodes a token stores it before the token itself is stored: a reader
 * that meets the token finds its description.
 *
 * <p><b>Threading.</b> Thread-safe: the writer and every reader of a channel share one store.
 *
 * <p><b>Ownership.</b> The channel's: it lives as long as the channel and holds no resource
 * between calls (nothing to close).
 *
 * <p><b>Failure.</b> A description that cannot be stored or read (a full disk, a damaged file)
 * throws {@link io.sluice.channel.ChannelException} naming the channel and the file; a key that is
 * not a plain name throws {@link IllegalArgumentException}.
 */
public interface CodecStore {

    /** The channel's name, for messages. */
    String channel();

    /**
     * Stores {@code description} under {@code key} unless a description is stored under it
     * already (the first one stays: a key names one description).
     *
     * @param key a plain name of letters, digits, {@code .}, {@code _} and {@code -}, at most 100
     *     characters
     */
    void put(String key, byte[] description);

    /**
     * The description stored under {@code key}, looking at the storage again if it is not known
     * yet (another process may have stored it since); empty if none is stored.
     */
    Optional<byte[]> get(String key);

    /** Every description stored, by key, in the order of the keys. */
    Map<String, byte[]> all();
}
