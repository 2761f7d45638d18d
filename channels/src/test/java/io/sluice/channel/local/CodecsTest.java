package io.sluice.channel.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.codec.Codec;
import io.sluice.codec.CodecException;
import io.sluice.codec.CodecInput;
import io.sluice.codec.CodecOutput;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class CodecsTest {

    /** A record stored as Smile. */
    public record Reading(String station, double value, List<Integer> flags) {}

    /** A plain Java object stored as Smile. */
    public static final class Sample {
        public String name;
        public long count;

        @Override
        public boolean equals(Object o) {
            return o instanceof Sample s && s.name.equals(name) && s.count == count;
        }

        @Override
        public int hashCode() {
            return name.hashCode();
        }
    }

    /** Encodes a value as a channel would and decodes it back. */
    static <T> T roundTrip(Codec<T> codec, T value) {
        HeapCodecOutput out = new HeapCodecOutput(16);
        codec.write(value, out);
        HeapCodecInput in = new HeapCodecInput().on(out.array(), 0, out.size());
        T back = codec.read(in);
        assertThat(in.remaining()).as("the codec reads exactly what it wrote").isZero();
        return back;
    }

    @Test
    void everyBuiltInCodecRoundTrips() {
        Codecs codecs = Codecs.builtIn();
        Map<Object, Class<?>> samples = Map.ofEntries(
                Map.entry("héllo wörld 😀", String.class), Map.entry(42, Integer.class), Map.entry(-7L, Long.class),
                Map.entry(3.25, Double.class), Map.entry(1.5f, Float.class), Map.entry((short) -3, Short.class),
                Map.entry((byte) 9, Byte.class), Map.entry(true, Boolean.class), Map.entry('ß', Character.class));
        samples.forEach((value, type) -> assertThat(roundTrip(codec(codecs, type), value)).isEqualTo(value));
        assertThat(roundTrip(codecs.forType(byte[].class), new byte[] {1, 2, 3})).containsExactly(1, 2, 3);
        assertThat(roundTrip(codecs.forType(int[].class), new int[] {1, -2})).containsExactly(1, -2);
        assertThat(roundTrip(codecs.forType(long[].class), new long[] {Long.MIN_VALUE})).containsExactly(Long.MIN_VALUE);
        assertThat(roundTrip(codecs.forType(double[].class), new double[] {0.5})).containsExactly(0.5);
        assertThat(roundTrip(codecs.forType(float[].class), new float[] {})).isEmpty();
        assertThat(codecs.forType(String.class).id()).isEqualTo("string");
    }

    @SuppressWarnings("unchecked")
    private static <T> Codec<Object> codec(Codecs codecs, Class<T> type) {
        return (Codec<Object>) codecs.forType(type);
    }

    @Test
    void recordsAndPlainObjectsAreStoredAsSmile() {
        Codec<Reading> readings = Codecs.builtIn().forType(Reading.class);
        assertThat(readings.id()).isEqualTo("smile");
        Reading r = new Reading("Spokane", 12.5, List.of(1, 2));
        assertThat(roundTrip(readings, r)).isEqualTo(r);
        Sample s = new Sample();
        s.name = "x";
        s.count = 3;
        assertThat(roundTrip(Codecs.builtIn().forType(Sample.class), s)).isEqualTo(s);
        assertThat(Codecs.builtIn().forId("smile", Reading.class).type()).isEqualTo(Reading.class);
    }

    @Test
    void typesSmileCannotReadBackNeedACodec() {
        assertThatThrownBy(() -> Codecs.builtIn().forType(Object.class)).hasMessageContaining("no codec for java.lang.Object");
        assertThatThrownBy(() -> Codecs.builtIn().forType(CharSequence.class)).hasMessageContaining("no codec for java.lang.CharSequence");
        assertThatThrownBy(() -> Codecs.builtIn().forType(String[].class)).hasMessageContaining("no codec for [Ljava.lang.String;");
    }

    @Test
    void codecsAreFoundByTheIdStoredWithAChannel() {
        assertThat(Codecs.builtIn().forId("long", Long.class).type()).isEqualTo(Long.class);
        assertThatThrownBy(() -> Codecs.builtIn().forId("nope", Long.class)).hasMessageContaining("no codec with id 'nope'");
        assertThatThrownBy(() -> Codecs.builtIn().forId("long", Integer.class))
                .hasMessage("codec 'long' is for java.lang.Long, not java.lang.Integer");
    }

    @Test
    void aCodecOfYourOwnIsRegisteredOnce() {
        Codec<CharSequence> chars = new Codec<>() {
            @Override
            public String id() {
                return "chars";
            }

            @Override
            public Class<CharSequence> type() {
                return CharSequence.class;
            }

            @Override
            public void write(CharSequence value, CodecOutput out) {
                out.writeString(value);
            }

            @Override
            public CharSequence read(CodecInput in) {
                return in.readString();
            }
        };
        Codecs codecs = Codecs.builtIn().with(chars);
        assertThat(codecs.forType(CharSequence.class)).isSameAs(chars);
        assertThat(codecs.forId("chars", CharSequence.class)).isSameAs(chars);
        assertThatThrownBy(() -> codecs.with(chars)).hasMessageContaining("codec id 'chars' is taken");
        assertThat(Codecs.builtIn().forType(String.class)).as("with() returns a new registry").isNotNull();
    }

    @Test
    void malformedBytesGiveACodecException() {
        HeapCodecOutput bytes = new HeapCodecOutput(8);
        bytes.writeInt(1000);
        bytes.writeByte(1);
        assertThatThrownBy(() -> Codecs.builtIn().forType(int[].class).read(new HeapCodecInput().on(bytes.array(), 0, bytes.size())))
                .isInstanceOf(CodecException.class).hasMessageContaining("array length 1000");
    }

    @Property(tries = 200)
    void stringsAndArraysRoundTrip(@ForAll String s, @ForAll byte[] b, @ForAll long[] l) {
        assertThat(roundTrip(Codecs.builtIn().forType(String.class), s)).isEqualTo(s);
        assertThat(roundTrip(Codecs.builtIn().forType(byte[].class), b)).isEqualTo(b);
        assertThat(roundTrip(Codecs.builtIn().forType(long[].class), l)).isEqualTo(l);
    }

    @Test
    void aStringStoredOneBytePerCharIsKnownToBeLatin1WithTheJvmOptionsOfTheDocs() {
        // The tests run with docs/jvm-options.md's options, as users are told to: the bulk copy is on.
        assertThat(Latin1Strings.isKnownLatin1("héllo")).isTrue();
        assertThat(Latin1Strings.isKnownLatin1("\u03a9mega")).isFalse();
        HeapCodecOutput out = new HeapCodecOutput(4);
        out.writeString("héllo");
        assertThat(out.size()).isEqualTo(1 + 5);
        assertThat(new HeapCodecInput().on(out.array(), 0, out.size()).readString()).isEqualTo("héllo");
    }

    /**
     * Strings around and above the length from which the Latin-1 encoder narrows them, with at
     * most one wider char (a Greek letter, an emoji half, an unpaired surrogate) anywhere: each
     * comes back as it was, in one byte per char if every char is Latin-1 and two otherwise.
     */
    @Property(tries = 300)
    void longStringsAreNarrowedOnlyIfEveryCharIsLatin1(@ForAll @IntRange(max = 300) int length,
            @ForAll @CharRange(from = 0, to = 0xFF) char latin1, @ForAll @IntRange(max = 300) int widerAt,
            @ForAll("wider") char wider, @ForAll boolean asBuilder) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < length; i++) {
            b.append((char) (latin1 + i & 0xFF));
        }
        boolean wide = widerAt < length;
        if (wide) {
            b.setCharAt(widerAt, wider);
        }
        String s = b.toString();
        HeapCodecOutput out = new HeapCodecOutput(4);
        out.writeString(asBuilder ? b : s);
        int header = HeapCodecOutput.varintSize(length << 1);
        assertThat(out.size()).as("bytes for %d chars, wide: %s", length, wide).isEqualTo(header + (wide ? 2 : 1) * length);
        assertThat(new HeapCodecInput().on(out.array(), 0, out.size()).readString()).isEqualTo(s);
    }

    @Provide
    Arbitrary<Character> wider() {
        return Arbitraries.of('\u0100', '\u03a9', '\ud83d', '\ude00', '\uffff');
    }
}
