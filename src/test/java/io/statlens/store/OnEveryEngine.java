package io.statlens.store;

import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a test class once per {@link RepositoryEngine}: the class takes the engine as a constructor
 * argument (or a {@code @Parameter} field) and opens its repositories with
 * {@link RepositoryEngine#freshRepository()}, so that no feature works on one engine only.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ParameterizedClass(name = "on {0}")
@MethodSource("io.statlens.store.RepositoryEngine#enabled")
public @interface OnEveryEngine {
}
