package io.statlens.gui;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The files and folders imported last, for the tool bar's <i>Import recent</i> menu: most recent first, each
 * once, at most {@link GuiSettings#RECENT_LIMIT}. The application keeps them in its {@link GuiSettings}; a window
 * built without settings (tests) remembers them for the session only.
 */
public final class RecentInputs {
    private final List<Path> remembered = new ArrayList<>();
    private final Consumer<List<Path>> store;
    private final ObservableList<Path> shown = FXCollections.observableArrayList();
    // One read-only view, held: listeners on a view that is not referenced vanish with it.
    private final ObservableList<Path> shownReadOnly = FXCollections.unmodifiableObservableList(shown);

    private RecentInputs(List<Path> stored, Consumer<List<Path>> store) {
        remembered.addAll(stored);
        this.store = store;
        refresh();
    }

    /** Read from and written to the settings, so that they last between sessions. */
    public static RecentInputs kept(GuiSettings settings) {
        return new RecentInputs(settings.recentInputs(), settings::recentInputs);
    }

    /** For this window only. */
    public static RecentInputs forSession() {
        return new RecentInputs(List.of(), paths -> {
        });
    }

    /** Puts these inputs first, in their order; an older mention of the same path and paths now gone drop out. */
    public void remember(List<Path> inputs) {
        Set<Path> next = new LinkedHashSet<>();
        inputs.forEach(p -> next.add(p.toAbsolutePath().normalize()));
        remembered.stream().filter(Files::exists).forEach(next::add);
        remembered.clear();
        remembered.addAll(next.stream().limit(GuiSettings.RECENT_LIMIT).toList());
        store.accept(List.copyOf(remembered));
        refresh();
    }

    /** Shows the remembered paths that still exist; called whenever the menu opens, as files come and go. */
    public void refresh() {
        List<Path> existing = remembered.stream().filter(Files::exists).toList();
        if (!existing.equals(shown)) shown.setAll(existing);
    }

    public ObservableList<Path> shown() {
        return shownReadOnly;
    }
}
