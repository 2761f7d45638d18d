package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.channel.Channel;
import io.sluice.channel.ChannelSpec;
import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import io.sluice.codec.CodecOutput;
import io.sluice.codec.CodecProvider;
import io.sluice.codec.CodecStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A codec that stores descriptions once per channel ({@link CodecStore}): bound to each channel it
 * is opened on, its descriptions kept in the channel's {@code codec/} directory and found by a
 * reader opened later, and a codec family made on demand by a provider.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DirectoryCodecStoreTest {
    @TempDir
    Path work;

    /** A token. */
    record Word(String text) {}

    /** Words, each stored as the key of its description (the word's upper-case form), stored once per word. */
    static final class DictionaryCodec implements Codec<Word> {
        private final CodecStore store;

        DictionaryCodec(CodecStore store) {
            this.store = store;
        }

        @Override
        public String id() {
            return "dictionary";
        }

        @Override
        public Class<Word> type() {
            return Word.class;
        }

        @Override
        public String storedType() {
            return "words";
        }

        @Override
        public Codec<Word> bind(CodecStore channelStore) {
            return new DictionaryCodec(channelStore);
        }

        @Override
        public void write(Word value, CodecOutput out) {
            store.put(value.text(), value.text().toUpperCase(java.util.Locale.ROOT).getBytes(StandardCharsets.UTF_8));
            out.writeString(value.text());
        }

        @Override
        public Word read(CodecInput in) {
            String key = in.readString();
            return new Word(new String(store.get(key).orElseThrow(() -> new CodecException("no description of " + key)),
                    StandardCharsets.UTF_8));
        }
    }

    static final class DictionaryProvider implements CodecProvider {
        @Override
        public Collection<Codec<?>> codecs() {
            return List.of();
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Codec<T> codecFor(Class<T> type) {
            return type == Word.class ? (Codec<T>) new DictionaryCodec(null) : null;
        }

        @Override
        @SuppressWarnings("unchecked")
        public <T> Codec<T> codecFor(String id, Class<T> type) {
            return id.equals("dictionary") && type == Word.class ? (Codec<T>) new DictionaryCodec(null) : null;
        }
    }

    @Test
    void aBoundCodecStoresEachDescriptionOnceAndALaterReaderFindsThem() throws Exception {
        Codecs codecs = Codecs.builtIn().with(new DictionaryProvider());
        try (PersistentChannelWriter<Word> writer = PersistentChannels.openWriter(work.resolve("w"), "w", Word.class, codecs)) {
            for (String w : List.of("a", "b", "a", "c")) {
                writer.put(new Word(w));
            }
            writer.end();
        }
        Path dir = work.resolve("w");
        assertThat(PersistentChannels.describe(dir).type()).isEqualTo("words");
        try (var files = Files.list(dir.resolve(DirectoryCodecStore.DIRECTORY))) {
            assertThat(files.map(p -> p.getFileName().toString()).sorted()).containsExactly("a", "b", "c");
        }
        assertThat(PersistentChannels.codecStore(dir).all()).containsOnlyKeys("a", "b", "c");
        try (var reader = PersistentChannels.openReader(dir, Word.class, codecs)) {
            assertThat(List.of(reader.take(), reader.take(), reader.take(), reader.take()))
                    .containsExactly(new Word("A"), new Word("B"), new Word("A"), new Word("C"));
            assertThat(reader.take()).isNull();
        }
    }

    @Test
    void theStoreKeepsTheFirstDescriptionOfAKeyIgnoresTemporaryFilesAndRefusesKeysThatAreNotNames() throws Exception {
        Path dir = work.resolve("c");
        try (Channel<String> channel = PersistentChannels.builder(work).build().open(ChannelSpec.unbounded("c", String.class))) {
            channel.writer().close();
        }
        CodecStore store = PersistentChannels.codecStore(dir);
        CodecStore other = PersistentChannels.codecStore(dir); // as another process sees it
        assertThat(store.channel()).isEqualTo("c");
        assertThat(store.get("k")).isEmpty();
        store.put("k", new byte[] {1});
        store.put("k", new byte[] {2});
        assertThat(other.get("k")).hasValueSatisfying(v -> assertThat(v).containsExactly(1));
        Files.write(dir.resolve(DirectoryCodecStore.DIRECTORY).resolve("x.1.2.tmp"), new byte[] {3});
        assertThat(other.all()).containsOnlyKeys("k");
        assertThatThrownBy(() -> store.put("../k", new byte[0])).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("../k");
        assertThatThrownBy(() -> store.get("")).isInstanceOf(IllegalArgumentException.class);
    }
}
