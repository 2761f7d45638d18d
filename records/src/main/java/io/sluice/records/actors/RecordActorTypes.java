package io.sluice.records.actors;

import io.sluice.records.RecordValue;
import io.sluice.workflow.ActorRegistry;
import io.sluice.workflow.ActorTypeInfo;
import io.sluice.workflow.ActorTypes;

/**
 * The record actors as types for JSON workflows (found by {@link ActorRegistry#discover}):
 * {@value JsonToRecord#TYPE} (parameter {@code format}, an Avro schema file) and
 * {@value RecordFilter#TYPE} (parameter {@code filter}, an expression over field names).
 */
public final class RecordActorTypes implements ActorTypes {

    @Override
    public void registerTo(ActorRegistry.Builder registry) {
        registry.register(JsonToRecord.TYPE, p -> JsonToRecord.fromFile(p.path(JsonToRecord.FORMAT)), ActorTypeInfo.of(JsonToRecord.TYPE,
                        "Makes a record of each line of JSON, under a format read from an Avro schema file.")
                        .input("input", String.class, "lines of JSON, one record each, in Avro's JSON encoding")
                        .output("output", RecordValue.class, "the records")
                        .required(JsonToRecord.FORMAT, "path", "the format: an Avro record schema as JSON (.avsc)"))
                .register(RecordFilter.TYPE, p -> new RecordFilter(p.string(RecordFilter.FILTER)), ActorTypeInfo.of(RecordFilter.TYPE,
                        "Passes on whole the records for which an expression over their fields is true.")
                        .input("input", RecordValue.class, "records of any format")
                        .output("output", RecordValue.class, "the records kept, every field intact")
                        .required(RecordFilter.FILTER, "string", "a boolean expression over field names, e.g. level >= 10 && level <= 20"));
    }
}
