package io.sluice.samples;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Passes on the records whose string field starts with a prefix, whole: the filter workflow's
 * filter on one field of a record. It reads the field through a function of the record, so one
 * class filters {@link WordCount}s, {@link PlainWordCount}s and generic
 * {@link io.sluice.records.RecordValue}s ({@code v -> v.getString("word")}), whatever other fields
 * they carry. Stateless.
 *
 * @param <T> the records' type
 */
@Stateless
public final class RecordFieldFilter<T> implements Actor {
    /** The names of the ports. */
    public static final String IN = "in";
    public static final String OUT = "out";

    private final InputPort<T> in;
    private final OutputPort<T> out;
    private final Function<T, String> field;
    private final String prefix;

    /**
     * @param type the records' type
     * @param field reads the field filtered on
     * @param prefix what the field must start with
     */
    public RecordFieldFilter(Class<T> type, Function<T, String> field, String prefix) {
        this.in = Port.input(IN, type);
        this.out = Port.output(OUT, type);
        this.field = Objects.requireNonNull(field, "field");
        this.prefix = Objects.requireNonNull(prefix, "prefix");
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(in, out);
    }

    @Override
    public void fire(FiringContext context) {
        T record = context.take(in);
        if (field.apply(record).startsWith(prefix)) {
            context.put(out, record);
        }
    }
}
