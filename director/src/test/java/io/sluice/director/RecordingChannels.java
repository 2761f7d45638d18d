package io.sluice.director;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;
import io.sluice.channel.memory.MemoryChannels;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Memory channels that also record every token written, per channel, for comparing runs; opened
 * single-threaded when the run asks so ({@link #openSingleThreaded}), which it records too.
 */
final class RecordingChannels implements ChannelFactory {
    private final Map<String, List<Object>> written = new ConcurrentHashMap<>();
    private final Set<String> singleThreaded = ConcurrentHashMap.newKeySet();

    /** The channels the run opened single-threaded. */
    Set<String> singleThreaded() {
        return new TreeSet<>(singleThreaded);
    }

    /** Every channel's tokens in the order they were written, initial tokens included. */
    Map<String, List<Object>> contents() {
        return new TreeMap<>(written);
    }

    @Override
    public String name() {
        return "recording-memory";
    }

    @Override
    public <T> Channel<T> open(ChannelSpec<T> spec) throws IOException {
        return recording(spec, MemoryChannels.factory().open(spec));
    }

    @Override
    public <T> Channel<T> openSingleThreaded(ChannelSpec<T> spec) throws IOException {
        singleThreaded.add(spec.name());
        return recording(spec, MemoryChannels.factory().openSingleThreaded(spec));
    }

    private <T> Channel<T> recording(ChannelSpec<T> spec, Channel<T> channel) {
        List<Object> log = Collections.synchronizedList(new ArrayList<>());
        written.put(spec.name(), log);
        ChannelWriter<T> writer = channel.writer();
        ChannelWriter<T> recording = new ChannelWriter<>() {
            @Override
            public long put(T token) throws InterruptedException {
                long seq = writer.put(token);
                log.add(token);
                return seq;
            }

            @Override
            public long position() {
                return writer.position();
            }

            @Override
            public void close() {
                writer.close();
            }
        };
        return new ForwardingChannel<>(channel) {
            @Override
            public ChannelWriter<T> writer() {
                return recording;
            }
        };
    }
}
