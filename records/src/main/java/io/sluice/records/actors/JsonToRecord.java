package io.sluice.records.actors;

import io.sluice.actor.Actor;
import io.sluice.actor.FiringContext;
import io.sluice.actor.InputPort;
import io.sluice.actor.OutputPort;
import io.sluice.actor.Port;
import io.sluice.actor.Stateless;
import io.sluice.records.RecordFormat;
import io.sluice.records.RecordResolver;
import io.sluice.records.RecordValue;
import io.sluice.records.Records;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.io.JsonDecoder;

/**
 * Makes a record of each line of JSON it takes, under one format: the bridge from text to records
 * for a workflow with no Java code for its format. Type name {@value #TYPE}.
 *
 * <p><b>The JSON.</b> One object per line, in one of two encodings ({@value #ENCODING}):
 * <ul>
 *   <li>{@link Encoding#JSON} ({@code "json"}, the default): plain JSON, as
 *       {@link RecordValue#toJson()} and {@code sluice channel read} write it
 *       ({@link RecordValue#fromJson}): fields by name, a field left out taking its default, an
 *       optional field's value bare or wrapped as Avro wraps it, bytes in base64.
 *   <li>{@link Encoding#AVRO} ({@code "avro"}): Avro's JSON encoding of the format, as Avro's
 *       tools write it: every field present, also one with a default, an optional field's value
 *       wrapped in its type ({@code {"string": "north"}}) or {@code null}, bytes as a string of
 *       one character per byte.
 * </ul>
 *
 * <p><b>Threading.</b> As every actor: the director calls it on one thread at a time; it reuses
 * one decoder and encoder from line to line.
 *
 * <p><b>Ports.</b> {@link #INPUT} ({@code input}, {@code String}) and {@link #OUTPUT}
 * ({@code output}, {@link RecordValue}).
 *
 * <p><b>Failure.</b> {@link #fromFile} throws {@link IllegalArgumentException} naming the file
 * and the parameter {@value #FORMAT} if it cannot be read or is not a record format. A firing
 * fails with an {@link IllegalArgumentException} naming the line and the format if the line is
 * not a record of the format.
 */
@Stateless
public final class JsonToRecord implements Actor {
    /** The type name in an {@link io.sluice.workflow.ActorRegistry}. */
    public static final String TYPE = "json-to-record";
    /** The parameter that names the format's file. */
    public static final String FORMAT = "format";
    /** The parameter that names the encoding of the lines: {@code json} (the default) or {@code avro}. */
    public static final String ENCODING = "encoding";

    /** How the lines encode records. */
    public enum Encoding {
        /** Plain JSON, as {@link RecordValue#toJson()} writes it. */
        JSON,
        /** Avro's JSON encoding. */
        AVRO;

        /**
         * The encoding a parameter's value names, in any case.
         *
         * @throws IllegalArgumentException naming the parameter and the encodings if it names none
         */
        public static Encoding named(String name) {
            for (Encoding e : values()) {
                if (e.name().equalsIgnoreCase(name)) {
                    return e;
                }
            }
            throw new IllegalArgumentException("parameter '" + ENCODING + "': '" + name + "' is no encoding; json or avro");
        }
    }

    /** Lines of JSON. */
    public static final InputPort<String> INPUT = Port.input("input", String.class);
    /** The records. */
    public static final OutputPort<RecordValue> OUTPUT = Port.output("output", RecordValue.class);

    private final RecordFormat format;
    private final Encoding encoding;
    private final RecordResolver<RecordValue> reader;
    // One schema, datum reader and writer, decoder and encoder for every line: Avro caches what it
    // builds for a schema by the schema's identity, so a schema per line would build it per line.
    private final GenericDatumReader<GenericRecord> jsonReader;
    private final GenericDatumWriter<GenericRecord> binaryWriter;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private JsonDecoder decoder;
    private BinaryEncoder encoder;

    /** Makes records of {@code format} of lines of plain JSON. */
    public JsonToRecord(RecordFormat format) {
        this(format, Encoding.JSON);
    }

    /** Makes records of {@code format} of lines in {@code encoding}. */
    public JsonToRecord(RecordFormat format, Encoding encoding) {
        this.format = Objects.requireNonNull(format, FORMAT);
        this.encoding = Objects.requireNonNull(encoding, ENCODING);
        this.reader = Records.forwarder(format);
        Schema schema = format.schema();
        this.jsonReader = new GenericDatumReader<>(schema);
        this.binaryWriter = new GenericDatumWriter<>(schema);
    }

    /**
     * Makes records of the format in the Avro schema file {@code file}.
     *
     * @throws IllegalArgumentException naming the file if it cannot be read or holds no record format
     */
    public static JsonToRecord fromFile(Path file) {
        return fromFile(file, Encoding.JSON);
    }

    /**
     * Makes records of the format in the Avro schema file {@code file}, of lines in {@code encoding}.
     *
     * @throws IllegalArgumentException naming the file if it cannot be read or holds no record format
     */
    public static JsonToRecord fromFile(Path file, Encoding encoding) {
        return new JsonToRecord(FormatFiles.read(file, FORMAT), encoding);
    }

    /** The format of the records made. */
    public RecordFormat format() {
        return format;
    }

    @Override
    public List<Port<?>> ports() {
        return List.of(INPUT, OUTPUT);
    }

    @Override
    public void fire(FiringContext context) {
        context.put(OUTPUT, parse(context.take(INPUT)));
    }

    /** The record of one line of JSON. */
    RecordValue parse(String line) {
        if (encoding == Encoding.JSON) {
            try {
                return RecordValue.fromJson(format, line);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the line " + line + " is not a record of format " + format + ": "
                        + e.getMessage(), e);
            }
        }
        try {
            if (decoder == null) {
                decoder = DecoderFactory.get().jsonDecoder(jsonReader.getSchema(), line);
            } else {
                decoder.configure(line);
            }
            GenericRecord generic = jsonReader.read(null, decoder);
            bytes.reset();
            encoder = EncoderFactory.get().binaryEncoder(bytes, encoder);
            binaryWriter.write(generic, encoder);
            encoder.flush();
            return reader.read(bytes.toByteArray());
        } catch (IOException | AvroRuntimeException e) {
            throw new IllegalArgumentException("the line " + line + " is not a record of format " + format + " in Avro's JSON encoding: "
                    + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "JsonToRecord(" + format + ")";
    }
}
