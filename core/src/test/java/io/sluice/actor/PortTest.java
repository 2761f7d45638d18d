package io.sluice.actor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PortTest {

    @Test
    void portsAreValuesNamedAndTyped() {
        InputPort<String> in = Port.input("in", String.class);
        assertThat(in).isEqualTo(Port.input("in", String.class));
        assertThat(in.name()).isEqualTo("in");
        assertThat(in.type()).isEqualTo(String.class);
        assertThat(Port.output("out-1", Integer.class).toString()).isEqualTo("output out-1: Integer");
    }

    @Test
    void invalidNamesAndPrimitiveTypesAreRejectedWithTheName() {
        assertThatThrownBy(() -> Port.input("a.b", String.class)).hasMessageContaining("'a.b'");
        assertThatThrownBy(() -> Port.input("", String.class)).hasMessageContaining("port name ''");
        assertThatThrownBy(() -> Port.output("-x", String.class)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Port.output("n", int.class)).hasMessageContaining("primitive type int");
        assertThatThrownBy(() -> Port.output("n", null)).hasMessageContaining("has no type");
    }

    @Test
    void channelNamesMayContainDots() {
        assertThat(Names.requireChannel("source.out")).isEqualTo("source.out");
        assertThatThrownBy(() -> Names.requireChannel("../etc")).hasMessageContaining("'../etc'");
        assertThatThrownBy(() -> Names.requireChannel("a/b")).isInstanceOf(IllegalArgumentException.class);
    }
}
