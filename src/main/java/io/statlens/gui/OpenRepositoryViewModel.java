package io.statlens.gui;

import io.statlens.model.UserException;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The window that opens another repository in place of the one shown: an embedded one (its folder), or a shared one on
 * a server (a PostgreSQL server or a Derby network server, by JDBC URL) with a user and a password typed here. The
 * password goes to the server and nowhere else: it is not kept in the settings, in the window's fields after an
 * attempt, or in any message; the settings keep the folder, or the server's URL and the user, to fill in next time.
 * Opening runs in the background (a server may take seconds to answer or refuse); the store says why it refused.
 */
public final class OpenRepositoryViewModel {
    /** Where the repository is. */
    public enum Kind { FOLDER, SERVER }

    /** How the store says that the server refused the user or password. */
    private static final String AUTHENTICATION_FAILED = ": authentication failed";

    private final TaskExecutor executor;
    private final GuiSettings settings;
    private final Consumer<Repository> opened;
    private final ObjectProperty<Kind> kind = new SimpleObjectProperty<>(Kind.FOLDER);
    private final StringProperty folder = new SimpleStringProperty("");
    private final StringProperty url = new SimpleStringProperty("");
    private final StringProperty user = new SimpleStringProperty("");
    private final ReadOnlyBooleanWrapper opening = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");

    /**
     * @param settings where the folder, URL and user are remembered (never the password)
     * @param opened   gets the repository opened; the window shows it from then on and closes the one before
     */
    public OpenRepositoryViewModel(TaskExecutor executor, GuiSettings settings, Consumer<Repository> opened) {
        this.executor = executor;
        this.settings = settings;
        this.opened = opened;
        settings.lastRepository().ifPresent(dir -> folder.set(dir.toString()));
        settings.lastServer().ifPresent(server -> {
            url.set(server.url());
            user.set(server.user());
        });
        if (settings.serverOpenedLast()) kind.set(Kind.SERVER);
    }

    /**
     * Opens the repository described by the fields, with this password for a server (empty: none, or the one the
     * environment gives: {@code PGPASSWORD}, {@code ~/.pgpass}, {@code STATLENS_DB_PASSWORD}).
     */
    public void open(String password) {
        if (opening.get()) return;
        RepositoryLocation location;
        try {
            location = location(password);
        } catch (UserException e) {
            message.set(e.getMessage());
            return;
        }
        opening.set(true);
        message.set("opening " + location.description() + "...");
        executor.run(() -> Repository.open(location, false), repo -> {
            opening.set(false);
            message.set("opened " + repo.location().description());
            if (kind.get() == Kind.FOLDER) {
                settings.lastRepository(Path.of(folder.get().strip()));
            } else {
                settings.lastServer(new GuiSettings.Server(url.get().strip(), user.get().strip()));
            }
            opened.accept(repo);
        }, e -> {
            opening.set(false);
            message.set(refusal(location, e));
        });
    }

    /**
     * Why the repository did not open, in the store's words; but where the server refused the user or password, the
     * store's hint for the command line (the environment's password variables) is replaced by what to do here.
     */
    private static String refusal(RepositoryLocation location, Throwable e) {
        if (!(e instanceof UserException)) {
            return "cannot open " + location.description() + ": " + RepositoryLocation.redact(String.valueOf(e.getMessage()));
        }
        String said = e.getMessage();
        int refused = said.indexOf(AUTHENTICATION_FAILED);
        RepositoryLocation.Credentials typed = location.credentials();
        if (refused < 0 || typed == null) return said;
        String who = typed.user().isEmpty() ? "no user" : "user '" + typed.user() + "'";
        return said.substring(0, refused + AUTHENTICATION_FAILED.length()) + ": the server refused " + who
                + (typed.password().isEmpty() ? " without a password (type it in the Password field)"
                : " with the password typed (type it again: it is not kept)");
    }

    private RepositoryLocation location(String password) {
        if (kind.get() == Kind.FOLDER) {
            String dir = folder.get().strip();
            if (dir.isEmpty()) throw new UserException("choose the repository's folder");
            return RepositoryLocation.embedded(Path.of(dir));
        }
        String jdbc = url.get().strip();
        String lower = jdbc.toLowerCase(Locale.ROOT);
        if (!lower.startsWith("jdbc:postgresql:") && !lower.startsWith("jdbc:derby://")) {
            throw new UserException("a server's URL is jdbc:postgresql://HOST:5432/DATABASE or jdbc:derby://HOST:1527/NAME, not '"
                    + RepositoryLocation.redact(jdbc) + "'");
        }
        if (!RepositoryLocation.redact(jdbc).equals(jdbc)) {
            throw new UserException("type the password in its field, not in the URL (a URL is remembered; a password never is)");
        }
        return RepositoryLocation.url(jdbc).withCredentials(user.get().strip(), password);
    }

    public ObjectProperty<Kind> kindProperty() {
        return kind;
    }

    public StringProperty folderProperty() {
        return folder;
    }

    public StringProperty urlProperty() {
        return url;
    }

    public StringProperty userProperty() {
        return user;
    }

    /** Whether a repository is being opened (the Open button is off meanwhile). */
    public ReadOnlyBooleanProperty openingProperty() {
        return opening.getReadOnlyProperty();
    }

    /** What happened, or why the repository cannot be opened, in the store's words. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
