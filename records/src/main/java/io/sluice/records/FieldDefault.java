package io.sluice.records;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The default value of the field derived from a record component, as JSON in Avro's notation for
 * defaults: {@code "0"}, {@code "\"unknown\""}, {@code "[]"}, {@code "{\"x\": 0}"} for a nested
 * record, an enum's symbol as a JSON string, {@code "null"} for an {@code Optional}. A reader whose
 * format has the field reads this value from records whose writer's format lacks the field.
 *
 * <p>An {@code Optional} component defaults to {@code null} (empty) without this annotation.
 * {@link RecordFormat#of(Class)} refuses a default that is not valid JSON or does not fit the
 * component's type, naming the record and the component.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface FieldDefault {
    /** The default, as JSON text. */
    String value();
}
