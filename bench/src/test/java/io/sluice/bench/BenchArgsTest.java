package io.sluice.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BenchArgsTest {
    private static final String USAGE = "--tokens N, --rounds R, --output DIR";

    @Test
    void givenOptionsAreReadAndOthersTakeTheirDefaults() {
        BenchArgs args = BenchArgs.parse(new String[] {"--tokens", "500", "--output", "docs"}, USAGE);

        assertThat(args.getLong("--tokens", 1)).isEqualTo(500);
        assertThat(args.getInt("--rounds", 7)).isEqualTo(7);
        assertThat(args.getPath("--output", null)).isEqualTo(Path.of("docs"));
    }

    @Test
    void anUnknownOptionAMissingValueAndABadNumberAreNamed() {
        assertThatThrownBy(() -> BenchArgs.parse(new String[] {"--token", "5"}, USAGE))
                .hasMessage("unknown option --token; known: " + USAGE);
        assertThatThrownBy(() -> BenchArgs.parse(new String[] {"--rounds"}, USAGE)).hasMessage("--rounds needs a value");
        BenchArgs bad = BenchArgs.parse(new String[] {"--rounds", "many"}, USAGE);
        assertThatThrownBy(() -> bad.getInt("--rounds", 7)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--rounds many: ");
    }
}
