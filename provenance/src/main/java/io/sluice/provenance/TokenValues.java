package io.sluice.provenance;

import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.PersistentChannels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The values of a run's tokens, read from its persistent channels: each channel in a directory
 * named as the channel ({@code PersistentChannels} keeps them so), looked for in the channel
 * directory, then in the extra directories, in order. A channel's reader is opened when one of its
 * tokens is first asked for, and kept.
 *
 * <p><b>Failure.</b> No directory of the channel is not a failure: the value is empty, and
 * {@link #whyNoValue} says why. A channel that is there but cannot be opened or read, or does not
 * hold the token, raises a {@link ProvenanceException} naming the token and the channel.
 *
 * <p><b>Threading.</b> Used by one thread at a time, that of its store, which closes it; closing
 * closes the channel readers it opened.
 */
final class TokenValues implements AutoCloseable {
    /** Where the run's persistent channels are, each in a directory named as the channel. */
    private final Path channelDirectory;
    /** Where else a channel's directory is looked for when it is not in {@link #channelDirectory}. */
    private final List<Path> extraChannelDirectories;
    private final Map<String, SeekableChannelReader<?>> readers = new HashMap<>();

    TokenValues(Path channelDirectory, List<Path> extraChannelDirectories) {
        this.channelDirectory = channelDirectory;
        this.extraChannelDirectories = List.copyOf(extraChannelDirectories);
    }

    /**
     * The value of {@code token}; empty if no directory of its channel is found.
     *
     * @throws ProvenanceException naming the channel if it is there but cannot be read, is
     *     damaged, or does not hold the token
     */
    Optional<Object> valueIfKept(TokenRef token) {
        SeekableChannelReader<?> reader = readers.get(token.channel());
        if (reader == null) {
            Path dir = channelDirectory.resolve(token.channel());
            for (int d = 0; d < extraChannelDirectories.size() && !Files.isDirectory(dir); d++) {
                dir = extraChannelDirectories.get(d).resolve(token.channel());
            }
            if (!Files.isDirectory(dir)) {
                return Optional.empty();
            }
            try {
                reader = PersistentChannels.openReader(dir);
            } catch (ChannelException e) {
                throw new ProvenanceException("cannot read the value of " + token + ": " + e.getMessage(), e);
            }
            readers.put(token.channel(), reader);
        }
        try {
            reader.seek(token.seq());
            Object value = reader.poll();
            if (value == null) {
                throw new ProvenanceException("channel '" + token.channel() + "' (" + reader.name() + ") does not hold token "
                        + token.seq() + ", which the provenance records");
            }
            return Optional.of(value);
        } catch (IllegalArgumentException | ChannelException e) {
            throw new ProvenanceException("cannot read the value of " + token + ": " + e.getMessage(), e);
        }
    }

    /**
     * Why there is no value of {@code token} ({@link #valueIfKept} is empty), its channel having
     * kept its tokens under {@code policy}: in memory, or on disk in a directory not found.
     */
    String whyNoValue(TokenRef token, String policy) {
        String channel = token.channel();
        if (ChannelPolicy.MEMORY.id().equals(policy)) {
            return "the value of " + token + " was not persisted: channel '" + channel + "' kept its tokens in memory (" + policy
                    + " channels); only its positions were recorded. Run with persistent channels (e.g. --channels fast-track)"
                    + " to keep values";
        }
        return "the value of " + token + " cannot be read: channel '" + channel + "' kept its tokens on disk (" + policy
                + " channels), but its directory was not found at " + channelDirectory.resolve(channel) + "; open the store with"
                + " the directory that holds the run's channels (sluice prov: --channel-dir)";
    }

    @Override
    public void close() {
        readers.values().forEach(SeekableChannelReader::close);
        readers.clear();
    }
}
