/**
 * Actors over records for JSON workflows, registered as the actor types {@code json-to-record}
 * and {@code record-filter} ({@link io.sluice.records.actors.RecordActorTypes}): records made from
 * JSON under a format file, and records filtered on their fields by name, with no Java code for
 * the format. See {@code docs/records.md}.
 */
package io.sluice.records.actors;
