package io.sluice.records.actors;

import io.sluice.records.RecordValue;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ActorTypeInfo;
import io.sluice.workflow.ActorTypes;

/**
 * The record actors as types for JSON workflows (found by {@link ActorRegistry#discover}):
 * {@value JsonToRecord#TYPE} (parameters {@code format}, an Avro schema file, and {@code encoding}),
 * {@value RecordConvert#TYPE} (parameter {@code format}) and
 * {@value RecordFilter#TYPE} (parameter {@code filter}, an expression over field names).
 */
public final class RecordActorTypes implements ActorTypes {

    @Override
    public void registerTo(ActorRegistry.Builder registry) {
        registry.register(JsonToRecord.TYPE, p -> JsonToRecord.fromFile(p.path(JsonToRecord.FORMAT),
                        JsonToRecord.Encoding.named(p.string(JsonToRecord.ENCODING, "json"))), ActorTypeInfo.of(JsonToRecord.TYPE,
                        "Makes a record of each line of JSON, under a format read from an Avro schema file.")
                        .input("input", String.class, "lines of JSON, one record each")
                        .output("output", RecordValue.class, "the records")
                        .required(JsonToRecord.FORMAT, "path", "the format: an Avro record schema as JSON (.avsc)")
                        .optional(JsonToRecord.ENCODING, "string", "json", "json: plain JSON, as 'sluice channel read' prints"
                                + " records (fields by name, defaults for those left out, bytes in base64); avro: Avro's JSON"
                                + " encoding"))
                .register(RecordConvert.TYPE, p -> RecordConvert.fromFile(p.path(RecordConvert.FORMAT)), ActorTypeInfo.of(
                        RecordConvert.TYPE, "Reads records of any version of a format as the version a schema file gives, by field name.")
                        .input("input", RecordValue.class, "records of any version of the format")
                        .output("output", RecordValue.class, "the records, of the format given")
                        .required(RecordConvert.FORMAT, "path", "the version to read as: an Avro record schema as JSON (.avsc)"))
                .register(RecordFilter.TYPE, p -> new RecordFilter(p.string(RecordFilter.FILTER)), ActorTypeInfo.of(RecordFilter.TYPE,
                        "Passes on whole the records for which an expression over their fields is true.")
                        .input("input", RecordValue.class, "records of any format")
                        .output("output", RecordValue.class, "the records kept, every field intact")
                        .required(RecordFilter.FILTER, "string", "a boolean expression over field names, e.g. level >= 10 && level <= 20"));
    }
}
