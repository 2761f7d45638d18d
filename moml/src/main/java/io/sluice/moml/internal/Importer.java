package io.sluice.moml.internal;

import io.sluice.moml.MomlWorkflow;
import io.sluice.moml.PtolemyClassRegistry;
import io.sluice.director.SdfSchedule;
import io.sluice.director.SdfScheduleException;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.Workflow;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalLong;

/**
 * One import of a MoML model ({@code io.sluice.moml.MomlReader}): walks the entity tree
 * ({@link ModelWalk}), maps the director and its iterations onto Sluice's, and builds the
 * workflow ({@link WorkflowAssembly}, {@link ActorCreation}). Every error names the element,
 * its class where it has one, and the line. Used once, by one thread.
 */
public final class Importer {
    /** The directors Sluice runs, and the Sluice director each maps to. */
    private static final Map<String, String> DIRECTORS = Map.of(
            "ptolemy.domains.sdf.kernel.SDFDirector", "sdf",
            "ptolemy.domains.pn.kernel.PNDirector", "data",
            "ptolemy.domains.ddf.kernel.DDFDirector", "data");
    /**
     * The parameter a DDF director reads from an actor: how often it must fire in an iteration.
     * The importer multiplies the director's iterations by the largest of them.
     */
    static final String REQUIRED_FIRINGS = "requiredFiringsPerIteration";

    private final ModelSource source;
    private final Path baseDirectory;
    private final ActorRegistry actors;
    private final PtolemyClassRegistry classes;

    public Importer(String source, Path baseDirectory, ActorRegistry actors, PtolemyClassRegistry classes) {
        this.source = new ModelSource(source);
        this.baseDirectory = baseDirectory;
        this.actors = actors;
        this.classes = classes;
    }

    /** The workflow the model {@code root} describes. */
    public MomlWorkflow importModel(XmlElement root) {
        if (!root.tag().equals("entity")) {
            throw source.error("a MoML model is an <entity> element, not <" + root.tag() + ">", root);
        }
        Scope model = new Scope(null, source.name());
        ModelWalk walk = ModelWalk.of(root, model, source, classes, DIRECTORS.keySet());
        XmlElement director = walk.director();
        if (director == null) {
            throw source.error("model '" + root.name() + "' has no director; Sluice runs models with an SDFDirector, PNDirector or"
                    + " DDFDirector", root);
        }
        OptionalLong iterations = iterations(director, model);
        OptionalLong sourceFirings = iterations;
        if (iterations.isPresent() && director.className().endsWith("DDFDirector")) {
            sourceFirings = OptionalLong.of(iterations.getAsLong() * requiredFirings(walk));
        }
        WorkflowAssembly assembly = new WorkflowAssembly(source, new ActorCreation(source, baseDirectory, actors));
        Workflow workflow = assembly.build(root.name(), walk, sourceFirings, Map.of());
        if (director.className().endsWith("SDFDirector") && (iterations.isPresent() || !walk.opaqueComposites().isEmpty())) {
            Map<String, Long> perIteration = sourceRepetitions(workflow);
            OptionalLong bounded = innerIterations(walk, perIteration, iterations);
            if (bounded.isPresent() && (iterations.isEmpty() || bounded.getAsLong() < iterations.getAsLong())) {
                iterations = bounded;
                sourceFirings = bounded;
                workflow = assembly.build(root.name(), walk, sourceFirings, perIteration);
            } else if (iterations.isPresent() && perIteration.values().stream().anyMatch(n -> n != 1)) {
                workflow = assembly.build(root.name(), walk, sourceFirings, perIteration);
            }
        }
        return new MomlWorkflow(workflow, DIRECTORS.get(director.className()), director.className(), iterations);
    }

    /**
     * How often each source fires in one SDF iteration (its repetitions, from the balance
     * equations of the actors' token rates): a multirate model's source, limited to
     * {@code iterations} times that, fires as in Ptolemy. A model with no schedule keeps one
     * firing per iteration; the SDF director then refuses it, naming why.
     */
    private static Map<String, Long> sourceRepetitions(Workflow workflow) {
        try {
            return SdfSchedule.of(workflow).repetitions();
        } catch (SdfScheduleException | ArithmeticException e) {
            return Map.of(); // no schedule, or one too large: the SDF director says why when the model runs
        }
    }

