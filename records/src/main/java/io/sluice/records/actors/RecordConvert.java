package io.sluice.records.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordValue;
import io.sluice.records.Records;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * Reads records of any version of a format as one version of it, named by the workflow: the
 * reader decides what it reads (DataExchange's reader formats), with no Java code for the format.
 * Each record is read by field name, as {@link Records#converter} reads it: fields the reader's
 * version lacks are dropped, those it adds take their defaults, numbers widen. Type name
 * {@value #TYPE}.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@link RecordValue}: records of any version)
 * and {@link #OUTPUT} ({@code output}, {@link RecordValue}: the same records, of the reader's
 * format).
 *
 * <p><b>Threading.</b> As every actor: the director calls it on one thread at a time.
 *
 * <p><b>Failure.</b> {@link #fromFile} throws {@link IllegalArgumentException} naming the file
 * and the parameter {@value #FORMAT} if it cannot be read or is not a record format. A firing
 * fails with an {@link io.sluice.records.IncompatibleFormatsException}, naming both formats and
 * each field at fault, on a record whose format cannot be read as the reader's (a field the
 * reader needs that has no default, a number that would narrow).
 */
@Stateless
public final class RecordConvert implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "record-convert";
    /** The parameter that names the reader's format's file. */
    public static final String FORMAT = "format";
    /** Records of any version. */
    public static final InputPort<RecordValue> INPUT = Port.input("input", RecordValue.class);
    /** The records, of the reader's format. */
    public static final OutputPort<RecordValue> OUTPUT = Port.output("output", RecordValue.class);

    private final RecordFormat format;
    private final Function<Object, RecordValue> converter;

    /** Reads records as {@code format}. */
    public RecordConvert(RecordFormat format) {
        this.format = Objects.requireNonNull(format, FORMAT);
        this.converter = Records.converter(format);
    }

    /**
     * Reads records as the format in the Avro schema file {@code file}.
     *
     * @throws IllegalArgumentException naming the file if it cannot be read or holds no record format
     */
    public static RecordConvert fromFile(Path file) {
        return new RecordConvert(FormatFiles.read(file, FORMAT));
    }

    /** The format records are read as. */
    public RecordFormat format() {
        return format;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        context.put(OUTPUT, convert(context.take(INPUT)));
    }

    /** The record as the reader's format. */
    RecordValue convert(RecordValue record) {
        return converter.apply(record);
    }

    @Override
    public String toString() {
        return "RecordConvert(" + format + ")";
    }
}
