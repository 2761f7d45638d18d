package io.sluice.channel.local;

import io.sluice.channel.ChannelException;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What a persistent channel's directory holds, stored in its {@code channel.json}, so that a
 * reader in another process can decode it without configuration.
 *
 * @param format the layout version of the directory
 * @param channel the channel's name
 * @param type the name of the token class
 * @param codec the id of the codec that wrote the tokens
 * @param tokensPerFile how many tokens each queue file holds: token {@code seq} is in file
 *     {@code seq / tokensPerFile}
 * @param created when the channel was created, ISO-8601
 * @param crc32c a CRC-32C of the fields above ({@link #checksum}), in hex, so that a damaged file is
 *     not taken for another channel's description; null in files written before it was added
 */
record ChannelMetadata(int format, String channel, String type, String codec, int tokensPerFile, String created, String crc32c) {
    /** 2: tokens in batches with checksums ({@link ExcerptLayout}); 1 (Sluice before batching): one token per excerpt. */
    static final int FORMAT = 2;
    static final String FILE = "channel.json";
    /** Unknown fields are refused: a damaged field name must not pass for a field of a newer Sluice. */
    private static final JsonMapper JSON = JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

    /** The description of a new channel, with its checksum. */
    static ChannelMetadata of(String channel, String type, String codec, int tokensPerFile, String created) {
        ChannelMetadata m = new ChannelMetadata(FORMAT, channel, type, codec, tokensPerFile, created, null);
        return new ChannelMetadata(FORMAT, channel, type, codec, tokensPerFile, created, m.checksum());
    }

    /** The CRC-32C, in hex, of the fields but the checksum, one per line. */
    String checksum() {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(String.join("\n", Integer.toString(format), channel, type, codec, Integer.toString(tokensPerFile), created)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        return String.format(java.util.Locale.ROOT, "%08x", crc.getValue());
    }

    /** Writes {@code channel.json} into {@code directory}, atomically where the file system can. */
    void write(Path directory) throws IOException {
        Path tmp = directory.resolve(FILE + ".tmp");
        Files.write(tmp, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(this));
        try {
            Files.move(tmp, directory.resolve(FILE), StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, directory.resolve(FILE), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Reads {@code channel.json} of a channel directory.
     *
     * @throws ChannelException naming the directory if it does not exist, or the file if it is
     *     missing, unreadable or malformed
     */
    static ChannelMetadata read(Path directory) {
        Path file = directory.resolve(FILE);
        String channel = directory.getFileName() == null ? directory.toString() : directory.getFileName().toString();
        if (!Files.isDirectory(directory)) {
            throw new ChannelException(channel, directory, Files.exists(directory) ? "not a directory" : "no such channel directory", null);
        }
        try {
            ChannelMetadata m = JSON.readValue(Files.readAllBytes(file), ChannelMetadata.class);
            if (m.format() != FORMAT) {
                throw new ChannelException(channel, file, "unsupported channel format " + m.format() + " (this Sluice reads format "
                        + FORMAT + ")", null);
            }
            if (m.channel() == null || m.type() == null || m.codec() == null || m.tokensPerFile() < 1 || m.created() == null) {
                throw new ChannelException(channel, file, "incomplete channel metadata: " + m, null);
            }
            if (m.crc32c() != null && !m.crc32c().equals(m.checksum())) {
                throw new ChannelException(channel, file, FILE + " fails its checksum: it was damaged", null);
            }
            return m;
        } catch (NoSuchFileException e) {
            throw new ChannelException(channel, file, "not a Sluice channel directory: " + FILE + " is missing", e);
        } catch (IOException e) {
            throw new ChannelException(channel, file, "cannot read channel metadata: " + e, e);
        } catch (JacksonException e) {
            throw new ChannelException(channel, file, "malformed channel metadata: " + e.getOriginalMessage(), e);
        }
    }
}
