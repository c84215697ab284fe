package io.statlens.gui;

import io.statlens.gui.BrowserNode.MetricNode;
import io.statlens.store.saved.Annotation;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Deleting notes in the note window, headless: the HP-UX sar fixture as run {@code hpux}, {@code sar.cpu %usr}
 * charted, two notes added through the window; deleting one leaves the other in the store, the list and the chart.
 */
@ExtendWith(ApplicationExtension.class)
class NoteViewTest {
    private static final Instant AT_10M = Instant.parse("2018-03-21T00:15:01Z");
    private static final Instant AT_20M = Instant.parse("2018-03-21T00:25:01Z");

    private Repository repo;
    private MainView view;

    @Start
    void start(Stage stage) {
        repo = Repository.open(RepositoryLocation.memory("notes" + UUID.randomUUID()), true);
        Workbench wiring = TestWindow.show(stage, repo);
        view = wiring.view();
        wiring.importer().importFiles(List.of(ImportViewModelTest.HPUX_SAR), "hpux");
        view.select(new MetricNode("hpux", "sar.cpu", "%usr", null));
    }

    @AfterEach
    void close() {
        repo.close();
    }

    @Test
    void deleteButtonRemovesTheSelectedNoteFromStoreListAndChart(FxRobot robot) {
        addTwoNotes(robot);
        assertEquals(List.of(AT_10M.toEpochMilli(), AT_20M.toEpochMilli()), markers());
        assertTrue(robot.lookup("#note-delete").queryAs(Button.class).isDisabled(), "nothing selected yet");

        robot.interact(() -> list(robot).getSelectionModel().select(0));
        robot.clickOn("#note-delete");

        List<Annotation> stored = new AnnotationStore(repo).list("hpux");
        assertEquals(List.of("checkpoint"), stored.stream().map(Annotation::text).toList());
        assertEquals(AT_20M, stored.get(0).time());
        assertEquals(stored, list(robot).getItems());
        assertEquals("deleted the note at 2018-03-21T00:15:01Z: warmup done", message(robot));
        assertEquals(List.of(AT_20M.toEpochMilli()), markers());
    }

    @Test
    void deleteKeyRemovesAllSelectedNotes(FxRobot robot) {
        addTwoNotes(robot);
        robot.interact(() -> list(robot).getSelectionModel().selectAll());
        robot.interact(() -> list(robot).requestFocus());
        robot.type(KeyCode.DELETE);

        assertTrue(new AnnotationStore(repo).list("hpux").isEmpty());
        assertTrue(list(robot).getItems().isEmpty());
        assertEquals("deleted 2 notes", message(robot));
        assertEquals(List.of(), markers());
    }

    @Test
    void aNoteDeletedElsewhereIsSaidAndTheListIsReadAgain(FxRobot robot) {
        addTwoNotes(robot);
        Annotation first = list(robot).getItems().get(0);
        new AnnotationStore(repo).delete("hpux", first.id()); // as `statlens note hpux --delete ID` would meanwhile

        robot.interact(() -> list(robot).getSelectionModel().select(0));
        robot.clickOn("#note-delete");

        assertEquals("run 'hpux' has no annotation " + first.id() + " (statlens note hpux --list)", message(robot));
        assertEquals(List.of("checkpoint"), list(robot).getItems().stream().map(Annotation::text).toList());
        assertEquals(List.of(AT_20M.toEpochMilli()), markers());
    }

    /** Adds notes 10 and 20 minutes after the run's start (00:05:01) through the window, as a user types them. */
    private void addTwoNotes(FxRobot robot) {
        robot.interact(view::openNotes);
        for (String[] note : new String[][] {{"10m", "warmup done"}, {"20m", "checkpoint"}}) {
            robot.interact(() -> {
                robot.lookup("#note-at").queryAs(TextField.class).setText(note[0]);
                robot.lookup("#note-text").queryAs(TextField.class).setText(note[1]);
            });
            robot.clickOn("#note-add");
        }
        assertEquals(List.of("warmup done", "checkpoint"), list(robot).getItems().stream().map(Annotation::text).toList());
    }

    /** The note markers on the chart, by time (epoch milliseconds); empty when there are none. */
    private List<Long> markers() {
        Collection<?> markers = ((XYPlot) view.viewer().getChart().getPlot()).getDomainMarkers(Layer.FOREGROUND);
        if (markers == null) return List.of();
        return markers.stream().map(m -> (long) ((ValueMarker) m).getValue()).sorted().toList();
    }

    @SuppressWarnings("unchecked")
    private static ListView<Annotation> list(FxRobot robot) {
        return robot.lookup("#note-list").queryAs(ListView.class);
    }

    private static String message(FxRobot robot) {
        return robot.lookup("#note-message").queryAs(Label.class).getText();
    }
}
