package io.statlens.model;

import java.nio.file.Path;

/**
 * The per-user statlens folder, where the default repository and the user's parser definitions live: the
 * system property {@code statlens.home}, else {@code $STATLENS_HOME}, else {@code ~/.statlens}. Read on
 * every call, so that a test or a launcher may set the property late.
 */
public final class StatlensHome {
    private StatlensHome() {
    }

    public static Path path() {
        String property = System.getProperty("statlens.home");
        if (property != null && !property.isBlank()) return Path.of(property);
        String env = System.getenv("STATLENS_HOME");
        if (env != null && !env.isBlank()) return Path.of(env);
        return Path.of(System.getProperty("user.home"), ".statlens");
    }
}
