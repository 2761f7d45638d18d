package io.sluice.workflow;

import static io.sluice.testing.TestActors.collect;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InitialTokens;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Initial tokens an actor declares on an output port, as the workflow places them on its channel. */
class DeclaredInitialTokensTest {
    static final InputPort<Integer> IN = Port.input("in", Integer.class);
    static final OutputPort<Integer> OUT = Port.output("out", Integer.class);

    /** Passes tokens on after declaring {@code tokens} on {@code out}. */
    private static Actor delay(List<?> tokens) {
        return new Delaying(tokens);
    }

    private record Delaying(List<?> tokens) implements Actor, InitialTokens {
        @Override
        public List<Port<?>> ports() {
            return List.of(IN, OUT);
        }

        @Override
        public List<?> initialTokens(OutputPort<?> port) {
            return port.equals(OUT) ? tokens : List.of();
        }

        @Override
        public void fire(FiringContext context) {
            context.put(OUT, context.take(IN));
        }
    }

    @Test
    void theWritersTokensComeFirstAndTheChannelsOwnAreKeptApart() {
        Workflow w = Workflow.builder("loop").actor("d", delay(List.of(1, 2))).actor("sink", collect(Integer.class))
                .connect("d.out", "d.in", ChannelOptions.defaults().initialTokens(List.of(3)))
                .connect("d.out", "sink.in").build();
        ChannelDefinition c = w.channel("d.out").orElseThrow();
        assertThat(c.initialTokens()).containsExactly(1, 2, 3);
        assertThat(c.writerTokens()).isEqualTo(2);
        assertThat(c.channelTokens()).containsExactly(3);
    }

    @Test
    void anUnconnectedOutputStillHoldsItsDeclaredTokens() {
        Workflow w = Workflow.builder("open").actor("src", io.sluice.testing.TestActors.emit(Integer.class, List.of(5)))
                .actor("d", delay(List.of(0))).connect("src.out", "d.in").build();
        assertThat(w.channel("d.out").orElseThrow().initialTokens()).containsExactly(0);
    }

    @Test
    void aDeclaredTokenOfAnotherTypeIsRefusedNamingActorAndPort() {
        Workflow.Builder b = Workflow.builder("bad").actor("d", delay(List.of("zero"))).connect("d.out", "d.in");
        assertThatThrownBy(b::build).isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("actor 'd' declares initial token zero on port 'out' (channel 'd.out') is a java.lang.String,"
                        + " not a java.lang.Integer");
    }

    @Test
    void aChannelDefinitionRefusesMoreWriterTokensThanItHas() {
        assertThatThrownBy(() -> new ChannelDefinition("c", new PortRef("a", "out"), Integer.class, List.of(), -1, List.of(1),
                null, null, java.util.Map.of(), 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("2 of its 1 initial tokens cannot be its writer's");
    }
}
