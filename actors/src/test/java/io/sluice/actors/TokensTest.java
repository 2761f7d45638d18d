package io.sluice.actors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class TokensTest {

    @Test
    void operandsNameThePort() {
        assertThatThrownBy(() -> Tokens.operand("plus_1", "x")).hasMessage("port 'plus_1' received \"x\" (String), which is not a number");
        assertThatThrownBy(() -> Tokens.operand("input", BigInteger.TWO.pow(70))).hasMessageStartingWith("port 'input': ");
        assertThat(Tokens.operand("input", (short) 3)).isEqualTo(3);
    }
}
