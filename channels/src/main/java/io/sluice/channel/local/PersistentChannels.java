package io.sluice.channel.local;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelFactory;
import io.sluice.channel.ChannelPolicy;
import io.sluice.channel.ChannelSpec;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.local.internal.WriterLock;
import io.sluice.channel.memory.MemoryChannels;
import io.sluice.codec.Codec;
import io.sluice.codec.CodecStore;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Persistent channels: append-only logs on memory-mapped files (Chronicle Queue), one directory
 * per channel. Every token written stays on disk, readable by its seq, by this and other
 * processes, also after the writer's process has ended.
 *
 * <p>{@link #builder(Path)} makes the channel factory a run uses: each channel lives in
 * {@code <directory>/<channel name>}; a channel whose spec asks for a policy gets it (
 * {@code memory} included), the others get the builder's default policy. {@link #openReader}
 * reads a channel from outside a run, in this or another program.
 *
 * <p><b>JVM options.</b> Chronicle Queue needs the options listed in {@code docs/jvm-options.md}
 * on Java 17 and later; without them opening a channel, for writing or reading, fails with a
 * {@link ChannelException} caused by Chronicle's {@code IllegalAccessException} (about
 * {@code FileChannelImpl.map0}), and nothing is written. Chronicle's usage analytics are not on the
 * class path, so nothing is ever sent over the network.
 *
 * <p><b>Durability.</b> A token is in the operating system's page cache once it is written: it
 * survives the process being killed, not a power loss.
 */
public final class PersistentChannels {
    /** Tokens per queue file unless configured: 4M tokens. */
    public static final int DEFAULT_TOKENS_PER_FILE = 1 << 22;
    /** The put cache (ring) of the cached and fast-track policies, in tokens, unless configured. */
    public static final int DEFAULT_PUT_CACHE = 1 << 16;
    /** About how many bytes of encoded tokens the put cache keeps at most, unless configured: 8 MiB. */
    public static final long DEFAULT_PUT_CACHE_BYTES = 8L << 20;
    /** The get cache of each reader of the cached policy, in tokens, unless configured. */
    public static final int DEFAULT_GET_CACHE = 1024;

    private PersistentChannels() {}

    /** Starts configuring a factory of persistent channels under {@code directory}. */
    public static Builder builder(Path directory) {
        return new Builder(directory);
    }

    /**
     * Opens a persistent channel for reading, from its first token (the first one kept, after a
     * {@linkplain #retainFrom retention step}); works while another process writes it, and after. The channel's codec is found by the id stored with it among the
     * codecs on the class path ({@link Codecs#discover}).
     *
     * @param channelDirectory the channel's directory (the one holding {@code channel.json})
     * @param type the token type the caller expects
     * @throws ChannelException naming the directory if it holds no channel, the channel holds
     *     tokens of another type, or its codec is unknown
     */
    public static <T> SeekableChannelReader<T> openReader(Path channelDirectory, Class<T> type) {
        return openReader(channelDirectory, type, Codecs.discover(type.getClassLoader() == null
                ? PersistentChannels.class.getClassLoader() : type.getClassLoader()));
    }

