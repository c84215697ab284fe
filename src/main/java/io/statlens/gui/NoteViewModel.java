package io.statlens.gui;

import io.statlens.analysis.TimeExpression;
import io.statlens.model.UserException;
import io.statlens.store.saved.Annotation;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.RunCatalog;
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
 * elapsed seconds, an ISO time or a clock time; deleting notes, as {@code statlens note --delete} does. Lists
 * the run's notes; after a note is added or deleted the chart is drawn again, so that its markers match.
 */
public final class NoteViewModel {
    private final AnnotationStore annotationStore;
    private final RunCatalog runCatalog;
    private final TaskExecutor executor;
    private final ZoneId zone;
    private final Runnable changed;
    private final StringProperty run = new SimpleStringProperty();
    private final StringProperty at = new SimpleStringProperty("");
    private final StringProperty text = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ObservableList<Annotation> notes = FXCollections.observableArrayList();

    /** @param changed called (on the UI thread) once notes are stored or deleted: redraws the chart */
    public NoteViewModel(AnnotationStore annotationStore, RunCatalog runCatalog, TaskExecutor executor, ZoneId zone, Runnable changed) {
        this.annotationStore = annotationStore;
        this.runCatalog = runCatalog;
        this.executor = executor;
        this.zone = zone;
        this.changed = changed;
    }

    /** Chooses the run the notes are of, and lists its notes. */
    public void open(String runName) {
        run.set(runName);
        message.set("");
        executor.run(() -> annotationStore.list(runName), notes::setAll, e -> message.set(e.getMessage()));
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
            Instant start = runCatalog.run(runName).start();
            Instant time = TimeExpression.parse(when).orElseThrow(() -> new UserException("time '" + when + "': expected "
                    + TimeExpression.FORMS)).resolve(start, zone);
            annotationStore.add(runName, List.of(new AnnotationStore.Note(time, note)), "gui");
            return annotationStore.list(runName);
        }, listed -> {
            notes.setAll(listed);
            text.set("");
            message.set("noted at " + listed.stream().filter(a -> a.text().equals(note)).reduce((a, b) -> b)
                    .map(a -> a.time().toString()).orElse("?") + ": " + note);
            changed.run();
        }, e -> message.set(e instanceof UserException ? e.getMessage() : "cannot add the note: " + e));
    }

    /**
     * Deletes these notes of the run, one by one through the store (each commits). If one fails (deleted
     * elsewhere meanwhile), the reason is said, and the list and chart are read again, since the ones
     * before it are gone.
     */
    public void delete(List<Annotation> chosen) {
        String runName = run.get();
        if (runName == null || chosen.isEmpty()) {
            message.set("select the notes to delete");
            return;
        }
        List<Annotation> gone = List.copyOf(chosen);
        executor.run(() -> {
            for (Annotation a : gone) annotationStore.delete(runName, a.id());
            return annotationStore.list(runName);
        }, listed -> {
            notes.setAll(listed);
            message.set(gone.size() == 1 ? "deleted the note at " + gone.get(0).time() + ": " + gone.get(0).text()
                    : "deleted " + gone.size() + " notes");
            changed.run();
        }, e -> {
            message.set(e instanceof UserException ? e.getMessage() : "cannot delete the notes: " + e);
            executor.run(() -> annotationStore.list(runName), listed -> {
                notes.setAll(listed);
                changed.run();
            }, again -> message.set("cannot read the notes of run '" + runName + "': " + again.getMessage()));
        });
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
