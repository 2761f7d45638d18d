package io.sluice.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParametersTest {

    @Test
    void typedGettersWithDefaults() {
        Parameters p = Parameters.of(Map.of("s", "x", "n", 7, "big", 10_000_000_000L, "d", 1.5, "b", true));
        assertThat(p.string("s")).isEqualTo("x");
        assertThat(p.string("missing", "def")).isEqualTo("def");
        assertThat(p.longValue("n")).isEqualTo(7);
        assertThat(p.longValue("big")).isEqualTo(10_000_000_000L);
        assertThat(p.intValue("n", 0)).isEqualTo(7);
        assertThat(p.doubleValue("d", 0)).isEqualTo(1.5);
        assertThat(p.doubleValue("n", 0)).isEqualTo(7.0);
        assertThat(p.booleanValue("b", false)).isTrue();
        assertThat(p.names()).containsExactlyInAnyOrder("s", "n", "big", "d", "b");
    }

    @Test
    void wrongKindsAndMissingValuesNameTheParameter() {
        Parameters p = Parameters.of(Map.of("s", "x", "d", 1.5, "big", 10_000_000_000L));
        assertThatThrownBy(() -> p.longValue("s")).hasMessage("parameter 's' must be an integer, got \"x\"");
        assertThatThrownBy(() -> p.longValue("d")).hasMessage("parameter 'd' must be an integer, got 1.5");
        assertThatThrownBy(() -> p.intValue("big", 0)).hasMessageContaining("out of the int range");
        assertThatThrownBy(() -> p.string("none")).hasMessage("parameter 'none' is required");
        assertThatThrownBy(() -> p.booleanValue("s", false)).hasMessage("parameter 's' must be true or false, got \"x\"");
    }

    @Test
    void unreadParametersAreTracked() {
        Parameters p = Parameters.of(Map.of("a", 1, "b", 2, "c", 3));
        p.longValue("a");
        p.has("b");
        assertThat(p.unread()).containsExactly("c");
    }

    @Test
    void pathsResolveAgainstTheBaseDirectory() {
        Parameters p = Parameters.of(Map.of("rel", "words.txt", "abs", "/tmp/w.txt"), Path.of("/data/flows"));
        assertThat(p.path("rel")).isEqualTo(Path.of("/data/flows/words.txt"));
        assertThat(p.path("abs")).isEqualTo(Path.of("/tmp/w.txt"));
    }
}
