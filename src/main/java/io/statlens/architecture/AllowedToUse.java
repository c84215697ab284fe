package io.statlens.architecture;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The one way to make an exception to the layering of docs/architecture.md: the annotated class may use
 * the packages it names although its layer may not. The architecture test reads it, refuses one without
 * a reason, and refuses one the class does not need.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface AllowedToUse {

    /** The packages the class may use, as ArchUnit package patterns: {@code io.statlens.gui..}. */
    String[] value();

    /** Why the class cannot do without them. */
    String reason();
}
