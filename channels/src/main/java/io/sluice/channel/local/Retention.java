package io.sluice.channel.local;

import java.nio.file.Path;

/**
 * What an explicit retention step ({@link PersistentChannels#retainFrom}) did to a channel.
 *
 * @param channelDirectory the channel's directory
 * @param firstKeptSeq the seq of the first token the channel still holds; readers of earlier
 *     tokens get an error saying they were removed
 * @param filesRemoved how many queue files this step removed
 * @param bytesRemoved the size of the files removed (apparent size: Chronicle files are sparse)
 */
public record Retention(Path channelDirectory, long firstKeptSeq, int filesRemoved, long bytesRemoved) {}
