package io.statlens.gui;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.model.UserException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.prefs.Preferences;

/** What the GUI remembers between sessions (java.util.prefs, node io/statlens/gui). */
public final class GuiSettings {
    /** How many imported files and folders are remembered. */
    public static final int RECENT_LIMIT = 10;
    private static final String RECENT = "recentInput";
    private static final String REPOSITORY = "lastRepository";
    private static final String SERVER_URL = "lastServerUrl";
    private static final String SERVER_USER = "lastServerUser";
    private static final String SERVER_LAST = "lastOpenedServer";
    private static final String WIDTH = "windowWidth";
    private static final String HEIGHT = "windowHeight";
    private static final String X = "windowX";
    private static final String Y = "windowY";
    private static final String MAXIMIZED = "windowMaximized";
    private static final String DIVIDERS = "windowDividers";
    private static final String NUMBER_LOCALE = "numberLocale";
    private final Preferences node;

    public GuiSettings(Preferences node) {
        this.node = node;
    }

    public static GuiSettings user() {
        return new GuiSettings(Preferences.userRoot().node("io/statlens/gui"));
    }

    public Optional<Path> lastRepository() {
        return Optional.ofNullable(node.get(REPOSITORY, null)).map(Path::of);
    }

    public void lastRepository(Path dir) {
        node.put(REPOSITORY, dir.toAbsolutePath().toString());
        node.putBoolean(SERVER_LAST, false);
    }

    /** A server's repository as the open window fills it in: its URL and the user; there is no password here. */
    public record Server(String url, String user) {
    }

    /** The server repository opened last from the window, to fill in next time. */
    public Optional<Server> lastServer() {
        String url = node.get(SERVER_URL, null);
        return url == null || url.isBlank() ? Optional.empty() : Optional.of(new Server(url, node.get(SERVER_USER, "")));
    }

    public void lastServer(Server server) {
        node.put(SERVER_URL, server.url());
        node.put(SERVER_USER, server.user());
        node.putBoolean(SERVER_LAST, true);
    }

    /** Whether the repository opened last was a server's rather than a folder (the open window offers that kind first). */
    public boolean serverOpenedLast() {
        return node.getBoolean(SERVER_LAST, false) && lastServer().isPresent();
    }

    public WindowLayout windowLayout() {
        List<Double> dividers = Arrays.stream(node.get(DIVIDERS, "").split(","))
                .filter(v -> !v.isBlank())
                .map(GuiSettings::fraction)
                .toList();
        return new WindowLayout(node.getDouble(X, Double.NaN), node.getDouble(Y, Double.NaN),
                node.getDouble(WIDTH, WindowLayout.DEFAULT.width()), node.getDouble(HEIGHT, WindowLayout.DEFAULT.height()),
                node.getBoolean(MAXIMIZED, false), dividers.contains(null) ? List.of() : dividers);
    }

    public void windowLayout(WindowLayout layout) {
        node.putDouble(X, layout.x());
        node.putDouble(Y, layout.y());
        node.putDouble(WIDTH, layout.width());
        node.putDouble(HEIGHT, layout.height());
        node.putBoolean(MAXIMIZED, layout.maximized());
        node.put(DIVIDERS, String.join(",", layout.dividers().stream().map(String::valueOf).toList()));
    }

    /** A stored divider position, or null when the preference was edited into something else. */
    private static Double fraction(String text) {
        try {
            double v = Double.parseDouble(text.strip());
            return v >= 0 && v <= 1 ? v : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** How tables and reports show numbers, as last asked for ({@code statlens gui --locale}); {@code root} by default. */
    public ReadableNumbers numbers() {
        try {
            return ReadableNumbers.parse(node.get(NUMBER_LOCALE, "root"));
        } catch (UserException e) {
            // A preference edited into something else is no reason not to start.
            return ReadableNumbers.ROOT;
        }
    }

    public void numbers(ReadableNumbers numbers) {
        node.put(NUMBER_LOCALE, numbers.tag());
    }

    /** The files and folders imported last, most recent first, as stored (paths gone since included). */
    public List<Path> recentInputs() {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < RECENT_LIMIT; i++) {
            String path = node.get(RECENT + i, null);
            if (path != null) out.add(Path.of(path));
        }
        return out;
    }

    /** Stores the first {@link #RECENT_LIMIT} of these paths (one key each: a path may be long) and forgets the rest. */
    public void recentInputs(List<Path> paths) {
        for (int i = 0; i < RECENT_LIMIT; i++) {
            if (i < paths.size()) node.put(RECENT + i, paths.get(i).toAbsolutePath().toString());
            else node.remove(RECENT + i);
        }
    }
}