    /**
     * Opens a persistent channel for reading without naming its token type: the type stored with
     * the channel is loaded by name, so its class must be on the class path. For tools that read
     * any channel (such as {@code sluice channel read}).
     *
     * @throws ChannelException naming the directory if it holds no channel, or its type or codec
     *     is not on the class path
     */
    public static SeekableChannelReader<?> openReader(Path channelDirectory) {
        ChannelMetadata m = ChannelMetadata.read(channelDirectory);
        Class<?> type;
        try {
            type = Class.forName(m.type(), false, PersistentChannels.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new ChannelException(m.channel(), channelDirectory, "its token type " + m.type() + " is not on the class path", e);
        }
        return openReader(channelDirectory, type);
    }

    /**
     * Describes a persistent channel: its type, codec, how many tokens it holds and whether its
     * stream ended. Works while another process writes it.
     *
     * @throws ChannelException naming the directory if it holds no channel or cannot be read
     */
    public static ChannelDescription describe(Path channelDirectory) {
        try (ChronicleStore store = ChronicleStore.openForReading(channelDirectory)) {
            return description(store);
        }
    }

    /**
     * The descriptions a persistent channel's codec stored once ({@link CodecStore}), such as the
     * record formats of a channel of records, for tools that list them. Reads the channel's
     * metadata only, not its queue files; works while another process writes it.
     *
     * @throws ChannelException naming the directory if it holds no channel
     */
    public static CodecStore codecStore(Path channelDirectory) {
        ChannelMetadata m = ChannelMetadata.read(channelDirectory);
        return new DirectoryCodecStore(m.channel(), channelDirectory);
    }

    private static ChannelDescription description(ChronicleStore store) {
        ChannelMetadata m = store.metadata();
        ChronicleStore.Stored stored = store.stored();
        return new ChannelDescription(store.directory(), m.channel(), m.type(), m.codec(), stored.tokens(), stored.ended(),
                WriterLock.isHeld(store.directory()), store.firstKeptSeq());
    }

    /**
     * Describes a persistent channel, as {@link #describe} does, after reading every batch it
     * stores and checking each (its place, its seqs, its checksum): the count comes from data
     * read whole. Takes as long as reading the channel; meant for a channel no process writes.
     *
     * @throws ChannelException naming the file and the seq of the first damage found, or the
     *     directory if it holds no channel
     */
    public static ChannelDescription verify(Path channelDirectory) {
        try (ChronicleStore store = ChronicleStore.openForReading(channelDirectory);
                StoreCursor<Object> cursor = new StoreCursor<>(store, null)) { // no codec: it decodes no token
            cursor.seek(store.firstKeptSeq());
            cursor.verifyToEnd();
            return description(store);
        }
    }

    /**
     * The explicit retention step: removes the queue files of a persistent channel whose tokens
     * all come before {@code seq}, freeing their disk space. Files hold {@code tokensPerFile}
     * tokens each and are removed whole, so the channel may keep some tokens before {@code seq};
     * the last file is always kept. Works while the channel is being written, by this process or
     * another one. No other step ever removes a token: until this one runs, every token written
     * stays readable by its seq.
     *
     * <p>Afterwards a reader opened by {@link #openReader} starts at the first token kept, and a
     * seek to a removed token fails with an {@link IllegalArgumentException} saying so.
     *
     * @return what was removed and where the channel now starts
     * @throws ChannelException naming the directory if it holds no channel, or a file that cannot
     *     be removed
     * @throws IllegalArgumentException if {@code seq} is negative
     */
    public static Retention retainFrom(Path channelDirectory, long seq) {
        try (ChronicleStore store = ChronicleStore.openForReading(channelDirectory)) {
            return store.retainFrom(seq);
        }
    }

    /** As {@link #openReader(Path, Class)}, with the given codecs. */
    public static <T> SeekableChannelReader<T> openReader(Path channelDirectory, Class<T> type, Codecs codecs) {
        ChronicleStore store = ChronicleStore.openForReading(channelDirectory);
        try {
            ChannelMetadata m = store.metadata();
            Codec<T> codec;
            try {
                codec = codecs.forId(m.codec(), type);
            } catch (IllegalArgumentException e) {
                if (!m.type().equals(type.getName())) {
                    throw store.failure("it holds " + m.type() + " tokens, not " + type.getName(), e);
                }
                throw store.failure(e.getMessage(), e);
            }
            return reader(store, codec);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /**
     * Opens a persistent channel for reading with a codec of the caller's, from its first token
     * (the first one kept): for a codec that reads the channel's tokens as something of its own,
     * such as records read under a format of the reader's ({@code RecordChannels} of
     * {@code sluice-records}). The codec must have the channel's codec id and
     * {@linkplain Codec#storedType() stored type}; it is {@linkplain Codec#bind bound} to the
     * channel.
     *
     * @throws ChannelException naming the directory if it holds no channel, or holds tokens of
     *     another stored type or codec
     */
    public static <T> SeekableChannelReader<T> openReader(Path channelDirectory, Codec<T> codec) {
        Objects.requireNonNull(codec, "codec");
        ChronicleStore store = ChronicleStore.openForReading(channelDirectory);
        try {
            ChannelMetadata m = store.metadata();
            if (!m.codec().equals(codec.id())) {
                throw store.failure("it holds tokens of codec '" + m.codec() + "', not '" + codec.id() + "'", null);
            }
            return reader(store, codec);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    private static <T> SeekableChannelReader<T> reader(ChronicleStore store, Codec<T> codec) {
        ChannelMetadata m = store.metadata();
        if (!m.type().equals(codec.storedType())) {
            throw store.failure("it holds " + m.type() + " tokens, not " + codec.storedType(), null);
        }
        return new StoredChannelReader<>(store, codec.bind(store.codecStore()));
    }

    /**
     * Opens a persistent channel to append tokens after those it stores, from outside a run, or
     * creates it: for channels that several programs write in turn over time (one at a time: it
     * takes the channel's writer lock). Recovers what a killed writer left first, as
     * {@link Builder#resume} does. The codec is found for {@code type} among the codecs on the
     * class path ({@link Codecs#discover}); an existing channel must have been stored under the
     * same codec id and {@linkplain Codec#storedType() stored type}, which lets writers of record
     * classes of several versions of one format write one channel.
     *
     * @param channel the channel's name; an existing channel must have it
     * @throws ChannelException naming the directory if it holds another channel, tokens of another
     *     stored type or codec, a stream that ended, or is locked by a live writer
     */
    public static <T> PersistentChannelWriter<T> openWriter(Path channelDirectory, String channel, Class<T> type) {
        return PersistentChannelWriter.open(channelDirectory, channel, type, Codecs.discover(type.getClassLoader() == null
                ? PersistentChannels.class.getClassLoader() : type.getClassLoader()));
    }

    /** As {@link #openWriter(Path, String, Class)}, with the given codecs. */
    public static <T> PersistentChannelWriter<T> openWriter(Path channelDirectory, String channel, Class<T> type, Codecs codecs) {
        return PersistentChannelWriter.open(channelDirectory, channel, type, codecs);
    }

    /** Configures a factory of persistent channels. Not thread-safe. */
    public static final class Builder {
        private final Path directory;
        private ChannelPolicy policy = ChannelPolicy.FAST_TRACK;
        private Codecs codecs;
        private int tokensPerFile = DEFAULT_TOKENS_PER_FILE;
        private int putCache = DEFAULT_PUT_CACHE;
        private long putCacheBytes = DEFAULT_PUT_CACHE_BYTES;
        private int getCache = DEFAULT_GET_CACHE;
        private Resumption resumption;

        private Builder(Path directory) {
            this.directory = Objects.requireNonNull(directory, "directory");
        }

        /** The policy of channels whose spec asks for none; {@link ChannelPolicy#FAST_TRACK} by default. */
        public Builder policy(ChannelPolicy defaultPolicy) {
            this.policy = Objects.requireNonNull(defaultPolicy, "defaultPolicy");
            return this;
        }

        /** The codecs to encode tokens with; by default those found on the class path. */
        public Builder codecs(Codecs codecs) {
            this.codecs = Objects.requireNonNull(codecs, "codecs");
            return this;
        }

        /** How many tokens each queue file holds ({@value #DEFAULT_TOKENS_PER_FILE} by default). */
        public Builder tokensPerFile(int tokens) {
            if (tokens < 1) {
                throw new IllegalArgumentException("tokens per file must be at least 1, was " + tokens);
            }
            this.tokensPerFile = tokens;
            return this;
        }

        /**
         * The put cache (ring) of the cached and fast-track policies, in tokens: how far a writer
         * may run ahead of its channel's flusher, and how far behind a fast-track reader may be
         * and still take tokens from memory. Each such channel holds an array of this many
         * references, and keeps up to this many tokens on the heap ({@link #putCacheBytes} keeps
         * fewer of larger ones).
         */
        public Builder putCache(int tokens) {
            this.putCache = positive("put cache", tokens);
            return this;
        }

        /**
         * About how many bytes of tokens, as encoded on disk, the put cache keeps at most: it
         * keeps as many of the latest tokens as take this many at the mean size of the tokens
         * appended so far, and at most {@link #putCache} tokens.
         *
         * @throws IllegalArgumentException if {@code bytes} is not positive
         */
        public Builder putCacheBytes(long bytes) {
            if (bytes < 1) {
                throw new IllegalArgumentException("put cache bytes must be positive, was " + bytes);
            }
            this.putCacheBytes = bytes;
            return this;
        }

        /** The get cache of each reader of the cached policy, in tokens. */
        public Builder getCache(int tokens) {
            this.getCache = positive("get cache", tokens);
            return this;
        }

        private static int positive(String what, int tokens) {
            if (tokens < 2) {
                throw new IllegalArgumentException(what + " must hold at least 2 tokens, was " + tokens);
            }
            return tokens;
        }

        /**
         * Resumes a run whose process ended before its channels did (killed, say) over the
         * channels it left in the directory, instead of failing on them: each channel is opened
         * with what it holds, and its writer replays the run's puts against the stored tokens
         * (π-channels' idempotent redo), from the first, or from where its actor restarts at a
         * checkpoint ({@link Resumption#from}). A put of a stored token is compared with it and
         * skipped; a put that differs fails with a {@link io.sluice.channel.ChannelException}
         * naming the channel and the token's seq and file; puts after the stored ones are written.
         * Readers start at seq 0, or where their actors restart, and read the stored tokens at
         * once. A channel the directory does not hold is created. A lock, a half-written excerpt
         * or a half-made file the killed process left behind is recovered without manual steps.
         * What each channel held, skipped and verified is recorded in {@code resumption}.
         *
         * <p>Actors replayed from their first firing, or restarted at a checkpoint, must be
         * deterministic: given the same input tokens, put the same tokens. Memory channels are
         * not durable and are computed again.
         */
        public Builder resume(Resumption resumption) {
            this.resumption = Objects.requireNonNull(resumption, "resumption");
            return this;
        }

        /** The factory. It holds no resources of its own; each channel it opens is closed by its opener. */
        public ChannelFactory build() {
            return new Factory(directory, policy, codecs != null ? codecs : Codecs.discover(PersistentChannels.class.getClassLoader()),
                    tokensPerFile, putCache, putCacheBytes, getCache, resumption);
        }
    }

    /** @param resumption null unless the factory resumes a run over the channels in {@code directory} */
    private record Factory(Path directory, ChannelPolicy policy, Codecs codecs, int tokensPerFile, int putCache, long putCacheBytes,
            int getCache, Resumption resumption) implements ChannelFactory {

        /** A channel that asks for memory is opened single-threaded as a memory channel is; a persistent one as by {@link #open}. */
        @Override
        public <T> Channel<T> openSingleThreaded(ChannelSpec<T> spec) throws IOException {
            ChannelPolicy p = spec.policy() == null ? policy : spec.policy();
            if (p == ChannelPolicy.MEMORY) {
                return MemoryChannels.factory().openSingleThreaded(new ChannelSpec<>(spec.name(), spec.type(), spec.capacity()));
            }
            return open(spec);
        }

        @Override
        public <T> Channel<T> open(ChannelSpec<T> spec) throws IOException {
            ChannelPolicy p = spec.policy() == null ? policy : spec.policy();
            if (p == ChannelPolicy.MEMORY) {
                return MemoryChannels.factory().open(new ChannelSpec<>(spec.name(), spec.type(), spec.capacity()));
            }
            Codec<T> codec;
            try {
                codec = codecs.forType(spec.type());
            } catch (IllegalArgumentException e) {
                throw new ChannelException(spec.name(), null, e.getMessage(), e);
            }
            Path channelDirectory = directory.resolve(spec.name());
            ChronicleStore store = resumption == null
                    ? ChronicleStore.create(channelDirectory, spec.name(), spec.type(), codec, tokensPerFile)
                    : ChronicleStore.openToResume(channelDirectory, spec.name(), spec.type(), codec, tokensPerFile);
            PersistentChannel<T> channel;
            try {
                codec = codec.bind(store.codecStore());
                ChronicleStore.Stored durable = resumption == null ? ChronicleStore.Stored.NOTHING : store.stored();
                if (durable.tokens() > 0 && store.firstKeptSeq() > 0) {
                    throw store.failure("a retention step removed its tokens before " + store.firstKeptSeq()
                            + ", which a resumed run would have to compare with its own; resume needs whole channels", null);
                }
                channel = switch (p) {
                    case DIRECT -> new DirectChannel<>(store, codec, spec.capacity(), spec.type(), durable);
                    case CACHED -> new CachedChannel<>(store, codec, spec.capacity(), spec.type(), putCache, putCacheBytes, getCache,
                            durable);
                    case FAST_TRACK -> new FastTrackChannel<>(store, codec, spec.capacity(), spec.type(), putCache, putCacheBytes,
                            durable);
                    case MEMORY -> throw new IllegalStateException("unreachable");
                };
            } catch (RuntimeException e) {
                store.close();
                throw e;
            }
            return resumption == null ? channel : resumed(channel);
        }

        /** The channel with its writer and readers where their actors restart; closed if that fails. */
        private <T> Channel<T> resumed(PersistentChannel<T> channel) {
            try {
                long writerStart = resumption.writerStart(channel.name());
                if (channel.writer() instanceof ReplayingWriter<T> replaying) {
                    replaying.restartAt(writerStart);
                    resumption.add(replaying::resumed);
                } else if (writerStart != 0) {
                    throw channel.store.failure("its writer restarts at seq " + writerStart + ", but it holds no tokens", null);
                }
                return new RestartedReaders<>(channel, resumption);
            } catch (RuntimeException e) {
                channel.close();
                throw e;
            }
        }

        @Override
        public String name() {
            return policy.id();
        }
    }
}
