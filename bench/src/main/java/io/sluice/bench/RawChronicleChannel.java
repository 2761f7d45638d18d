package io.sluice.bench;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.ChannelStats;
import io.sluice.channel.ChannelWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The least a channel that appends every token to a Chronicle Queue as an excerpt of its own can
 * do: the limit of the {@code direct} policy in a workflow, as {@link RawChronicleBenchmark} is in
 * JMH. A put copies the token's UTF-8 bytes off the heap and appends them with
 * {@code appender.writeBytes}; a take reads them back with a tailer and makes the String. Chronicle's
 * clock is fixed when the channel opens, so an append does not read the wall clock, and every
 * token goes to one file. Nothing else: no seq, length or checksum in the excerpt, no end marker
 * on disk, no reservation of disk space, no metadata, no resume; so it cannot be reopened, and a
 * full disk fails the process (a fault in the memory map) rather than the run. {@code direct}
 * does each of these the cheapest way found (docs/tuning.md), so this channel is the bar it is
 * measured against, not a policy to use.
 *
 * <p>Waiting is as in Sluice's channels: a reader that finds no token yields its core up to
 * {@value #YIELDS} times, then parks until the writer's next put or close wakes it.
 *
 * <p>{@code String} tokens and unbounded channels only: another type or a capacity is refused
 * when the channel opens, naming it. Threading as {@link Channel}: one writer thread, one thread
 * per reader; {@link #close} after the run, which closes the readers' tailers and the queue.
 */
final class RawChronicleChannel implements Channel<String> {
    private static final int YIELDS = 16;

    private final String name;
    private final SingleChronicleQueue queue;
    private final ExcerptAppender appender;
    private volatile Reader[] readers = new Reader[0];
    private final Writer writer = new Writer();
    private final Bytes<Void> offHeap = Bytes.allocateElasticDirect(256);
    /** Tokens appended; written by the writer's thread only. */
    private volatile long written;
    private volatile boolean ended;
    private volatile long peakDepth;
    private boolean closed;

    RawChronicleChannel(ChannelSpec<?> spec, Path directory) {
        if (spec.type() != String.class || spec.bounded()) {
            throw new IllegalArgumentException("channel '" + spec.name() + "': raw Chronicle channels carry only String "
                    + "tokens without a capacity, not " + spec.type().getSimpleName()
                    + (spec.bounded() ? " with capacity " + spec.capacity() : ""));
        }
        this.name = spec.name();
        long opened = System.currentTimeMillis();
        this.queue = SingleChronicleQueueBuilder.binary(directory).rollCycle(RollCycles.FAST_DAILY)
                .timeProvider(() -> opened).build();
        this.appender = queue.createAppender();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Class<String> type() {
        return String.class;
    }

    @Override
    public ChannelWriter<String> writer() {
        return writer;
    }

    @Override
    public ChannelReader<String> openReader(String readerName) {
        Reader reader = new Reader(readerName);
        synchronized (this) {
            Reader[] more = Arrays.copyOf(readers, readers.length + 1);
            more[readers.length] = reader;
            readers = more;
        }
        return reader;
    }

    @Override
    public ChannelStats stats() {
        return new ChannelStats(name, written, peakDepth, ChannelSpec.UNBOUNDED);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        writer.close();
        for (Reader r : readers) {
            r.close();
        }
        appender.close();
        queue.close();
        offHeap.releaseLast();
    }

    private void wakeReaders() {
        for (Reader r : readers) {
            Thread parked = r.parked;
            if (parked != null) {
                LockSupport.unpark(parked);
            }
        }
    }

    private final class Writer implements ChannelWriter<String> {
        @Override
        public long put(String token) {
            long seq = written;
            offHeap.clear();
            offHeap.write(token.getBytes(StandardCharsets.UTF_8));
            appender.writeBytes(offHeap);
            written = seq + 1;
            wakeReaders();
            return seq;
        }

        @Override
        public long position() {
            return written;
        }

        @Override
        public void close() {
            if (!ended) {
                ended = true;
                wakeReaders();
            }
        }
    }

    private final class Reader implements ChannelReader<String> {
        private final String readerName;
        private final ExcerptTailer tailer = queue.createTailer();
        private byte[] buffer = new byte[64];
        private volatile long position;
        private volatile boolean closed;
        /** The reader's thread while it parks, else null. */
        private volatile Thread parked;

        Reader(String readerName) {
            this.readerName = readerName;
        }

        @Override
        public String name() {
            return readerName;
        }

        @Override
        public String take() throws InterruptedException {
            awaitReady();
            return poll();
        }

        @Override
        public String poll() {
            long seq = position;
            long depth = written - seq;
            if (depth <= 0) {
                return null;
            }
            if (depth > peakDepth) {
                peakDepth = depth;
            }
            String token;
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent()) {
                    throw new IllegalStateException("channel '" + name + "': token " + seq + " was written but is not in the queue");
                }
                Bytes<?> bytes = dc.wire().bytes();
                int size = (int) bytes.readRemaining();
                if (size > buffer.length) {
                    buffer = new byte[Math.max(size, 2 * buffer.length)];
                }
                bytes.read(buffer, 0, size);
                token = new String(buffer, 0, size, StandardCharsets.UTF_8);
            }
            position = seq + 1;
            return token;
        }

        @Override
        public boolean isReady() {
            return position < written || ended;
        }

        @Override
        public void awaitReady() throws InterruptedException {
            for (int i = 0; i < YIELDS && !isReady(); i++) {
                Thread.yield();
            }
            while (!isReady()) {
                parked = Thread.currentThread();
                if (!isReady()) {
                    LockSupport.park(this);
                }
                parked = null;
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        }

        @Override
        public boolean isEndOfStream() {
            return ended && position >= written;
        }

        @Override
        public long position() {
            return position;
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                tailer.close();
            }
        }
    }
}
