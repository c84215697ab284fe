package io.statlens.gui;

import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryInUse;
import io.statlens.store.schema.RepositoryLocation;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;

/**
 * The window's content when the repository it was started on did not open: most often because another statlens window
 * has it open (a repository folder opens in one process at a time, reading too), else for the store's reason (made by a
 * newer statlens, a folder that is no repository). It says so and offers what can be done: try again once the other
 * window is closed, or open another repository. The application shows the workbench over the repository that opens.
 */
public final class UnopenedRepositoryViewModel {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final RepositoryLocation location;
    private final UserException refusal;
    private final TaskExecutor executor;
    private final Consumer<Repository> opened;
    private final ReadOnlyBooleanWrapper opening = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");

    /**
     * @param refusal why the repository did not open at start
     * @param opened  gets the repository once it opens; the window shows it from then on
     */
    public UnopenedRepositoryViewModel(RepositoryLocation location, UserException refusal, TaskExecutor executor,
                                       Consumer<Repository> opened) {
        this.location = location;
        this.refusal = refusal;
        this.executor = executor;
        this.opened = opened;
    }

    /** Whether another statlens has the repository open (rather than another reason). */
    public boolean inUse() {
        return refusal instanceof RepositoryInUse;
    }

    /** One line: what happened, for the window's heading and title. */
    public String headline() {
        return inUse() ? "statlens is already open on " + location.description()
                : "Cannot open the repository " + location.description();
    }

    /** What it means and what to do. */
    public String explanation() {
        if (!inUse()) return refusal.getMessage();
        return "Another statlens window has this repository open, and a repository folder opens in one statlens at a time"
                + " (for reading too). Switch to that window; or close it and press Try again; or open another repository"
                + " here. A repository that several people or windows use at once belongs on a server: statlens server or"
                + " PostgreSQL (docs/team.md).";
    }

    /** Opens the repository again in the background: the window shows it if it opens, else says why not. */
    public void tryAgain() {
        if (opening.get()) return;
        opening.set(true);
        message.set("opening " + location.description() + "...");
        executor.run(() -> Repository.open(location, true), repo -> {
            opening.set(false);
            message.set("opened " + location.description());
            opened.accept(repo);
        }, e -> {
            opening.set(false);
            String at = LocalTime.now().format(CLOCK);
            message.set(e instanceof RepositoryInUse ? "still open in another statlens window (tried at " + at + ")"
                    : "cannot open it (tried at " + at + "): " + RepositoryLocation.redact(String.valueOf(e.getMessage())));
        });
    }

    public RepositoryLocation location() {
        return location;
    }

    /** Whether the repository is being opened (Try again is off meanwhile). */
    public ReadOnlyBooleanProperty openingProperty() {
        return opening.getReadOnlyProperty();
    }

    /** What the last try did. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
