package io.sluice.provenance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The file of a run's indexes: written once, read back by name, and refused, naming the file, when damaged. */
class IndexSetFileTest {
    @TempDir
    Path dir;

    /** Three indexes, one empty and one larger than the writer's buffer, with the file's checksum (format 7). */
    private Path written() {
        Map<String, IndexPairs> indexes = new LinkedHashMap<>();
        indexes.put("a0.batches", pairs(3, 10));
        indexes.put("c0.produced", pairs(0, 1));
        indexes.put("c0.r0.consumed", pairs(10_000, 7));
        Path file = dir.resolve("indexes");
        try (IndexSetFile f = IndexSetFile.create(file)) {
            f.write(indexes);
        }
        return file;
    }

    /** As {@link #written()}, without the checksum that ends it: as formats 5 and 6 wrote it. */
    private Path writtenWithoutChecksum() throws IOException {
        Path file = written();
        Path older = dir.resolve("indexes-6");
        Files.move(file, older);
        file = older;
        byte[] whole = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(whole, whole.length - 4));
        return file;
    }

    /** {@code n} pairs (i * step, -i). */
    private static IndexPairs pairs(int n, long step) {
        IndexPairs p = new IndexPairs();
        for (int i = 0; i < n; i++) {
            p.append(i * step, -i);
        }
        return p;
    }

    @Test
    void indexesAreReadBackByNameWithTheirPairs() throws IOException {
        assertReadBack(IndexSetFile.read(writtenWithoutChecksum(), false));
        assertReadBack(IndexSetFile.read(written(), true));
    }

    private static void assertReadBack(Map<String, IndexReader> read) {
        assertThat(read.keySet()).containsExactly("a0.batches", "c0.produced", "c0.r0.consumed");
        IndexReader batches = read.get("a0.batches");
        assertThat(batches.size()).isEqualTo(3);
        assertThat(batches.key(2)).isEqualTo(20);
        assertThat(batches.value(2)).isEqualTo(-2);
        assertThat(read.get("c0.produced").size()).isZero();
        assertThat(read.get("c0.produced").floor(5)).isEqualTo(-1);
        IndexReader consumed = read.get("c0.r0.consumed");
        assertThat(consumed.size()).isEqualTo(10_000);
        assertThat(consumed.floor(7 * 9_999 + 3)).isEqualTo(9_999);
        assertThat(consumed.value(consumed.floor(7 * 5_000 - 1))).isEqualTo(-4_999);
    }

    @Test
    void anExistingFileIsNotOverwritten() throws IOException {
        Path file = written();
        byte[] before = Files.readAllBytes(file);

        assertThatThrownBy(() -> IndexSetFile.create(file))
                .isInstanceOf(ProvenanceException.class).hasMessageStartingWith(file + ": cannot create the run's index file");
        assertThat(Files.readAllBytes(file)).isEqualTo(before);
    }

    @Test
    void aFileCutShortOrTooLongIsDamaged() throws IOException {
        Path file = writtenWithoutChecksum();
        byte[] whole = Files.readAllBytes(file);

        for (int length : new int[] {0, 6, 20, whole.length - 1, whole.length - 16}) {
            Files.write(file, Arrays.copyOf(whole, length));
            assertThatThrownBy(() -> IndexSetFile.read(file, false)).as("cut to %d bytes", length)
                    .isInstanceOf(ProvenanceException.class).hasMessageStartingWith(file + ": the run's indexes are damaged");
        }
        Files.write(file, Arrays.copyOf(whole, whole.length + 8));
        assertThatThrownBy(() -> IndexSetFile.read(file, false)).isInstanceOf(ProvenanceException.class)
                .hasMessageContaining("damaged: its indexes end at byte " + whole.length + ", but it holds " + (whole.length + 8));
    }

    /** From format 7 on the file ends with its checksum: any flipped bit, cut or garbage after it fails it, naming the file. */
    @Test
    void aFileWhoseChecksumFailsIsDamaged() throws IOException {
        Path file = written();
        byte[] whole = Files.readAllBytes(file);

        for (int bit : new int[] {0, 8 * 9 + 3, 8 * (whole.length / 2) + 5, 8 * (whole.length - 20), 8 * whole.length - 1}) {
            byte[] flipped = whole.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            Files.write(file, flipped);
            assertThatThrownBy(() -> IndexSetFile.read(file, true)).as("bit %d flipped", bit)
                    .isInstanceOf(ProvenanceException.class).hasMessageStartingWith(file + ": the run's indexes are damaged");
        }
        for (int length : new int[] {0, 3, whole.length - 4, whole.length - 1, whole.length + 8}) {
            Files.write(file, Arrays.copyOf(whole, length));
            assertThatThrownBy(() -> IndexSetFile.read(file, true)).as("%d bytes", length)
                    .isInstanceOf(ProvenanceException.class).hasMessageStartingWith(file + ": the run's indexes are damaged");
        }
        Files.write(file, whole);
        assertThat(IndexSetFile.read(file, true)).containsOnlyKeys("a0.batches", "c0.produced", "c0.r0.consumed");
    }

    @Test
    void aFileThatIsNotAnIndexFileOrCountsAmissIsDamaged() throws IOException {
        Path file = writtenWithoutChecksum();
        byte[] whole = Files.readAllBytes(file);

        Files.writeString(file, "{\"runId\": \"not an index\"}");
        assertThatThrownBy(() -> IndexSetFile.read(file, false)).isInstanceOf(ProvenanceException.class)
                .hasMessageContaining("damaged: it does not start as an index file does");

        ByteBuffer b = ByteBuffer.wrap(whole.clone()).order(ByteOrder.LITTLE_ENDIAN);
        Files.write(file, b.putInt(4, -1).array());
        assertThatThrownBy(() -> IndexSetFile.read(file, false)).isInstanceOf(ProvenanceException.class)
                .hasMessageContaining("damaged: it says it holds -1 indexes");

        // The table of the three indexes takes 61 bytes, and zeros up to 64.
        b = ByteBuffer.wrap(whole.clone()).order(ByteOrder.LITTLE_ENDIAN);
        Files.write(file, Arrays.copyOf(b.putInt(4, 1_000).array(), 64));
        assertThatThrownBy(() -> IndexSetFile.read(file, false)).isInstanceOf(ProvenanceException.class)
                .hasMessageContaining("damaged: it is cut short in its table of indexes");

        b = ByteBuffer.wrap(whole.clone()).order(ByteOrder.LITTLE_ENDIAN);
        Files.write(file, b.putShort(8, (short) -3).array());
        assertThatThrownBy(() -> IndexSetFile.read(file, false)).isInstanceOf(ProvenanceException.class)
                .hasMessageContaining("damaged: index 0 says its name has -3 bytes");

        // The first index's pair count: 8 bytes of header, 2 of name length, 10 of name.
        b = ByteBuffer.wrap(whole.clone()).order(ByteOrder.LITTLE_ENDIAN);
        Files.write(file, b.putInt(20, 1 << 30).array());
        assertThatThrownBy(() -> IndexSetFile.read(file, false)).isInstanceOf(ProvenanceException.class)
                .hasMessageContaining("damaged: index a0.batches ends at byte");
    }
}
