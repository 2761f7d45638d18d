package io.sluice.moml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.sluice.director.Directors;
import io.sluice.run.RunConfig;
import io.sluice.run.RunResult;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Workflow;
import io.sluice.workflow.json.WorkflowJson;
import java.io.StringReader;
import java.io.StringWriter;
import io.sluice.workflow.SourceLocation;
import io.sluice.workflow.WorkflowDefinitionException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real models from Ptolemy II's self-checking tests and a Kepler workflow (see
 * src/test/resources/moml/README.md): each runs on Sluice with the director it names, and its
 * Test actors pass; models Sluice does not run are refused naming the element and the line.
 */
class MomlFilesTest {
    @TempDir
    Path dir;

    static Path file(String name) {
        try {
            return Path.of(MomlFilesTest.class.getResource("/moml/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The real models that run, each under its own director (README.md beside them says where each comes from). */
    static Stream<String> runningModels() {
        return Stream.of(
                "sdf-relationGroup.xml", "sdf-Expression.xml", "sdf-Const.xml", "pn-relationGroup.xml", "pn-relationGroup7.xml",
                "pn-helloWorld.xml", "ddf-test1.xml", "ddf-helloWorld.xml", "kepler-ExtractorTestA.xml", "sdf-DownSample1.xml",
                "sdf-UpSample1.xml", "sdf-UpDownSample1.xml", "sdf-relationGroup3.xml", "pn-relationGroup3.xml",
                "sdf-disconnectedSDF.xml", "sdf-relationGroup2.xml", "pn-relationGroup5.xml", "sdf-relationGroup7.xml",
                "sdf-relationGroup8.xml", "actor-AbsoluteValue.xml", "sdf-relationGroup9.xml",
                "sdf-relationGroup12.xml", "pn-TrivialIdentity.xml", "actor-Accumulator.xml", "actor-Commutator.xml",
                "actor-Distributor.xml", "actor-Commutator2.xml", "sdf-LogisticMap.xml", "pn-feedback.xml", "ddf-feedback.xml", "pn-helloWorld2.xml",
                "sdf-width.xml", "sdf-width2.xml", "sdf-width3.xml", "sdf-relationGroup10.xml", "sdf-relationGroup11.xml",
                "sdf-relationGroup4.xml", "sdf-relationGroup5.xml", "sdf-relationGroup6.xml", "sdf-relationGroup13.xml",
                "sdf-InferInitProduction.xml", "sdf-relationGroup14.xml");
    }

    private RunResult run(String name) throws Exception {
        MomlWorkflow model = MomlReader.read(file(name));
        return Directors.named(model.director()).run(model.workflow(), RunConfig.builder().workDirectory(dir).build());
    }

    @ParameterizedTest
    @MethodSource("runningModels")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aRealModelRunsAndItsTestsPass(String name) throws Exception {
        run(name);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void theDirectorsIterationsAreKept() throws Exception {
        MomlWorkflow sdf = MomlReader.read(file("sdf-Expression.xml"));
        assertThat(sdf.director()).isEqualTo("sdf");
        assertThat(sdf.iterations()).hasValue(200);
        assertThat(sdf.workflow().actor("slow").orElseThrow().parameters()).containsEntry("firingCountLimit", 200);
        assertThat(MomlReader.read(file("pn-helloWorld.xml")).iterations()).isEmpty();
        // DDF: 5 iterations, in each of which the Test must fire twice.
        assertThat(run("ddf-test1.xml").actor("Ramp").orElseThrow().firings()).isGreaterThanOrEqualTo(10);
        run("ddf-helloWorld.xml");
        assertThat(Files.readAllLines(dir.resolve("display-Display.txt"))).hasSize(100).startsWith("0", "1", "2").endsWith("99");
    }

    /**
     * Each real model that runs, written as JSON and read back, runs under the model's director
     * to the same channels (the same number of tokens on each) and the same firings, its Test
     * actors passing again (Commutator2's Test sees the long 1L come back a long: JSON keeps it as
     * <code>{"$long": 1}</code>).
     */
    @ParameterizedTest
    @MethodSource("runningModels")
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aModelConvertedToJsonGivesTheSameTokens(String name) throws Exception {
        MomlWorkflow model = MomlReader.read(file(name));
        RunResult moml = Directors.named(model.director()).run(model.workflow(),
                RunConfig.builder().workDirectory(dir.resolve("moml")).build());
        StringWriter json = new StringWriter();
        WorkflowJson.write(model.workflow(), json);
        Workflow converted = WorkflowJson.read(new StringReader(json.toString()), name + ".json", dir,
                ActorRegistry.discover(getClass().getClassLoader()));
        RunResult fromJson = Directors.named(model.director()).run(converted,
                RunConfig.builder().workDirectory(dir.resolve("json")).build());
        // Peak depths depend on thread timing under the data-driven director; the counts do not.
        assertThat(written(fromJson)).isEqualTo(written(moml));
        assertThat(fromJson.actors()).isEqualTo(moml.actors());
        // Where the model displays its tokens, both runs wrote the same lines.
        for (String display : List.of("display-Display.txt")) {
            Path a = dir.resolve("moml").resolve(display);
            if (Files.exists(a)) {
                assertThat(Files.readAllLines(dir.resolve("json").resolve(display))).isEqualTo(Files.readAllLines(a));
            }
        }
    }

    private static Map<String, Long> written(RunResult result) {
        Map<String, Long> written = new TreeMap<>();
        result.channels().forEach(c -> written.put(c.channel(), c.tokensWritten()));
        return written;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void multirateModelsFireTheirSourcesAsPtolemyDoes() throws Exception {
        // DownSample by 3: 10 iterations take 30 ramp tokens and give the Test 10 (it checks 9).
        assertThat(run("sdf-DownSample1.xml").actor("Ramp1").orElseThrow().firings()).isEqualTo(30);
        assertThat(run("sdf-DownSample1.xml").channel("DownSample1.output").orElseThrow().tokensWritten()).isEqualTo(10);
        // UpSample by 3: 3 iterations, 3 ramp tokens, 9 to the Test.
        assertThat(run("sdf-UpSample1.xml").channel("UpSample0.output").orElseThrow().tokensWritten()).isEqualTo(9);
    }

    /** Feedback loops through a SampleDelay under SDF, PN and DDF; the SDF one runs its 360 iterations. */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void feedbackLoopsThroughASampleDelayRunUnderEveryDirector() throws Exception {
        RunResult logistic = run("sdf-LogisticMap.xml");
        assertThat(logistic.channel("MultiplyDivide.output").orElseThrow().tokensWritten()).isEqualTo(360);
        assertThat(logistic.channel("SampleDelay.output").orElseThrow().tokensWritten()).isEqualTo(361);
        // Equals compares the loop's count with the Ramp: 5 trues under PN and DDF alike.
        assertThat(run("pn-feedback.xml").channel("Equals.output").orElseThrow().tokensWritten()).isEqualTo(5);
        assertThat(run("ddf-feedback.xml").channel("Equals.output").orElseThrow().tokensWritten()).isEqualTo(5);
    }

    /**
     * SDF composites with their own SDF director inside SDF models are flattened; their actors
     * fire as the composite would, and a composite director's iterations (5 in relationGroup5
     * and 6) end the model when they are done.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void sdfCompositesInsideSdfModelsAreFlattened() throws Exception {
        assertThat(MomlReader.read(file("sdf-relationGroup5.xml")).iterations()).hasValue(5);
        assertThat(run("sdf-relationGroup6.xml").channel("Ramp.output").orElseThrow().tokensWritten()).isEqualTo(5);
        // The SampleDelay's initial token inside the composite is the composite's output's, as Ptolemy infers it.
        RunResult infer = run("sdf-InferInitProduction.xml");
        assertThat(infer.channel("typed_composite_actor-SampleDelay.output").orElseThrow().tokensWritten()).isEqualTo(11);
    }

    @Test
    void modelsSluiceDoesNotRunAreRefusedNamingTheElementAndTheLine() {
        refused("negative-ddf-booleanSelect.xml", 24, "ptolemy.domains.fsm.modal.ModalModel");
        refused("negative-de-BooleanSelect.xml", 12, "(ptolemy.domains.de.kernel.DEDirector) is not supported");
        // Arithmetic on arrays (a Scale by {2, 3}) is not in the library: refused before anything runs.
        refused("sdf-ScaleArray2.xml", 40, "parameter 'factor' must be a number, got [2, 3]");
    }

    private static void refused(String name, int line, String problem) {
        Path path = file(name);
        assertThatThrownBy(() -> MomlReader.read(path))
                .isInstanceOf(WorkflowDefinitionException.class)
                .hasMessageContaining(problem)
                .satisfies(e -> assertThat(((WorkflowDefinitionException) e).location()).contains(new SourceLocation(path.toString(), line)));
    }
}
