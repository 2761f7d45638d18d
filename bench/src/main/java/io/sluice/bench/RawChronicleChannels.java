package io.sluice.bench;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.local.internal.ChronicleSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens {@link RawChronicleChannel}s, one queue directory per channel under a run's directory:
 * the harness's {@code raw-chronicle} channels, the limit that the {@code direct} policy is
 * compared with in a workflow. Not a Sluice channel policy.
 */
final class RawChronicleChannels implements ChannelFactory {
    static final String NAME = "raw-chronicle";

    private final Path directory;

    RawChronicleChannels(Path directory) {
        ChronicleSettings.apply();
        this.directory = directory;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> Channel<T> open(ChannelSpec<T> spec) throws IOException {
        Path queue = Files.createDirectories(directory.resolve(spec.name()));
        return (Channel<T>) new RawChronicleChannel(spec, queue);
    }

    @Override
    public String name() {
        return NAME;
    }
}
