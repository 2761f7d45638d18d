package io.sluice.channel.local;

import java.nio.file.Path;

/**
 * What a persistent channel's directory holds, as {@link PersistentChannels#describe} reads it.
 *
 * @param directory the channel's directory
 * @param channel the channel's name
 * @param type the name of the token class
 * @param codec the id of the codec its tokens were written with
 * @param tokens how many tokens are stored
 * @param ended true if the stream ended normally (the writer closed it); false if it is still
 *     being written, or was cut off (its writer was killed or its run stopped)
 * @param writerAlive true if a process holds the channel's writer lock now
 * @param firstKeptSeq the seq of the first token still stored: 0 unless a retention step
 *     ({@link PersistentChannels#retainFrom}) removed earlier ones
 */
public record ChannelDescription(Path directory, String channel, String type, String codec, long tokens, boolean ended,
        boolean writerAlive, long firstKeptSeq) {}
