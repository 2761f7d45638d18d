package io.sluice.workflow;

import static io.sluice.testing.TestActors.collect;
import static io.sluice.testing.TestActors.emit;
import static io.sluice.testing.TestActors.map;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.actor.Actor;
import io.sluice.channel.ChannelSpec;
import io.sluice.testing.TestActors.Collect;
import io.sluice.testing.TestActors.Emit;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkflowBuilderTest {

    private static Workflow.Builder threeActors() {
        return Workflow.builder("wf")
                .actor("src", emit(String.class, List.of("a", "b")))
                .actor("len", map(String.class, Integer.class, String::length))
                .actor("sink", collect(Integer.class));
    }

    @Test
    void buildsTheGraphWithChannelsNamedAfterWriterPorts() {
        Workflow wf = threeActors().connect("src.out", "len.in").connect("len.out", "sink.in", ChannelOptions.defaults().capacity(4)).build();

        assertThat(wf.name()).isEqualTo("wf");
        assertThat(wf.actors()).extracting(ActorNode::name).containsExactly("src", "len", "sink");
        assertThat(wf.channels()).extracting(ChannelDefinition::name).containsExactly("src.out", "len.out");
        ChannelDefinition second = wf.channel("len.out").orElseThrow();
        assertThat(second.writer()).isEqualTo(new PortRef("len", "out"));
        assertThat(second.readers()).containsExactly(new PortRef("sink", "in"));
        assertThat(second.type()).isEqualTo(Integer.class);
        assertThat(second.capacity()).isEqualTo(4);
        assertThat(wf.channel("src.out").orElseThrow().capacity()).isEqualTo(ChannelSpec.UNBOUNDED);
        assertThat(wf.actor("len").orElseThrow().type()).contains("TestActors");
    }

    @Test
    void oneOutputFeedingSeveralInputsIsOneChannelWithSeveralReaders() {
        Emit<String> src = emit(String.class, List.of("x"));
        Collect<String> a = collect(String.class);
        Workflow wf = Workflow.builder("fan")
                .actor("src", src)
                .actor("a", a)
                .actor("b", collect(Object.class))
                .connect("src", src.out, "a", a.in)
                .connect("src.out", "b.in")
                .build();
        assertThat(wf.channels()).hasSize(1);
        assertThat(wf.channels().get(0).readers()).containsExactly(new PortRef("a", "in"), new PortRef("b", "in"));
    }

    @Test
    void anUnconnectedOutputGetsAChannelWithoutReaders() {
        Workflow wf = Workflow.builder("wf").actor("src", emit(String.class, List.of())).build();
        assertThat(wf.channels()).singleElement().satisfies(c -> {
            assertThat(c.name()).isEqualTo("src.out");
            assertThat(c.readers()).isEmpty();
        });
    }

    @Test
    void feedbackLoopsWithInitialTokensAreAllowed() {
        Workflow wf = Workflow.builder("loop")
                .actor("inc", map(Integer.class, Integer.class, i -> i + 1))
                .connect("inc.out", "inc.in", ChannelOptions.defaults().initialTokens(List.of(0)))
                .build();
        assertThat(wf.channel("inc.out").orElseThrow().initialTokens()).containsExactly(0);
    }

    @Test
    void unknownActorAndPortAreNamed() {
        assertThatThrownBy(() -> threeActors().connect("nope.out", "len.in"))
                .isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining("unknown actor 'nope'");
        assertThatThrownBy(() -> threeActors().connect("src.output", "len.in"))
                .hasMessageContaining("unknown port 'output' of actor 'src'")
                .hasMessageContaining("[out]");
        assertThatThrownBy(() -> threeActors().connect("src-out", "len.in")).hasMessageContaining("not of the form actor.port");
    }

    @Test
    void directionsAreChecked() {
        assertThatThrownBy(() -> threeActors().connect("len.in", "sink.in")).hasMessageContaining("'len.in' is an input port");
        assertThatThrownBy(() -> threeActors().connect("src.out", "len.out")).hasMessageContaining("'len.out' is an output port");
    }

    @Test
    void typeMismatchNamesBothPortsAndTypes() {
        assertThatThrownBy(() -> threeActors().connect("src.out", "sink.in"))
                .hasMessage("type mismatch from 'src.out' to 'sink.in': 'src.out' produces java.lang.String but 'sink.in' accepts java.lang.Integer");
    }

    @Test
    void anInputPortReadsExactlyOneChannel() {
        Workflow.Builder b = threeActors()
                .actor("src2", emit(String.class, List.of()))
                .connect("src.out", "len.in");
        assertThatThrownBy(() -> b.connect("src2.out", "len.in")).hasMessageContaining("'len.in' is already connected to 'src.out'");
    }

    @Test
    void unconnectedInputsAreAllListed() {
        assertThatThrownBy(() -> threeActors().build())
                .hasMessageContaining("input ports 'len.in', 'sink.in' are not connected");
    }

    @Test
    void duplicateNamesAndReusedInstancesAreRejected() {
        Actor actor = collect(String.class);
        Workflow.Builder b = Workflow.builder("wf").actor("a", actor);
        assertThatThrownBy(() -> b.actor("a", collect(String.class))).hasMessageContaining("duplicate actor name 'a'");
        assertThatThrownBy(() -> b.actor("b", actor)).hasMessageContaining("already added under another name");
        assertThatThrownBy(() -> b.actor("bad.name", collect(String.class))).hasMessageContaining("'bad.name'");
        assertThatThrownBy(() -> Workflow.builder("bad name")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void channelNamesMustBeUnique() {
        Workflow.Builder b = threeActors()
                .connect("src.out", "len.in", ChannelOptions.defaults().name("x"))
                .connect("len.out", "sink.in", ChannelOptions.defaults().name("x"));
        assertThatThrownBy(b::build).hasMessageContaining("duplicate channel name 'x'");
    }

    @Test
    void conflictingOptionsForOneChannelAreRejected() {
        Workflow.Builder b = Workflow.builder("wf")
                .actor("src", emit(String.class, List.of()))
                .actor("a", collect(String.class))
                .actor("b", collect(String.class))
                .connect("src.out", "a.in", ChannelOptions.defaults().capacity(2));
        assertThatThrownBy(() -> b.connect("src.out", "b.in", ChannelOptions.defaults().capacity(3)))
                .hasMessageContaining("conflicting options for the channel from 'src.out'");
        // Default options on a second connection mean "the same channel".
        assertThat(b.connect("src.out", "b.in").build().channel("src.out").orElseThrow().capacity()).isEqualTo(2);
    }

    @Test
    void initialTokensMustHaveTheChannelType() {
        Workflow.Builder b = Workflow.builder("loop")
                .actor("inc", map(Integer.class, Integer.class, i -> i + 1))
                .connect("inc.out", "inc.in", ChannelOptions.defaults().initialTokens(List.of("zero")));
        assertThatThrownBy(b::build).hasMessageContaining("initial token zero is a java.lang.String, not a java.lang.Integer");
    }

    @Test
    void portsOfAnActorMustHaveDistinctNames() {
        Collect<String> a = collect(String.class);
        Actor twoIns = new Actor() {
            @Override
            public List<io.sluice.actor.Port<?>> ports() {
                return List.of(a.in, io.sluice.actor.Port.output("in", String.class));
            }

            @Override
            public void fire(io.sluice.actor.FiringContext context) {}
        };
        assertThatThrownBy(() -> Workflow.builder("wf").actor("x", twoIns)).hasMessageContaining("two ports named 'in'");
    }

    @Test
    void aWorkflowCanBeStartedOnlyOnce() {
        Workflow wf = Workflow.builder("wf").build();
        wf.claimForRun();
        assertThatThrownBy(wf::claimForRun).isInstanceOf(IllegalStateException.class).hasMessageContaining("already started");
    }
}
