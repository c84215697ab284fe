package io.statlens.gui;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.scene.Scene;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Columns as wide as what they show, and the whole text of a cell cut short in its tooltip. */
@ExtendWith(ApplicationExtension.class)
class TablesTest {
    private static final String LONG_RUN = "rhel7-sar-48cpu-tpcc-2000wh-after-the-kernel-upgrade-with-huge-pages-"
            + "and-the-new-io-scheduler-second-try";
    private TableView<List<String>> table;

    @Start
    void start(Stage stage) {
        table = new TableView<>();
        // One column fitted by measuring the texts it says it shows, the other by JavaFX's measure of its cells.
        TableColumn<List<String>, String> run = column("run", 0);
        Tables.shows(run, row -> row.get(0));
        table.getColumns().add(run);
        table.getColumns().add(column("mean", 1));
        Tables.fitToContent(table);
        stage.setScene(new Scene(table, 900, 300));
        stage.show();
    }

    private static TableColumn<List<String>, String> column(String name, int index) {
        TableColumn<List<String>, String> c = new TableColumn<>(name);
        c.setCellValueFactory(r -> new ReadOnlyObjectWrapper<>(r.getValue().get(index)));
        return c;
    }

    @Test
    void columnsTakeTheWidthOfTheirTextAndACutCellSaysAllOfIt(FxRobot robot) {
        robot.interact(() -> table.getItems().setAll(List.of(List.of("rhel7-sar-48cpu", "0.00138457"), List.of("t16", "3,482.37"))));
        WaitForAsyncUtils.waitForFxEvents();
        double run = new Text("rhel7-sar-48cpu").getLayoutBounds().getWidth();
        double mean = new Text("0.00138457").getLayoutBounds().getWidth();
        List<Double> widths = Tables.widths(table);
        assertTrue(widths.get(0) >= run && widths.get(0) < run + 60, "run column " + widths + " for " + run);
        assertTrue(widths.get(1) >= mean && widths.get(1) < mean + 60, "mean column " + widths + " for " + mean);
        TableCell<?, ?> shortCell = cell(robot, "rhel7-sar-48cpu");
        robot.moveTo(shortCell);
        assertNull(shortCell.getTooltip(), "a cell shown whole needs no tooltip");

        // A name longer than a column may be: cut at the widest a column gets, all of it in the tooltip.
        robot.interact(() -> table.getItems().add(List.of(LONG_RUN, "1")));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(Tables.WIDEST, Tables.widths(table).get(0), 0.5);
        TableCell<?, ?> longCell = cell(robot, LONG_RUN);
        robot.moveTo(longCell);
        assertEquals(LONG_RUN, longCell.getTooltip().getText());
    }

    private static TableCell<?, ?> cell(FxRobot robot, String text) {
        return robot.lookup(".table-cell").queryAll().stream().map(n -> (TableCell<?, ?>) n)
                .filter(c -> text.equals(c.getText())).findFirst().orElseThrow();
    }
}
