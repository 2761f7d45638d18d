package io.sluice.records;

import io.sluice.channel.ChannelException;
import io.sluice.channel.ChannelReader;
import io.sluice.channel.SeekableChannelReader;
import io.sluice.channel.internal.TokenConversions;
import io.sluice.channel.local.PersistentChannels;
import io.sluice.codec.Codec;
import io.sluice.codec.CodecInput;
import io.sluice.codec.CodecOutput;
import io.sluice.codec.CodecException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Channels of records, read as the reader's own version: persistent channels opened by directory,
 * with the formats they store, and any channel's reader turned into one of another version.
 *
 * <p>Within a run, a channel carries its writer port's type, and an input port of another version
 * (another record class, or {@link RecordValue}) gets its own version of each token through
 * {@link RecordCodecs} as a {@link io.sluice.codec.TokenConverter}. Outside a run,
 * {@link #readAs} does the same for any channel's reader.
 *
 * <p><b>Failure.</b> As {@link PersistentChannels#openReader}: a {@link ChannelException} naming
 * the directory; reading a record whose format is unknown or cannot be read as the reader's
 * version fails naming the channel and the record's seq (see {@link RecordCodecs}).
 */
public final class RecordChannels {
    private RecordChannels() {}

    /** Reads a persistent channel of records as instances of a record class, whichever versions wrote them. */
    public static <T extends Record> SeekableChannelReader<T> openReader(Path channelDirectory, Class<T> type) {
        return PersistentChannels.openReader(channelDirectory, RecordCodecs.codec(type));
    }

    /** Reads a persistent channel of records as record values of the reader's format. */
    public static SeekableChannelReader<RecordValue> openReader(Path channelDirectory, RecordFormat reader) {
        return PersistentChannels.openReader(channelDirectory, RecordCodecs.codec(reader));
    }

    /** Reads a persistent channel of records as record values of the formats they were written under, every field included. */
    public static SeekableChannelReader<RecordValue> openReader(Path channelDirectory) {
        return PersistentChannels.openReader(channelDirectory, RecordCodecs.generic());
    }

    /**
     * The formats a persistent channel of records stores, in the order of their fingerprints. Reads
     * the stored formats only; works while another process writes the channel.
     *
     * @throws ChannelException naming the directory if it holds no channel, or naming a stored
     *     format's file if it is damaged
     */
    public static List<RecordFormat> formats(Path channelDirectory) {
        try {
            return RecordCodecs.stored(PersistentChannels.codecStore(channelDirectory));
        } catch (CodecException e) {
            throw new ChannelException(channelDirectory.getFileName().toString(), channelDirectory, e.getMessage(), e);
        }
    }

    /**
     * How many records of each format a persistent channel of records holds, by fingerprint in the
     * order first met: reads every record's fingerprint (not its fields), from the first record
     * kept to the last stored now.
     *
     * @throws ChannelException naming the directory if it holds no channel of records, or the file
     *     and seq of a damaged batch
     */
    public static Map<Long, Long> countByFormat(Path channelDirectory) {
        Map<Long, Long> counts = new LinkedHashMap<>();
        try (SeekableChannelReader<Long> reader = PersistentChannels.openReader(channelDirectory, new FingerprintCodec())) {
            while (reader.isReady()) {
                Long fingerprint = reader.poll();
                if (fingerprint == null) {
                    break;
                }
                counts.merge(fingerprint, 1L, Long::sum);
            }
        }
        return counts;
    }

    /**
     * The reader as one of a record class: each token, a Java record or a record value of any
     * format, is returned as an instance of {@code type}, resolved by field name as a persistent
     * channel would (a token of {@code type} itself is returned as it is). One resolver is made per
     * token class or format met, on first sight, and kept by the returned reader. Closing it
     * closes {@code reader}. A token that cannot be read so fails the take or poll with an
     * {@link IllegalArgumentException} naming the reader, the token's seq and the fields.
     *
     * @throws IllegalArgumentException as {@link RecordFormat#of(Class)} does
     */
    public static <T extends Record> ChannelReader<T> readAs(ChannelReader<?> reader, Class<T> type) {
        return TokenConversions.converting(reader, RecordConversion.toClass(type));
    }

    /** The reader as one of record values of {@code format}, as {@link #readAs(ChannelReader, Class)} describes. */
    public static ChannelReader<RecordValue> readAs(ChannelReader<?> reader, RecordFormat format) {
        return TokenConversions.converting(reader, RecordConversion.toFormat(format));
    }

    /** Reads a record token's fingerprint and skips its bytes: for counting, never for writing. */
    private static final class FingerprintCodec implements Codec<Long> {
        @Override
        public String id() {
            return RecordCodecs.ID;
        }

        @Override
        public Class<Long> type() {
            return Long.class;
        }

        @Override
        public String storedType() {
            return RecordCodecs.STORED_TYPE;
        }

        @Override
        public void write(Long value, CodecOutput out) {
            throw new UnsupportedOperationException("counts records; writes none");
        }

        @Override
        public Long read(CodecInput in) {
            long fingerprint = in.readLong();
            int length = in.readInt();
            if (length < 0 || length > in.remaining()) {
                throw new CodecException("a record of " + length + " bytes does not fit in the " + in.remaining() + " bytes left");
            }
            in.readBytes(new byte[length], 0, length);
            return fingerprint;
        }
    }
}
