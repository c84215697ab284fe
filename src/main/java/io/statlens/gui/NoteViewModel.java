package io.statlens.gui;

import io.statlens.analysis.TimeExpression;
import io.statlens.model.UserException;
import io.statlens.store.Annotation;
import io.statlens.store.AnnotationStore;
import io.statlens.store.Repository;
import io.statlens.store.RunCatalog;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.StringProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Instant;
import java.time.ZoneId;
import java.util.List;

/**
 * Adding a note (annotation) to a run at a time written as on the command line ({@code statlens note --at}):
 * elapsed seconds, an ISO time or a clock time. Lists the run's notes; after a note is added the chart is
 * drawn again, so that its marker shows.
 */
public final class NoteViewModel {
    private final Repository repo;
    private final TaskExecutor executor;
    private final ZoneId zone;
    private final Runnable added;
    private final StringProperty run = new SimpleStringProperty();
    private final StringProperty at = new SimpleStringProperty("");
    private final StringProperty text = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ObservableList<Annotation> notes = FXCollections.observableArrayList();

    /** @param added called (on the UI thread) once a note is stored: redraws the chart */
    public NoteViewModel(Repository repo, TaskExecutor executor, ZoneId zone, Runnable added) {
        this.repo = repo;
        this.executor = executor;
        this.zone = zone;
        this.added = added;
    }

    /** Chooses the run the notes are of, and lists its notes. */
    public void open(String runName) {
        run.set(runName);
        message.set("");
        executor.run(() -> new AnnotationStore(repo).list(runName), notes::setAll, e -> message.set(e.getMessage()));
    }

    /** Stores the note; a time in none of the forms, or no text, is said in {@link #messageProperty}. */
    public void add() {
        String runName = run.get();
        String when = at.get().strip();
        String note = text.get().strip();
        if (runName == null) {
            message.set("choose a run");
            return;
        }
        if (note.isEmpty()) {
            message.set("the note's text is missing");
            return;
        }
        executor.run(() -> {
            Instant start = new RunCatalog(repo).run(runName).start();
            Instant time = TimeExpression.parse(when).orElseThrow(() -> new UserException("time '" + when + "': expected "
                    + TimeExpression.FORMS)).resolve(start, zone);
            AnnotationStore store = new AnnotationStore(repo);
            store.add(runName, List.of(new AnnotationStore.Note(time, note)), "gui");
            return store.list(runName);
        }, listed -> {
            notes.setAll(listed);
            text.set("");
            message.set("noted at " + listed.stream().filter(a -> a.text().equals(note)).reduce((a, b) -> b)
                    .map(a -> a.time().toString()).orElse("?") + ": " + note);
            added.run();
        }, e -> message.set(e instanceof UserException ? e.getMessage() : "cannot add the note: " + e));
    }

    public StringProperty runProperty() {
        return run;
    }

    public StringProperty atProperty() {
        return at;
    }

    public StringProperty textProperty() {
        return text;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ObservableList<Annotation> notes() {
        return notes;
    }
}
