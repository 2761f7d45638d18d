package io.sluice.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/** {@link WordGenerator} draws what {@link SplittableRandom} draws, and goes on from its state. */
class WordGeneratorProperties {

    @Property(tries = 300)
    void drawsWhatSplittableRandomDraws(@ForAll long seed, @ForAll @IntRange(min = 1) int bound) {
        SplittableRandom jdk = new SplittableRandom(seed);
        WordGenerator ours = WordGenerator.seeded(seed);
        for (int i = 0; i < 200; i++) {
            // Alternates the given bound with the word's own (8: a power of two; 26: draws may be rejected).
            int b = switch (i % 3) {
                case 0 -> bound;
                case 1 -> 8;
                default -> 26;
            };
            assertThat(ours.nextInt(b)).as("draw %d, bound %d", i, b).isEqualTo(jdk.nextInt(b));
        }
    }

    @Property(tries = 100)
    void aGeneratorAtAnotherOnesStateDrawsWhatThatOneDrawsNext(@ForAll long seed, @ForAll @IntRange(max = 500) int drawn) {
        WordGenerator first = WordGenerator.seeded(seed);
        for (int i = 0; i < drawn; i++) {
            first.nextInt(26);
        }
        WordGenerator resumed = WordGenerator.at(first.state());
        for (int i = 0; i < 100; i++) {
            assertThat(resumed.nextInt(26)).isEqualTo(first.nextInt(26));
        }
    }
}