    /**
     * The outer iterations after which an SDF composite's own director ends the model: Ptolemy
     * fires the composite as one actor, each firing one iteration of its director, and when that
     * director's {@code iterations} <i>n</i> (if positive) are done it asks for no more firings,
     * which ends the outer SDF model after the iteration in which that happens. A composite that
     * fires <i>r</i> times per outer iteration (the gcd of its actors' repetitions in the
     * flattened schedule, since its own schedule's repetitions have gcd 1) ends the model after
     * <i>n</i>/<i>r</i> iterations; if <i>r</i> does not divide <i>n</i>, Ptolemy stops the
     * composite in the middle of an iteration, which a flattened model cannot, and the model is
     * refused. Empty if no composite bounds the run, or if the model has no schedule (the SDF
     * director then says why).
     */
    private OptionalLong innerIterations(ModelWalk walk, Map<String, Long> repetitions, OptionalLong outer) {
        if (repetitions.isEmpty()) {
            return OptionalLong.empty();
        }
        Map<String, String> names = new java.util.HashMap<>();
        SluiceNames sluiceNames = new SluiceNames();
        walk.atomics().forEach(a -> names.put(a.path(), sluiceNames.unique(a.path())));
        OptionalLong least = OptionalLong.empty();
        for (ModelWalk.OpaqueComposite c : walk.opaqueComposites()) {
            OptionalLong n = iterations(c.director(), c.scope());
            if (n.isEmpty()) {
                continue;
            }
            long r = 0;
            for (Atomic a : walk.atomics()) {
                if (a.path().startsWith(c.path() + ".")) {
                    r = java.math.BigInteger.valueOf(r).gcd(java.math.BigInteger.valueOf(repetitions.getOrDefault(names.get(a.path()), 1L)))
                            .longValue();
                }
            }
            if (r == 0) {
                continue; // an empty composite: its director fires nothing that could end the model
            }
            if (n.getAsLong() % r != 0) {
                // Ptolemy stops the composite mid-iteration, the rest of the model finishing it: not a run of whole iterations.
                throw source.error("composite '" + c.path() + "' has a director of its own (" + c.director().className() + ") whose "
                        + n.getAsLong() + " iterations are not a whole number of the model's: the composite fires " + r + " times in"
                        + " each; Sluice flattens such a composite only when they are", c.director());
            }
            long after = n.getAsLong() / r;
            if (least.isEmpty() || after < least.getAsLong()) {
                least = OptionalLong.of(after);
            }
        }
        return least;
    }

    /** The director's {@code iterations}, if it has a positive one and is an SDF or DDF director. */
    private OptionalLong iterations(XmlElement director, Scope model) {
        if (director.className().endsWith("PNDirector")) {
            return OptionalLong.empty();
        }
        Scope scope = new Scope(model, source.name());
        for (XmlElement p : director.children("property")) {
            scope.define(p);
        }
        for (XmlElement p : director.children("property")) {
            if (p.name().equals("iterations") && p.attribute("value").isPresent()) {
                Object value = scope.value(p, "director '" + director.name() + "'");
                if (!(value instanceof Integer || value instanceof Long)) {
                    throw source.error("the director's iterations must be an integer, got " + value, p);
                }
                long n = ((Number) value).longValue();
                return n > 0 ? OptionalLong.of(n) : OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }

    /**
     * The most firings a DDF iteration requires of any actor ({@value #REQUIRED_FIRINGS}, 1 if
     * none says): in a model of one-token actors, each source fires that often per iteration.
     */
    private long requiredFirings(ModelWalk walk) {
        long most = 1;
        for (Atomic a : walk.atomics()) {
            for (XmlElement p : a.entity().children("property")) {
                if (p.name().equals(REQUIRED_FIRINGS) && p.attribute("value").isPresent()) {
                    Object value = a.scope().value(p, a.described());
                    if (!(value instanceof Integer || value instanceof Long) || ((Number) value).longValue() < 0) {
                        throw source.error(REQUIRED_FIRINGS + " of entity '" + a.path() + "' must be a non-negative integer, got "
                                + value, p);
                    }
                    most = Math.max(most, ((Number) value).longValue());
                }
            }
        }
        return most;
    }
}
