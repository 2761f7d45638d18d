package io.sluice.director;

import static org.assertj.core.api.Assertions.assertThat;

import io.sluice.run.Director;
import org.junit.jupiter.api.Test;

class DataDrivenDirectorTest extends DirectorContractTest {

    @Override
    Director director() {
        return Directors.dataDriven();
    }

    @Test
    void isFoundByName() {
        assertThat(Directors.named("data")).isSameAs(director());
        assertThat(director().name()).isEqualTo("data");
    }
}
