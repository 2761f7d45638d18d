package io.sluice.moml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.run.RunFailedException;
import io.sluice.run.RunResult;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.SourceLocation;
import io.sluice.workflow.WorkflowDefinitionException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** MoML models written for the importer's rules: what runs, and what is refused with file and line. */
class MomlReaderTest {
    private static final ClassLoader LOADER = MomlReaderTest.class.getClassLoader();
    private static final ActorRegistry ACTORS = ActorRegistry.discover(LOADER);
    private static final PtolemyClassRegistry CLASSES = PtolemyClassRegistry.discover(LOADER);

    @TempDir
    Path dir;

    private static MomlWorkflow read(String moml) {
        return MomlReader.read(new ByteArrayInputStream(moml.getBytes(StandardCharsets.UTF_8)), "m.xml", Path.of("."), ACTORS, CLASSES);
    }

    private RunResult run(MomlWorkflow model) throws Exception {
        return Directors.named(model.director()).run(model.workflow(), RunConfig.builder().workDirectory(dir).build());
    }

    /** A model with an SDF director of {@code iterations} around {@code body}. */
    private static String model(int iterations, String body) {
        return """
                <?xml version="1.0" standalone="no"?>
                <!DOCTYPE entity PUBLIC "-//UC Berkeley//DTD MoML 1//EN"
                    "http://ptolemy.eecs.berkeley.edu/xml/dtd/MoML_1.dtd">
                <entity name="model" class="ptolemy.actor.TypedCompositeActor">
                    <property name="_windowProperties" class="ptolemy.actor.gui.WindowPropertiesAttribute" value="{bounds={104, 125, 815, 518}, maximized=false}"/>
                    <property name="_vergilSize" class="ptolemy.actor.gui.SizeAttribute" value="[600, 400]"/>
                    <property name="SDF Director" class="ptolemy.domains.sdf.kernel.SDFDirector">
                        <property name="iterations" class="ptolemy.data.expr.Parameter" value="%d"/>
                        <property name="_location" class="ptolemy.kernel.util.Location" value="{70, 40}"/>
                    </property>
                %s
                </entity>
                """.formatted(iterations, body);
    }

