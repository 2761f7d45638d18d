package io.sluice.records;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Former names of the field derived from a record component (Avro field aliases): a reader whose
 * format has the field reads it from records whose writer named it by one of these. This is how a
 * field is renamed without breaking the readers and writers that still use the old name.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface FieldAliases {
    /** The field's former names. */
    String[] value();
}
