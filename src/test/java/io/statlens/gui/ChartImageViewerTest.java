package io.statlens.gui;

import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.event.ChartProgressEvent;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The chart viewer with the application's own executor: the chart is drawn on the drawing thread, never on the FX
 * thread, and shown as one picture of the viewer's size; a resize draws it again at the new size; an export writes the
 * chart as shown.
 */
@ExtendWith(ApplicationExtension.class)
class ChartImageViewerTest {
    private final BackgroundTaskExecutor executor = new BackgroundTaskExecutor();
    private final List<String> status = new CopyOnWriteArrayList<>();
    private ChartImageViewer viewer;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        viewer = new ChartImageViewer(executor, status::add);
        stage.setScene(new Scene(new StackPane(viewer), 640, 400));
        stage.sizeToScene();
        stage.show();
    }

    @AfterEach
    void close() {
        executor.close();
    }

    private static JFreeChart sine() {
        XYSeries s = new XYSeries("sine");
        for (int i = 0; i < 2000; i++) s.add(i, Math.sin(i / 50.0));
        return ChartFactory.createXYLineChart("sine", "x", "y", new XYSeriesCollection(s));
    }

    private void awaitPictureOf(double width, double height) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> {
            ChartPicture p = viewer.pictureProperty().get();
            return p != null && !viewer.isDrawing() && p.width() == width && p.height() == height;
        });
    }

    @Test
    void theChartIsDrawnOffTheFxThreadAndShownAsOnePicture(FxRobot robot) throws Exception {
        JFreeChart chart = sine();
        List<String> drawnOn = new CopyOnWriteArrayList<>();
        chart.addProgressListener(e -> {
            if (e.getType() == ChartProgressEvent.DRAWING_STARTED) {
                drawnOn.add(Thread.currentThread().getName() + (Platform.isFxApplicationThread() ? " (FX)" : ""));
            }
        });
        robot.interact(() -> viewer.setChart(chart));
        awaitPictureOf(viewer.getWidth(), viewer.getHeight());
        assertEquals(List.of("statlens-drawing"), drawnOn, "drawn once, on the drawing thread");

        ChartPicture p = viewer.pictureProperty().get();
        double scale = stage.getRenderScaleX();
        assertEquals((int) Math.ceil(viewer.getWidth() * scale), p.pixelWidth(), "as many pixels as the screen has for it");
        assertEquals((int) Math.ceil(viewer.getHeight() * scale), p.pixelHeight());
        Set<Integer> colours = new HashSet<>();
        for (int px : p.pixels()) colours.add(px);
        assertTrue(colours.size() > 20, "a chart, anti-aliased, not a blank picture: " + colours.size() + " colours");
        // The mouse is read through the layout the picture was drawn with: the data area's left edge is x = 0.
        assertNotNull(viewer.dataArea());
        assertEquals(0, viewer.xValue(viewer.dataArea().getMinX()), 1e-9);
        assertEquals(1000, viewer.xValue(viewer.xPosition(1000)), 1e-6);

        // A change of the chart (a zoom) is drawn again, once, on the drawing thread.
        robot.interact(() -> chart.getXYPlot().getDomainAxis().setRange(500, 1500));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> drawnOn.size() == 2 && !viewer.isDrawing());
        assertEquals(List.of("statlens-drawing", "statlens-drawing"), drawnOn);
        assertEquals(500, viewer.xValue(viewer.dataArea().getMinX()), 1e-6);
    }

    @Test
    void aResizeDrawsTheChartAgainAtTheNewSize(FxRobot robot) throws Exception {
        robot.interact(() -> viewer.setChart(sine()));
        double width = viewer.getWidth();
        awaitPictureOf(width, viewer.getHeight());
        robot.interact(() -> stage.setWidth(stage.getWidth() + 160));
        awaitPictureOf(width + 160, viewer.getHeight());
        assertEquals(width + 160, viewer.getWidth());
    }

    @Test
    void theCrosshairIsALineOverThePictureAtTheValue(FxRobot robot) throws Exception {
        robot.interact(() -> viewer.setChart(sine()));
        awaitPictureOf(viewer.getWidth(), viewer.getHeight());
        robot.interact(() -> viewer.showCrosshair(1000));
        assertEquals(1000, viewer.crosshairValue());
        javafx.scene.shape.Line line = (javafx.scene.shape.Line) viewer.getChildrenUnmodifiable().stream()
                .filter(n -> n instanceof javafx.scene.shape.Line).findFirst().orElseThrow();
        assertEquals(Math.floor(viewer.xPosition(1000)) + 0.5, line.getStartX());
        assertEquals(viewer.dataArea().getMinY(), line.getStartY());
        assertEquals(viewer.dataArea().getMaxY(), line.getEndY());
        robot.interact(viewer::hideCrosshair);
        assertTrue(Double.isNaN(viewer.crosshairValue()));
        assertFalse(line.isVisible());
    }

    @Test
    void anExportWritesTheChartAsShown(FxRobot robot, @TempDir Path dir) throws Exception {
        robot.interact(() -> viewer.setChart(sine()));
        awaitPictureOf(viewer.getWidth(), viewer.getHeight());
        Path png = dir.resolve("sine.png");
        Path svg = dir.resolve("sine.svg");
        robot.interact(() -> {
            viewer.export(png);
            viewer.export(svg);
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> status.size() == 2);
        assertEquals(List.of("wrote " + png + " (" + Files.size(png) + " bytes)", "wrote " + svg + " (" + Files.size(svg) + " bytes)"),
                status);
        BufferedImage written = ImageIO.read(png.toFile());
        assertEquals((int) viewer.getWidth(), written.getWidth());
        assertEquals((int) viewer.getHeight(), written.getHeight());
        assertTrue(Files.readString(svg).contains("<svg"));
    }
}