    private static final String RAMP_TO_TEST = """
                <entity name="Ramp" class="ptolemy.actor.lib.Ramp">
                    <doc>Create a sequence of tokens with increasing value</doc>
                    <property name="init" class="ptolemy.actor.parameters.PortParameter" value="2*k"/>
                    <property name="_location" class="ptolemy.kernel.util.Location" value="[85.0, 220.0]"/>
                    <property name="entityId" class="org.kepler.moml.NamedObjId" value="urn:lsid:kepler-project.org:actor:1:1"/>
                    <property name="class" class="ptolemy.kernel.util.StringAttribute" value="ptolemy.actor.lib.Ramp"/>
                    <property name="semanticType00" class="org.kepler.sms.SemanticType" value="urn:lsid:localhost:onto:1:1#Constant"/>
                </entity>
                <entity name="Check" class="ptolemy.actor.lib.Test">
                    <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{6, 7, 8}"/>
                    <property name="trainingMode" class="ptolemy.actor.parameters.SharedParameter" value="false"/>
                    <property name="_location" class="ptolemy.kernel.util.Location" value="305.0, 275.0"/>
                </entity>
                <relation name="r" class="ptolemy.actor.TypedIORelation">
                    <vertex name="vertex1" value="[225.0, 160.0]"/>
                </relation>
                <link port="Ramp.output" relation="r"/>
                <link port="Check.input" relation="r"/>
            """;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRampIntoATestRunsItsIterationsAndIgnoresWhatIsOnlyForTheEditor() throws Exception {
        MomlWorkflow model = read(model(3, """
                <property name="k" class="ptolemy.data.expr.Parameter" value="3"/>
                """ + RAMP_TO_TEST));
        assertThat(model.director()).isEqualTo("sdf");
        assertThat(model.iterations()).hasValue(3);
        assertThat(model.workflow().actors()).extracting(a -> a.name() + ":" + a.type()).containsExactly("Ramp:ramp", "Check:test");
        // Kept for an editor: the class, and _location in its two other forms too.
        assertThat(model.workflow().actor("Ramp").orElseThrow().ui())
                .containsEntry("ptolemyClass", "ptolemy.actor.lib.Ramp").containsEntry("location", List.of(85.0, 220.0));
        assertThat(model.workflow().actor("Check").orElseThrow().ui()).containsEntry("location", List.of(305.0, 275.0));
        RunResult result = run(model);
        assertThat(result.actor("Ramp").orElseThrow().firings()).isEqualTo(3);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aTestThatSeesOtherValuesFailsTheRun() {
        MomlWorkflow model = read(model(3, """
                <property name="k" class="ptolemy.data.expr.Parameter" value="4"/>
                """ + RAMP_TO_TEST));
        assertThatThrownBy(() -> run(model)).isInstanceOf(RunFailedException.class).hasMessageContaining("Check");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aMultiportsLinksGiveItsChannelsInOrderAndInsertAtMovesOne() throws Exception {
        String body = """
                <entity name="Big" class="ptolemy.actor.lib.Ramp">
                    <property name="init" value="100"/>
                </entity>
                <entity name="Small" class="ptolemy.actor.lib.Ramp"/>
                <entity name="One" class="ptolemy.actor.lib.Const">
                    <property name="value" class="ptolemy.data.expr.Parameter" value="1"/>
                </entity>
                <entity name="Sum" class="ptolemy.actor.lib.AddSubtract"/>
                <entity name="Check" class="ptolemy.actor.lib.Test">
                    <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{99, 101, 103}"/>
                </entity>
                <relation name="big" class="ptolemy.actor.TypedIORelation"/>
                <relation name="small" class="ptolemy.actor.TypedIORelation"/>
                <relation name="one" class="ptolemy.actor.TypedIORelation"/>
                <relation name="sum" class="ptolemy.actor.TypedIORelation"/>
                <link port="Big.output" relation="big"/>
                <link port="Small.output" relation="small"/>
                <link port="One.output" relation="one"/>
                <link port="Sum.plus" relation="small"/>
                <link port="Sum.plus" relation="big" insertAt="0"/>
                <link port="Sum.minus" relation="one"/>
                <link port="Sum.output" relation="sum"/>
                <link port="Check.input" relation="sum"/>
                """;
        MomlWorkflow model = read(model(3, body));
        assertThat(model.workflow().channel("Big.output").orElseThrow().readers()).extracting(Object::toString).containsExactly("Sum.plus_0");
        assertThat(model.workflow().channel("Small.output").orElseThrow().readers()).extracting(Object::toString)
                .containsExactly("Sum.plus_1");
        assertThat(run(model).actor("Check").orElseThrow().firings()).isGreaterThanOrEqualTo(3);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aCompositeWithoutADirectorIsFlattenedAndARelationGroupIsOneChannel() throws Exception {
        String body = """
                <entity name="Ramp" class="ptolemy.actor.lib.Ramp"/>
                <entity name="Twice" class="ptolemy.actor.TypedCompositeActor">
                    <property name="factor" class="ptolemy.data.expr.Parameter" value="2"/>
                    <port name="in" class="ptolemy.actor.TypedIOPort"><property name="input"/></port>
                    <port name="out" class="ptolemy.actor.TypedIOPort"><property name="output"/></port>
                    <entity name="Scale" class="ptolemy.actor.lib.Scale">
                        <property name="factor" class="ptolemy.data.expr.Parameter" value="factor"/>
                    </entity>
                    <relation name="a" class="ptolemy.actor.TypedIORelation"/>
                    <relation name="b" class="ptolemy.actor.TypedIORelation"/>
                    <link port="in" relation="a"/>
                    <link port="Scale.input" relation="a"/>
                    <link port="Scale.output" relation="b"/>
                    <link port="out" relation="b"/>
                </entity>
                <entity name="Check" class="ptolemy.actor.lib.Test">
                    <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{0, 2, 4, 6}"/>
                </entity>
                <entity name="Check2" class="ptolemy.actor.lib.Test">
                    <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{0, 2, 4, 6}"/>
                </entity>
                <relation name="in" class="ptolemy.actor.TypedIORelation"/>
                <relation name="out" class="ptolemy.actor.TypedIORelation"/>
                <relation name="out2" class="ptolemy.actor.TypedIORelation"/>
                <link port="Ramp.output" relation="in"/>
                <link port="Twice.in" relation="in"/>
                <link port="Twice.out" relation="out"/>
                <link port="Check.input" relation="out"/>
                <link port="Check2.input" relation="out2"/>
                <link relation1="out" relation2="out2"/>
                """;
        MomlWorkflow model = read(model(4, body));
        assertThat(model.workflow().actors()).extracting(a -> a.name()).containsExactly("Ramp", "Twice-Scale", "Check", "Check2");
        assertThat(model.workflow().channel("Twice-Scale.output").orElseThrow().readers()).extracting(Object::toString)
                .containsExactlyInAnyOrder("Check.input", "Check2.input");
        run(model);
    }

    @Test
    void whatSluiceDoesNotRunIsAnErrorNamingTheElementTheClassAndTheLine() {
        assertError(model(1, "    <entity name=\"Coin\" class=\"ptolemy.actor.lib.Bernoulli\"/>"), 11,
                "entity 'Coin' is of class ptolemy.actor.lib.Bernoulli, which Sluice has no actor type for");
        assertError(model(1, """
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp">
                        <property name="stepp" class="ptolemy.data.expr.Parameter" value="2"/>
                    </entity>"""), 12, "parameter 'stepp' of entity 'Ramp' (ptolemy.actor.lib.Ramp) is not supported");
        assertError(model(1, """
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp">
                        <property name="init" class="ptolemy.data.expr.Parameter" value="1 +"/>
                    </entity>"""), 12, "parameter 'init' of entity 'Ramp' (ptolemy.actor.lib.Ramp) has the value \"1 +\"");
        assertError(model(1, """
                    <entity name="T" class="ptolemy.actor.lib.Test">
                        <property name="trainingMode" class="ptolemy.data.expr.Parameter" value="true"/>
                    </entity>"""), 12, "parameter 'trainingMode' of entity 'T' (ptolemy.actor.lib.Test) is \"true\"");
        assertError(model(1, """
                    <entity name="Inner" class="ptolemy.actor.TypedCompositeActor">
                        <property name="PN" class="ptolemy.domains.pn.kernel.PNDirector"/>
                    </entity>"""), 12, "composite 'Inner' has a director of its own");
        assertError(model(1, """
                    <entity name="A" class="ptolemy.actor.lib.Ramp"/>
                    <entity name="B" class="ptolemy.actor.lib.Ramp"/>
                    <relation name="r" class="ptolemy.actor.TypedIORelation"/>
                    <link port="A.output" relation="r"/>
                    <link port="B.output" relation="r"/>"""), 13, "relation 'r' is written by 2 output ports");
        assertError(model(1, """
                    <entity name="T" class="ptolemy.actor.lib.Test">
                        <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{1}"/>
                    </entity>
                    <relation name="r" class="ptolemy.actor.TypedIORelation"/>
                    <link port="T.input" relation="r"/>"""), 14, "relation 'r' is read by ['T.input'] but no output port writes it");
        assertError(model(1, "    <link port=\"A.output\" relation=\"nowhere\"/>"), 11, "relation 'nowhere'");
        assertError("""
                <entity name="m" class="ptolemy.actor.TypedCompositeActor">
                    <property name="DE" class="ptolemy.domains.de.kernel.DEDirector"/>
                </entity>
                """, 2, "director 'DE' (ptolemy.domains.de.kernel.DEDirector) is not supported");
        assertError("""
                <entity name="m" class="ptolemy.actor.TypedCompositeActor">
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp">
                </entity>
                """, 4, "malformed XML");
        assertError("<entity name=\"m\" class=\"ptolemy.actor.TypedCompositeActor\"/>", 1, "has no director");
    }

    /**
     * A relation of width 3 from a Distributor: a multiport (the Test's input) takes its three
     * channels in order, a single port (the Scale's input, through a relation group) its first.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aWideRelationIsABusOfChannelsInOrderAndASinglePortTakesItsFirst() throws Exception {
        MomlWorkflow model = read(model(2, """
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp"/>
                    <entity name="D" class="ptolemy.actor.lib.Distributor"/>
                    <entity name="Scale" class="ptolemy.actor.lib.Scale">
                        <property name="factor" class="ptolemy.data.expr.Parameter" value="10"/>
                    </entity>
                    <entity name="All" class="ptolemy.actor.lib.Test">
                        <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{{0, 1, 2}, {3, 4, 5}}"/>
                    </entity>
                    <entity name="First" class="ptolemy.actor.lib.Test">
                        <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{0, 30}"/>
                    </entity>
                    <relation name="r" class="ptolemy.actor.TypedIORelation"/>
                    <relation name="bus" class="ptolemy.actor.TypedIORelation">
                        <property name="width" class="ptolemy.data.expr.Parameter" value="3"/>
                    </relation>
                    <relation name="busToo" class="ptolemy.actor.TypedIORelation">
                        <property name="width" class="ptolemy.data.expr.Parameter" value="Auto"/>
                    </relation>
                    <relation name="s" class="ptolemy.actor.TypedIORelation"/>
                    <link port="Ramp.output" relation="r"/>
                    <link port="D.input" relation="r"/>
                    <link port="D.output" relation="bus"/>
                    <link port="All.input" relation="bus"/>
                    <link relation1="bus" relation2="busToo"/>
                    <link port="Scale.input" relation="busToo"/>
                    <link port="Scale.output" relation="s"/>
                    <link port="First.input" relation="s"/>"""));
        assertThat(model.workflow().actors().stream().filter(a -> a.name().equals("D")).findFirst().orElseThrow().parameters())
                .containsEntry("outputWidth", 3);
        run(model);
    }

    @Test
    void relationWidthsThatCannotBeHonouredAreRefused() {
        assertError(model(1, """
                    <relation name="a" class="ptolemy.actor.TypedIORelation">
                        <property name="width" class="ptolemy.data.expr.Parameter" value="2"/>
                    </relation>
                    <relation name="b" class="ptolemy.actor.TypedIORelation">
                        <property name="width" class="ptolemy.data.expr.Parameter" value="3"/>
                    </relation>
                    <link relation1="a" relation2="b"/>"""), 14, "relations 'a' (width 2) and 'b' (width 3) are linked into one");
        assertError(model(1, """
                    <relation name="a" class="ptolemy.actor.TypedIORelation">
                        <property name="width" class="ptolemy.data.expr.Parameter" value="0"/>
                    </relation>"""), 12, "relation 'a' has width 0");
        assertError(model(1, """
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp"/>
                    <entity name="T" class="ptolemy.actor.lib.Test">
                        <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{{0, 0}}"/>
                    </entity>
                    <relation name="r" class="ptolemy.actor.TypedIORelation">
                        <property name="width" class="ptolemy.data.expr.Parameter" value="2"/>
                    </relation>
                    <link port="Ramp.output" relation="r"/>
                    <link port="T.input" relation="r"/>"""), 15, "relation 'r' (channel 1) is read by ['T.input_1'] but no output port writes it");
    }

    /** An SDF composite of {@code iterations} iterations, whose input {@code in} feeds a Test of {@code correct}. */
    private static String sdfComposite(int iterations, String correct) {
        return """
                    <entity name="C" class="ptolemy.actor.TypedCompositeActor">
                        <property name="SDF" class="ptolemy.domains.sdf.kernel.SDFDirector">
                            <property name="iterations" class="ptolemy.data.expr.Parameter" value="%d"/>
                        </property>
                        <port name="in" class="ptolemy.actor.TypedIOPort"><property name="input"/></port>
                        <entity name="T" class="ptolemy.actor.lib.Test">
                            <property name="correctValues" class="ptolemy.data.expr.Parameter" value="%s"/>
                        </entity>
                        <relation name="r" class="ptolemy.actor.TypedIORelation"/>
                        <link port="in" relation="r"/>
                        <link port="T.input" relation="r"/>
                    </entity>""".formatted(iterations, correct);
    }

    /**
     * An SDF composite inside an SDF model is flattened; its director's iterations end the model
     * when done (3 of the model's 5), counted in the composite's firings (twice per iteration
     * behind a Repeat: 4 firings are 2 iterations), and a count that is not a whole number of the
     * model's iterations is refused.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anSdfCompositeIsFlattenedAndItsIterationsEndTheModel() throws Exception {
        MomlWorkflow three = read(model(5, """
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp"/>
                %s
                    <relation name="a" class="ptolemy.actor.TypedIORelation"/>
                    <link port="Ramp.output" relation="a"/>
                    <link port="C.in" relation="a"/>""".formatted(sdfComposite(3, "{0, 1, 2}"))));
        assertThat(three.iterations()).hasValue(3);
        assertThat(run(three).channel("Ramp.output").orElseThrow().tokensWritten()).isEqualTo(3);
        String repeated = """
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp"/>
                    <entity name="Rep" class="ptolemy.domains.sdf.lib.Repeat">
                        <property name="numberOfTimes" class="ptolemy.data.expr.Parameter" value="2"/>
                    </entity>
                %s
                    <relation name="a" class="ptolemy.actor.TypedIORelation"/>
                    <relation name="b" class="ptolemy.actor.TypedIORelation"/>
                    <link port="Ramp.output" relation="a"/>
                    <link port="Rep.input" relation="a"/>
                    <link port="Rep.output" relation="b"/>
                    <link port="C.in" relation="b"/>""";
        MomlWorkflow four = read(model(5, repeated.formatted(sdfComposite(4, "{0, 0, 1, 1}"))));
        assertThat(four.iterations()).hasValue(2);
        assertThat(run(four).channel("Rep.output").orElseThrow().tokensWritten()).isEqualTo(4);
        assertError(model(5, repeated.formatted(sdfComposite(3, "{0, 0, 1}"))), 16,
                "composite 'C' has a director of its own (ptolemy.domains.sdf.kernel.SDFDirector) whose 3 iterations are not a whole"
                        + " number of the model's: the composite fires 2 times in each");
    }

    @Test
    void compositesWithADirectorSluiceCannotFlattenAreRefused() {
        String pn = """
                <entity name="m" class="ptolemy.actor.TypedCompositeActor">
                    <property name="PN" class="ptolemy.domains.pn.kernel.PNDirector"/>
                %s
                </entity>
                """;
        assertError(pn.formatted(sdfComposite(0, "{0}")), 4, "composite 'C' has a director of its own"
                + " (ptolemy.domains.sdf.kernel.SDFDirector) inside a model run by ptolemy.domains.pn.kernel.PNDirector");
        assertError(model(1, """
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp"/>
                    <entity name="C" class="ptolemy.actor.TypedCompositeActor">
                        <property name="SDF" class="ptolemy.domains.sdf.kernel.SDFDirector"/>
                        <port name="in" class="ptolemy.actor.TypedIOPort"><property name="input"/></port>
                    </entity>
                    <relation name="a" class="ptolemy.actor.TypedIORelation"/>
                    <link port="Ramp.output" relation="a"/>
                    <link port="C.in" relation="a"/>"""), 18, "port 'in' of the composite 'C', which has a director of its own, is"
                + " linked outside but not inside");
    }

    private static void assertError(String moml, int line, String problem) {
        assertThatThrownBy(() -> read(moml))
                .isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining(problem)
                .satisfies(e -> assertThat(((WorkflowDefinitionException) e).location()).contains(new SourceLocation("m.xml", line)));
    }

    /** Ramp -> Repeat(3) -> DownSample(2): a multirate model whose source fires twice per SDF iteration. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aMultirateSourceFiresItsIterationsTimesItsRepetitions() throws Exception {
        MomlWorkflow model = read(model(2, """
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp"/>
                    <entity name="Repeat" class="ptolemy.domains.sdf.lib.Repeat">
                        <property name="numberOfTimes" class="ptolemy.data.expr.Parameter" value="3"/>
                    </entity>
                    <entity name="Down" class="ptolemy.domains.sdf.lib.DownSample">
                        <port name="input" class="ptolemy.domains.sdf.kernel.SDFIOPort">
                            <property name="input"/>
                            <property name="tokenConsumptionRate" class="ptolemy.data.expr.Parameter" value="2"/>
                        </port>
                    </entity>
                    <entity name="Check" class="ptolemy.actor.lib.NonStrictTest">
                        <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{0, 1, 1, 2, 3, 3}"/>
                    </entity>
                    <relation name="r1" class="ptolemy.actor.TypedIORelation"/>
                    <relation name="r2" class="ptolemy.actor.TypedIORelation"/>
                    <relation name="r3" class="ptolemy.actor.TypedIORelation"/>
                    <link port="Ramp.output" relation="r1"/>
                    <link port="Repeat.input" relation="r1"/>
                    <link port="Repeat.output" relation="r2"/>
                    <link port="Down.input" relation="r2"/>
                    <link port="Down.output" relation="r3"/>
                    <link port="Check.input" relation="r3"/>"""));
        // Repeat puts 3 per firing, DownSample takes 2: an iteration fires Ramp and Repeat twice
        // and DownSample three times, as in Ptolemy; 2 iterations fire the Ramp 4 times.
        assertThat(model.workflow().actor("Ramp").orElseThrow().parameters()).containsEntry("firingCountLimit", 4);
        RunResult result = run(model);
        assertThat(result.actor("Ramp").orElseThrow().firings()).isEqualTo(4);
        assertThat(result.channel("Down.output").orElseThrow().tokensWritten()).isEqualTo(6);
    }

    @Test
    void aPortRateTheParametersDoNotGiveIsRefused() {
        assertError(model(1, """
                    <entity name="Down" class="ptolemy.domains.sdf.lib.DownSample">
                        <port name="input" class="ptolemy.domains.sdf.kernel.SDFIOPort">
                            <property name="input"/>
                            <property name="tokenConsumptionRate" class="ptolemy.data.expr.Parameter" value="3"/>
                        </port>
                    </entity>"""), 14, "port 'input' of entity 'Down' (ptolemy.domains.sdf.lib.DownSample) declares"
                + " tokenConsumptionRate 3, but Sluice's type 'down-sample' with these parameters has rate 2");
    }

    @Test
    void initialTokensTheParametersDoNotGiveAreRefused() {
        assertError(model(1, """
                    <entity name="Delay" class="ptolemy.domains.sdf.lib.SampleDelay">
                        <property name="initialOutputs" class="ptolemy.data.expr.Parameter" value="{0}"/>
                        <port name="output" class="ptolemy.domains.sdf.kernel.SDFIOPort">
                            <property name="output"/>
                            <property name="tokenInitProduction" class="ptolemy.data.expr.Parameter" value="2"/>
                        </port>
                    </entity>"""), 15, "port 'output' of entity 'Delay' (ptolemy.domains.sdf.lib.SampleDelay) declares"
                + " tokenInitProduction 2, but Sluice's type 'sample-delay' with these parameters puts 1 initial tokens on it");
    }

    /** An SDF feedback loop through a SampleDelay: the schedule counts the delay's initial token. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void anSdfLoopThroughASampleDelayRunsItsIterations() throws Exception {
        MomlWorkflow model = read(model(4, """
                    <entity name="Ramp" class="ptolemy.actor.lib.Ramp"/>
                    <entity name="Sum" class="ptolemy.actor.lib.AddSubtract"/>
                    <entity name="Delay" class="ptolemy.domains.sdf.lib.SampleDelay">
                        <property name="initialOutputs" class="ptolemy.data.expr.Parameter" value="{10}"/>
                    </entity>
                    <entity name="Check" class="ptolemy.actor.lib.Test">
                        <property name="correctValues" class="ptolemy.data.expr.Parameter" value="{10, 11, 13, 16}"/>
                    </entity>
                    <relation name="r1" class="ptolemy.actor.TypedIORelation"/>
                    <relation name="r2" class="ptolemy.actor.TypedIORelation"/>
                    <relation name="r3" class="ptolemy.actor.TypedIORelation"/>
                    <link port="Ramp.output" relation="r1"/>
                    <link port="Sum.plus" relation="r1"/>
                    <link port="Sum.plus" relation="r3"/>
                    <link port="Sum.output" relation="r2"/>
                    <link port="Delay.input" relation="r2"/>
                    <link port="Check.input" relation="r2"/>
                    <link port="Delay.output" relation="r3"/>"""));
        RunResult result = run(model);
        assertThat(result.channel("Sum.output").orElseThrow().tokensWritten()).isEqualTo(4);
        assertThat(result.channel("Delay.output").orElseThrow().tokensWritten()).isEqualTo(5);
    }

    @Test
    void aFileIsNamedInItsErrors() throws Exception {
        Path file = Files.writeString(dir.resolve("bad.xml"), model(1, "    <entity name=\"Coin\" class=\"ptolemy.actor.lib.Bernoulli\"/>"));
        assertThatThrownBy(() -> MomlReader.read(file)).hasMessageStartingWith(file + ":11: ");
    }
}
