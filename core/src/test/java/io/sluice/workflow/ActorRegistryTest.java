package io.sluice.workflow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.testing.TestActors;
import org.junit.jupiter.api.Test;

class ActorRegistryTest {

    /** Listed in this module's test resources as an {@link ActorTypes} service. */
    public static final class TestTypes implements ActorTypes {
        @Override
        public void registerTo(ActorRegistry.Builder registry) {
            registry.register("test-collect", p -> TestActors.collect(Object.class));
        }
    }

    @Test
    void discoversServicesOnTheClassPath() {
        ActorRegistry registry = ActorRegistry.discover(getClass().getClassLoader());
        assertThat(registry.types()).contains("test-collect");
        assertThat(registry.factory("test-collect")).isPresent();
        assertThat(registry.factory("other")).isEmpty();
    }

    @Test
    void aTypeCanBeRegisteredOnce() {
        ActorRegistry.Builder b = ActorRegistry.builder().include(new TestTypes());
        assertThatThrownBy(() -> b.include(new TestTypes())).hasMessage("actor type 'test-collect' is registered twice");
        assertThatThrownBy(() -> b.register(" ", p -> null)).isInstanceOf(IllegalArgumentException.class);
    }
}
