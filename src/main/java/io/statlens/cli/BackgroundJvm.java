package io.statlens.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The JVM options of a statlens process that a command starts in the background (collect's daemon, the server): its
 * own, then the user's {@code STATLENS_JAVA_OPTS} split at white space as the launcher splits them, so that the user's
 * win ({@code -Xmx1g}, {@code -Duser.home=...}) as they do for every other command. A garbage collector the user names
 * replaces its own, as in the launcher: the JVM refuses to start with two ("Multiple garbage collectors selected").
 */
final class BackgroundJvm {
    /** An option that chooses the collector: {@code -XX:+UseSerialGC}, {@code -XX:+UseG1GC}, {@code -XX:+UseZGC}... */
    private static final Pattern COLLECTOR = Pattern.compile("-XX:\\+Use\\w*GC");

    private BackgroundJvm() {
    }

    /** {@code own}, then the user's options ({@code userOptions}: STATLENS_JAVA_OPTS, null when not set). */
    static List<String> options(List<String> own, String userOptions) {
        List<String> user = userOptions == null || userOptions.isBlank() ? List.of() : List.of(userOptions.strip().split("\\s+"));
        boolean userCollector = user.stream().anyMatch(o -> COLLECTOR.matcher(o).matches());
        List<String> out = new ArrayList<>();
        for (String o : own) if (!userCollector || !COLLECTOR.matcher(o).matches()) out.add(o);
        out.addAll(user);
        return out;
    }
}
