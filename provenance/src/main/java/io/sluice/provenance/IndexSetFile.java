package io.sluice.provenance;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.CRC32C;

/**
 * Every index of a run in one file, {@code index/indexes} (format 5 on): the recorder creates it
 * when the run starts and writes it once, when the run has ended and before the completion
 * marker, so that a store with the marker has it whole unless it was damaged afterwards. Written
 * by the thread that ends the run. Little-endian:
 *
 * <pre>
 * int   magic ('S', 'L', 'I', 'X')
 * int   the number of indexes
 * per index: short the length of its name, its name (UTF-8, as {@link StoreLayout} names it), int its pairs
 * zeros up to a multiple of 8 bytes
 * per index, in the same order: its pairs (long key, long value)
 * int   CRC-32C of all the bytes before it (format 7 on)
 * </pre>
 *
 * The file ends with the last index's pairs, and from format 7 on their checksum; one of any
 * other length, or whose checksum does not match, is damaged.
 */
final class IndexSetFile implements AutoCloseable {
    private static final int MAGIC = 'S' | 'L' << 8 | 'I' << 16 | 'X' << 24;
    private static final int CHUNK = 64 << 10;
    private final Path file;
    private final FileChannel channel;
    private final CRC32C crc = new CRC32C();

    private IndexSetFile(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Creates {@code file}, which must not exist, to {@link #write} the indexes into when the run
     * ends: the recorder creates it when the run starts, beside the channels' opening, so that
     * the run's end only writes it. Until then it is empty.
     *
     * @throws ProvenanceException naming the file if it cannot be created
     */
    static IndexSetFile create(Path file) {
        try {
            return new IndexSetFile(file, FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
        } catch (IOException e) {
            throw new ProvenanceException(file + ": cannot create the run's index file: " + e, e);
        }
    }

    /**
     * Writes {@code indexes} (by name, in their map's order) into the file; once.
     *
     * @throws ProvenanceException naming the file if it cannot be written (a full disk)
     */
    void write(Map<String, IndexPairs> indexes) {
        int header = headerSize(indexes);
        ByteBuffer buffer = ByteBuffer.allocate(Math.max(CHUNK, header)).order(ByteOrder.LITTLE_ENDIAN);
        buffer.putInt(MAGIC).putInt(indexes.size());
        indexes.forEach((name, pairs) -> {
            byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
            buffer.putShort((short) bytes.length).put(bytes).putInt(pairs.size());
        });
        buffer.position(header);
        try {
            for (IndexPairs pairs : indexes.values()) {
                for (int from = 0; from < pairs.size(); ) {
                    int n = Math.min(pairs.size() - from, buffer.remaining() / IndexReader.PAIR);
                    if (n == 0) {
                        drain(buffer);
                        continue;
                    }
                    pairs.put(from, n, buffer);
                    from += n;
                }
            }
            drain(buffer);
            buffer.putInt((int) crc.getValue());
            drain(buffer);
        } catch (IOException e) {
            throw new ProvenanceException(file + ": cannot write the run's indexes: " + e, e);
        }
    }

    /** Closes the file, written or not. */
    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new ProvenanceException(file + ": cannot close the run's index file: " + e, e);
        }
    }

    private static int headerSize(Map<String, IndexPairs> indexes) {
        int size = 8;
        for (String name : indexes.keySet()) {
            size += 2 + name.getBytes(StandardCharsets.UTF_8).length + 4;
        }
        return (size + 7) & ~7;
    }

    private void drain(ByteBuffer buffer) throws IOException {
        buffer.flip();
        crc.update(buffer.duplicate());
        while (buffer.hasRemaining()) {
            channel.write(buffer);
        }
        buffer.clear();
    }

    /**
     * Maps {@code file} and returns its indexes by name.
     *
     * @param checksummed whether the file ends with its checksum (format 7 on), which is then verified
     * @throws ProvenanceException naming the file if it cannot be read, or is damaged: cut short,
     *     too long, failing its checksum, or not such a file
     */
    static Map<String, IndexReader> read(Path file, boolean checksummed) {
        ByteBuffer map;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() > Integer.MAX_VALUE) {
                throw damaged(file, "it holds " + ch.size() + " bytes, more than this Sluice reads (2 GiB)");
            }
            map = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()).order(ByteOrder.LITTLE_ENDIAN);
        } catch (IOException e) {
            throw new ProvenanceException(file + ": cannot read the run's indexes: " + e, e);
        }
        if (checksummed) {
            verify(file, map);
        }
        try {
            if (map.getInt() != MAGIC) {
                throw damaged(file, "it does not start as an index file does");
            }
            int count = map.getInt();
            if (count < 0) {
                throw damaged(file, "it says it holds " + count + " indexes");
            }
            Map<String, Integer> sizes = new LinkedHashMap<>();
            for (int i = 0; i < count; i++) {
                short length = map.getShort();
                if (length < 0) {
                    throw damaged(file, "index " + i + " says its name has " + length + " bytes");
                }
                byte[] name = new byte[length];
                map.get(name);
                int pairs = map.getInt();
                if (pairs < 0) {
                    throw damaged(file, "index " + i + " says it holds " + pairs + " pairs");
                }
                sizes.put(new String(name, StandardCharsets.UTF_8), pairs);
            }
            long at = (map.position() + 7) & ~7;
            Map<String, IndexReader> out = new LinkedHashMap<>();
            for (Map.Entry<String, Integer> e : sizes.entrySet()) {
                long end = at + (long) e.getValue() * IndexReader.PAIR;
                if (end > map.limit()) {
                    throw damaged(file, "index " + e.getKey() + " ends at byte " + end + ", beyond the file's " + map.limit());
                }
                out.put(e.getKey(), IndexReader.over(map.slice((int) at, (int) (end - at))));
                at = end;
            }
            if (at != map.limit()) {
                throw damaged(file, "its indexes end at byte " + at + ", but it holds " + map.limit());
            }
            return out;
        } catch (BufferUnderflowException e) {
            throw damaged(file, "it is cut short in its table of indexes");
        }
    }

    /** Checks the checksum that ends {@code map}, and leaves its limit before it. */
    private static void verify(Path file, ByteBuffer map) {
        int size = map.limit();
        if (size < 4) {
            throw damaged(file, "it holds " + size + " bytes, too few for its checksum");
        }
        CRC32C crc = new CRC32C();
        crc.update(map.duplicate().limit(size - 4));
        int recorded = map.getInt(size - 4);
        if ((int) crc.getValue() != recorded) {
            throw damaged(file, String.format("it fails its checksum (CRC-32C %08x, recorded %08x)", (int) crc.getValue(), recorded));
        }
        map.limit(size - 4);
    }

    private static ProvenanceException damaged(Path file, String why) {
        return new ProvenanceException(file + ": the run's indexes are damaged: " + why);
    }
}
