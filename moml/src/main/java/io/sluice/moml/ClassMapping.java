package io.sluice.moml;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * How the importer turns an entity of one Ptolemy II class into a Sluice actor: the actor type
 * (a name in the {@link io.sluice.workflow.ActorRegistry}) and how the entity's parameters and
 * ports become the type's. Immutable; built from {@link #to(String)}.
 *
 * <p>A Ptolemy parameter the mapping does not name is an error, so that a model never runs as a
 * silently different one; parameters that change nothing in Sluice are named with
 * {@link #ignoring}, and those that must keep one value with {@link #requiring}. A multiport
 * {@code p} linked to {@code n} relations becomes the type's ports {@code p_0} ... {@code p_(n-1)},
 * and the type is given the width as the parameter {@code pWidth}.
 */
public final class ClassMapping {
    private final String type;
    private final Map<String, String> parameters;
    private final Set<String> ignored;
    private final Map<String, String> required;
    private final Set<String> multiports;
    private final String limitParameter;
    private final String inputPortsParameter;
    private final Map<String, Function<String, Object>> fixed;
    private final Map<String, Function<Object, Object>> converters;
    private final Extras extras;

    /** What later options added, kept together so that every copy carries them. */
    private record Extras(Map<String, Object> defaults, Set<String> plainWhenSingle, Map<String, WidthConversion> widthConversions) {
        static final Extras NONE = new Extras(Map.of(), Set.of(), Map.of());
    }

    /** A conversion of a parameter that depends on the width of a multiport. */
    private record WidthConversion(String multiport, BiFunction<Object, Integer, Object> convert) {}

    private ClassMapping(String type, Map<String, String> parameters, Set<String> ignored, Map<String, String> required,
            Set<String> multiports, String limitParameter, String inputPortsParameter, Map<String, Function<String, Object>> fixed,
            Map<String, Function<Object, Object>> converters, Extras extras) {
        this.type = type;
        this.parameters = parameters;
        this.ignored = ignored;
        this.required = required;
        this.multiports = multiports;
        this.limitParameter = limitParameter;
        this.inputPortsParameter = inputPortsParameter;
        this.fixed = fixed;
        this.converters = converters;
        this.extras = extras;
    }

    /** A mapping onto the Sluice actor type {@code type}, with no parameters yet. */
    public static ClassMapping to(String type) {
        return new ClassMapping(Objects.requireNonNull(type, "type"), Map.of(), Set.of(), Map.of(), Set.of(), null, null, Map.of(),
                Map.of(), Extras.NONE);
    }

    /** The Ptolemy parameters {@code names} become the type's parameters of the same names. */
    public ClassMapping parameters(String... names) {
        ClassMapping m = this;
        for (String n : names) {
            m = m.parameter(n, n);
        }
        return m;
    }

    /** The Ptolemy parameter {@code ptolemy} becomes the type's parameter {@code sluice}. */
    public ClassMapping parameter(String ptolemy, String sluice) {
        Map<String, String> p = new LinkedHashMap<>(parameters);
        p.put(ptolemy, sluice);
        return copy(p, ignored, required, multiports, limitParameter, inputPortsParameter, fixed);
    }

    /**
     * The Ptolemy parameter {@code ptolemy} becomes the type's parameter {@code sluice}, its value
     * converted by {@code convert}, which throws an {@link IllegalArgumentException} saying why
     * for a value it cannot convert.
     */
    public ClassMapping parameter(String ptolemy, String sluice, Function<Object, Object> convert) {
        ClassMapping m = parameter(ptolemy, sluice);
        Map<String, Function<Object, Object>> c = new LinkedHashMap<>(converters);
        c.put(ptolemy, Objects.requireNonNull(convert, "convert"));
        return new ClassMapping(type, m.parameters, ignored, required, multiports, limitParameter, inputPortsParameter, fixed,
                Map.copyOf(c), extras);
    }

    /** The Ptolemy parameters {@code names} change nothing in Sluice and are dropped. */
    public ClassMapping ignoring(String... names) {
        Set<String> i = new LinkedHashSet<>(ignored);
        i.addAll(Set.of(names));
        return copy(parameters, i, required, multiports, limitParameter, inputPortsParameter, fixed);
    }

    /**
     * The Ptolemy parameter {@code name} is accepted only with the value {@code value} (its
     * expression as written, e.g. {@code false}), the only one Sluice's type implements.
     */
    public ClassMapping requiring(String name, String value) {
        Map<String, String> r = new LinkedHashMap<>(required);
        r.put(name, value);
        return copy(parameters, ignored, r, multiports, limitParameter, inputPortsParameter, fixed);
    }

    /** The Ptolemy multiports {@code names}: see the class comment. */
    public ClassMapping multiports(String... names) {
        Set<String> m = new LinkedHashSet<>(multiports);
        m.addAll(Set.of(names));
        return copy(parameters, ignored, required, m, limitParameter, inputPortsParameter, fixed);
    }

    /**
     * The type's parameter that limits how often a source fires ({@code firingCountLimit}): the
     * importer sets it from an SDF or DDF director's {@code iterations}.
     */
    public ClassMapping limitedBy(String parameter) {
        return copy(parameters, ignored, required, multiports, Objects.requireNonNull(parameter, "parameter"), inputPortsParameter, fixed);
    }

    /**
     * The names of the input ports the entity declares (as Ptolemy's {@code Expression} does)
     * are given to the type as a list under {@code parameter}.
     */
    public ClassMapping inputPortsAs(String parameter) {
        return copy(parameters, ignored, required, multiports, limitParameter, Objects.requireNonNull(parameter, "parameter"), fixed);
    }

    /** The type's parameter {@code name} is set to {@code value} of the actor's Sluice name, whatever the model says. */
    public ClassMapping fixed(String name, Function<String, Object> value) {
        Map<String, Function<String, Object>> f = new LinkedHashMap<>(fixed);
        f.put(name, value);
        return copy(parameters, ignored, required, multiports, limitParameter, inputPortsParameter, f);
    }

    /**
     * When the entity does not set the Ptolemy parameter {@code ptolemy} (a mapped one), the type
     * is given {@code value} for it: Ptolemy's default, where the Sluice type has another or none
     * (a {@code Const}'s {@code value} is 1 in Ptolemy).
     */
    public ClassMapping defaulting(String ptolemy, Object value) {
        if (!parameters.containsKey(ptolemy)) {
            throw new IllegalArgumentException("'" + ptolemy + "' is not a mapped parameter of " + this);
        }
        Map<String, Object> d = new LinkedHashMap<>(extras.defaults());
        d.put(ptolemy, Objects.requireNonNull(value, "value"));
        return with(new Extras(Map.copyOf(d), extras.plainWhenSingle(), extras.widthConversions()));
    }

    /**
     * The Ptolemy multiports {@code names}, as {@link #multiports}, except that linked once (or
     * not at all) each is the type's plain port {@code p}, not {@code p_0}: for a type whose
     * single port came first, such as Sluice's {@code test}. The type is given the width as
     * {@code pWidth} all the same.
     */
    public ClassMapping multiportsPlainWhenSingle(String... names) {
        ClassMapping m = multiports(names);
        Set<String> plain = new LinkedHashSet<>(extras.plainWhenSingle());
        plain.addAll(Set.of(names));
        return m.with(new Extras(extras.defaults(), Set.copyOf(plain), extras.widthConversions()));
    }

    /**
     * The Ptolemy parameter {@code ptolemy} becomes the type's parameter {@code sluice}, its value
     * converted by {@code convert} from the value and the width of the multiport
     * {@code multiport} (as Ptolemy's {@code Test} reads its {@code correctValues} per channel);
     * {@code convert} throws an {@link IllegalArgumentException} saying why for a value it
     * cannot convert.
     */
    public ClassMapping parameter(String ptolemy, String sluice, String multiport, BiFunction<Object, Integer, Object> convert) {
        ClassMapping m = parameter(ptolemy, sluice);
        Map<String, WidthConversion> w = new LinkedHashMap<>(extras.widthConversions());
        w.put(ptolemy, new WidthConversion(Objects.requireNonNull(multiport, "multiport"), Objects.requireNonNull(convert, "convert")));
        return m.with(new Extras(extras.defaults(), extras.plainWhenSingle(), Map.copyOf(w)));
    }

    private ClassMapping with(Extras e) {
        return new ClassMapping(type, parameters, ignored, required, multiports, limitParameter, inputPortsParameter, fixed, converters, e);
    }

    private ClassMapping copy(Map<String, String> p, Set<String> i, Map<String, String> r, Set<String> m, String limit, String inputs,
            Map<String, Function<String, Object>> f) {
        return new ClassMapping(type, Map.copyOf(p), Set.copyOf(i), Map.copyOf(r), Set.copyOf(m), limit, inputs, Map.copyOf(f),
                converters, extras);
    }

    /** The Sluice actor type. */
    public String type() {
        return type;
    }

    /** Ptolemy parameter name to the type's parameter name. */
    public Map<String, String> parameterNames() {
        return parameters;
    }

    /** Whether the Ptolemy parameter {@code name} is dropped. */
    public boolean ignores(String name) {
        return ignored.contains(name);
    }

    /** The Ptolemy parameters that must keep one value, with that value. */
    public Map<String, String> requiredValues() {
        return required;
    }

    /** Whether the Ptolemy port {@code name} is a multiport. */
    public boolean isMultiport(String name) {
        return multiports.contains(name);
    }

    /** The Ptolemy multiports. */
    public Set<String> multiports() {
        return multiports;
    }

    /** The type's firing-limit parameter, or null if it has none. */
    public String limitParameter() {
        return limitParameter;
    }

    /** The parameter that receives the declared input ports' names, or null. */
    public String inputPortsParameter() {
        return inputPortsParameter;
    }

    /** The value of the Ptolemy parameter {@code ptolemy} as the type takes it: converted, if the mapping converts it. */
    public Object convert(String ptolemy, Object value) {
        Function<Object, Object> c = converters.get(ptolemy);
        return c == null ? value : c.apply(value);
    }

    /** Ptolemy's defaults of mapped parameters, by Ptolemy name, given to the type when the entity sets none. */
    public Map<String, Object> defaultValues() {
        return extras.defaults();
    }

    /** Whether the multiport {@code name}, linked at most once, is the type's plain port {@code name}. */
    public boolean isPlainWhenSingle(String name) {
        return extras.plainWhenSingle().contains(name);
    }

    /**
     * The value of the Ptolemy parameter {@code ptolemy} as the type takes it, given the widths of
     * the entity's multiports: converted, if the mapping converts it.
     */
    public Object convert(String ptolemy, Object value, ToIntFunction<String> widthOf) {
        WidthConversion w = extras.widthConversions().get(ptolemy);
        return w == null ? convert(ptolemy, value) : w.convert().apply(value, widthOf.applyAsInt(w.multiport()));
    }

    /** The parameters set whatever the model says, as functions of the actor's name. */
    public Map<String, Function<String, Object>> fixedParameters() {
        return fixed;
    }

    @Override
    public String toString() {
        return "ClassMapping[" + type + "]";
    }
}
