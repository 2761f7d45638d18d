/**
 * Not API: the Avro-facing pieces of {@code sluice-records} that its other classes, and the
 * modules that will carry records over channels, share: the derivation of an Avro schema from a
 * Java {@code record} class ({@link io.sluice.records.internal.JavaRecordSchemas}) and the
 * descriptions of Avro types and schema locations that error messages use
 * ({@link io.sluice.records.internal.AvroSchemas}). They may change in any release without notice;
 * programs that use Sluice never need them (the API is in {@link io.sluice.records}).
 */
package io.sluice.records.internal;
