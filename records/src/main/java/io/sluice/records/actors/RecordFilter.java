package io.sluice.records.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.actors.expression.BoundExpression;
import io.sluice.actors.expression.Expression;
import io.sluice.actors.expression.ExpressionException;
import io.sluice.records.RecordField;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * A generic filter of records (DataExchange's): passes on each record for which a boolean
 * expression over its fields, named as in its format, is true, whole and under its own format,
 * with the fields the expression did not look at intact. Type name {@value #TYPE}.
 *
 * <p><b>The expression.</b> Sluice's expression language ({@code docs/expressions.md}), each
 * variable a field of the record: {@code level >= 10 && level <= 20}, {@code site == "north"}.
 * Fields of type int, long, float, double, boolean and string are the language's numbers,
 * booleans and strings (a float is widened to a double). It is parsed once, and bound once per
 * format met, so records of several versions of a format may pass, each read by field name.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@link RecordValue}) and {@link #OUTPUT}
 * ({@code output}, {@link RecordValue}).
 *
 * <p><b>Threading.</b> As every actor: the director calls it on one thread at a time.
 *
 * <p><b>Failure.</b> The constructor throws {@link IllegalArgumentException} naming the parameter
 * {@value #FILTER} and the column if the expression does not parse. A firing fails with an
 * {@link IllegalArgumentException} naming the field and the record's format if the expression
 * names a field the format lacks, or naming the record if the expression fails on it or gives
 * something other than a boolean.
 */
@Stateless
public final class RecordFilter implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "record-filter";
    /** The parameter that holds the expression. */
    public static final String FILTER = "filter";
    /** The records. */
    public static final InputPort<RecordValue> INPUT = Port.input("input", RecordValue.class);
    /** The records kept. */
    public static final OutputPort<RecordValue> OUTPUT = Port.output("output", RecordValue.class);

    private final Expression expression;
    private final List<String> names;
    /** The formats met, by fingerprint, each checked once to have every field the expression names. */
    private final Map<Long, RecordFormat> checked = new ConcurrentHashMap<>();
    private final BoundExpression bound;

    /**
     * @throws IllegalArgumentException naming the parameter if {@code filter} does not parse
     */
    public RecordFilter(String filter) {
        Objects.requireNonNull(filter, FILTER);
        try {
            this.expression = Expression.parse(filter);
        } catch (ExpressionException e) {
            throw new IllegalArgumentException("parameter '" + FILTER + "': " + e.getMessage(), e);
        }
        this.names = List.copyOf(expression.variables());
        this.bound = expression.bind(names);
    }

    /** The expression. */
    public String filter() {
        return expression.text();
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        RecordValue record = context.take(INPUT);
        if (test(record)) {
            context.put(OUTPUT, record);
        }
    }

    /** Whether the record passes. */
    boolean test(RecordValue record) {
        RecordFormat format = record.format();
        if (checked.get(format.fingerprint()) == null) {
            for (String name : names) {
                if (!format.hasField(name)) {
                    throw new IllegalArgumentException("filter '" + expression.text() + "' names the field '" + name + "', which format "
                            + format + " lacks; its fields: " + format.fields().stream().map(RecordField::name)
                            .collect(Collectors.joining(", ")));
                }
            }
            checked.put(format.fingerprint(), format);
        }
        Object[] values = new Object[names.size()];
        for (int i = 0; i < values.length; i++) {
            Object v = record.get(names.get(i));
            values[i] = v instanceof Float f ? (Object) f.doubleValue() : v;
        }
        Object result;
        try {
            result = bound.evaluate(values);
        } catch (ExpressionException e) {
            throw new IllegalArgumentException("filter '" + expression.text() + "' failed on " + record.toJson() + ": " + e.getMessage(), e);
        }
        if (result instanceof Boolean b) {
            return b;
        }
        throw new IllegalArgumentException("filter '" + expression.text() + "' gave " + result + " on " + record.toJson()
                + ", not a boolean");
    }

    @Override
    public String toString() {
        return "RecordFilter(" + expression.text() + ")";
    }
}
