package io.sluice.records;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The Avro name of the format derived from a Java {@code record} or {@code enum} class, in place of
 * the one taken from the class (its package as the namespace, its enclosing classes' simple names
 * after it, its own simple name as the name).
 *
 * <p>Readers match records and enums by their simple name (or by a name in the reader's
 * {@link #aliases}), so two programs whose classes share a simple name read each other's records
 * without it; give one when the classes are named differently, e.g. a reader class
 * {@code ReadingV2} for records a class {@code Reading} wrote.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface FormatName {
    /** The full Avro name, {@code namespace.Name} or a bare {@code Name}. */
    String value();

    /** Former full names this format reads records of (Avro aliases). */
    String[] aliases() default {};
}
