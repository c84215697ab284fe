package io.statlens.gui;

import io.statlens.chart.ChartData;
import io.statlens.chart.DrawnChart;
import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.ParserCatalog;
import io.statlens.model.Cancellation;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.LiveImport;
import io.statlens.store.read.ActiveCollects;
import io.statlens.store.schema.Repository;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dashboard of a run while a collect fills it: a writer thread of the test feeds {@code vmstat -t} lines through
 * the vmstat parser into a {@link LiveImport} on a connection of its own, committing after each batch, as
 * {@code statlens collect} does; the window, with <i>Live</i> on, shows the last minute up to the latest sample, and
 * moves when more samples and a note arrive.
 */
@ExtendWith(ApplicationExtension.class)
class LiveDashboardTest {
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();
    private static final Instant T0 = Instant.parse("2026-12-02T04:00:00Z");
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private DashboardViewModel dashboards;
    private MainView view;
    private Workbench wiring;
    private final ExecutorService writer = Executors.newSingleThreadExecutor();
    private Collect collect;

    @Start
    void start(Stage stage) {
        wiring = TestWindow.show(stage, shared.repository(), RecentInputs.forSession(), file -> { }, WindowLayout.DEFAULT.width(),
                WindowLayout.DEFAULT.height());
        dashboards = wiring.dashboards();
        view = wiring.view();
    }

    @AfterEach
    void stop() throws Exception {
        if (collect != null) onWriter(() -> {
            collect.close();
            return null;
        });
        writer.shutdown();
    }

    /**
     * What {@code statlens collect} does for one tool: the run opened on a connection of its own, vmstat's lines piped
     * through its parser (on a thread of its own, as a collector's tool stream) into the run's source, committed.
     */
    private static final class Collect implements AutoCloseable {
        final Repository repo = Repository.open(shared.repository().location());
        final LiveImport live = LiveImport.open(repo, "live-1", Optional.of("db01"), List.of());
        {
            // as the collector records itself in the repository when it starts
            new ActiveCollects(repo).begin("live-1", Instant.now(), 5, "pid 1 on the test");
        }
        final PipedOutputStream out = new PipedOutputStream();
        final LiveImport.Source source;
        final Thread parsing;
        int lines;

        Collect() throws IOException {
            Parser vmstat = ParserCatalog.load(Path.of("target/no-user-parsers")).byTool("vmstat").orElseThrow();
            source = live.source("/collects/live-1/db01/vmstat.txt", vmstat.info().tool(), vmstat.info().version(), "db01");
            PipedInputStream in = new PipedInputStream(out, 1 << 16);
            ParseContext context = new ParseContext("vmstat.txt")
                    .set(TimeOptions.class, new TimeOptions(ZoneOffset.UTC, Optional.empty(), Optional.of(Duration.ofSeconds(5)), Optional.empty()));
            parsing = Thread.ofPlatform().name("test-vmstat").start(() -> {
                try (LineSource source = LineSource.live("vmstat.txt", in, Cancellation.NONE)) {
                    AutoDetectParser.delegate(vmstat, source, context, this.source);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            write("procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu----- -----timestamp-----\n"
                    + " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st                 UTC\n");
        }

        /** Samples 5 s apart from the next one on, the run's user CPU rising; committed once the parser has them all. */
        Instant append(int samples) throws Exception {
            long before = source.rows();
            StringBuilder text = new StringBuilder();
            Instant last = null;
            for (int i = 0; i < samples; i++, lines++) {
                last = T0.plusSeconds(5L * lines);
                int user = 10 + lines % 80;
                text.append(String.format("%2d  0      0 19872296  30740 2933972    0    0    16    32  843 2549 %2d  5 %2d  0  0 %s%n",
                        1 + lines % 9, user, 95 - user, STAMP.format(LocalDateTime.ofInstant(last, ZoneOffset.UTC))));
            }
            write(text.toString());
            // The first line is vmstat's report since boot: a row too, not drawn.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (source.rows() < before + samples && System.nanoTime() < deadline) Thread.onSpinWait();
            assertEquals(before + samples, source.rows(), "the parser read every line piped to it");
            live.commit();
            return last;
        }

        void note(Instant at, String text) {
            live.note(at, text, "test");
        }

        private void write(String text) throws IOException {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        }

        @Override
        public void close() throws Exception {
            out.close();
            parsing.join(10_000);
            live.close();
            repo.close();
        }
    }

    private <T> T onWriter(Callable<T> work) throws Exception {
        return writer.submit(work).get(30, TimeUnit.SECONDS);
    }

    /** Waits (the live dashboard reads every 2 s) until the condition, evaluated on the FX thread, holds. */
    private static void waitUntil(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition).get());
    }

    private ValueAxis timeAxis() {
        DrawnChart first = dashboards.charts().get(0);
        return ((XYPlot) first.chart().getPlot()).getDomainAxis();
    }

    private static double lastX(DrawnChart chart) {
        return chart.data().series().stream().mapToDouble(s -> s.size() == 0 ? Double.NaN : s.x()[s.size() - 1]).max().orElse(Double.NaN);
    }

    @Test
    void liveFollowsTheSamplesAndNotesAsTheyAreCommitted(FxRobot robot) throws Exception {
        collect = onWriter(Collect::new);
        // 2 minutes of samples before the window opens the run.
        Instant before = onWriter(() -> collect.append(25));
        robot.interact(() -> {
            wiring.browser().reload();
            TreeItem<BrowserNode> run = view.tree().getRoot().getChildren().get(0);
            view.tree().getSelectionModel().select(run);
        });
        assertFalse(dashboards.charts().isEmpty(), "the run's dashboard: " + dashboards.messageProperty().get());
        assertEquals(T0.plusSeconds(120).toEpochMilli(), lastX(dashboards.charts().get(0)), 0.5);

        // The run is being collected: its dashboard opens with Live on by itself, and the default window shows the
        // button in the tool bar rather than behind its overflow (»).
        assertTrue(dashboards.liveProperty().get(), "Live is on for a run being collected");
        ToggleButton liveButton = robot.lookup("#dashboard-live").queryAs(ToggleButton.class);
        assertTrue(liveButton.isSelected());
        javafx.scene.Parent bar = liveButton.getParent();
        assertTrue(liveButton.getScene() != null && liveButton.isVisible() && bar != null && bar.getStyleClass().contains("tool-bar")
                        && bar.localToScreen(bar.getBoundsInLocal()).contains(liveButton.localToScreen(liveButton.getBoundsInLocal())),
                "Live is in the tool bar at the default width " + WindowLayout.DEFAULT.width());
        robot.interact(() -> dashboards.liveMinutesProperty().set(1));
        long end = T0.plusSeconds(120).toEpochMilli();
        waitUntil(() -> timeAxis().getLowerBound() == end - 60_000);
        assertEquals(end - 60_000, timeAxis().getLowerBound(), 0.5, "the last minute up to the latest sample");
        assertEquals(end, timeAxis().getUpperBound(), 0.5);

        // One more minute and a note in it, committed while the window shows the last one.
        Instant noteAt = T0.plusSeconds(150);
        Instant last = onWriter(() -> {
            Instant l = collect.append(12);
            collect.note(noteAt, "warm-up done");
            return l;
        });
        assertEquals(T0.plusSeconds(180), last);
        // A drawing may have read some charts before the commit and some after: the next one reads them all again.
        waitUntil(() -> dashboards.charts().stream().filter(dashboards::linked).allMatch(c -> lastX(c) == last.toEpochMilli()
                && !c.data().markers().isEmpty()) && timeAxis().getUpperBound() == last.toEpochMilli());
        for (DrawnChart c : dashboards.charts()) {
            if (!dashboards.linked(c)) continue;
            ValueAxis axis = ((XYPlot) c.chart().getPlot()).getDomainAxis();
            assertEquals(last.toEpochMilli() - 60_000, axis.getLowerBound(), 0.5, "every chart moved: " + c.definition().name());
            assertEquals(last.toEpochMilli(), axis.getUpperBound(), 0.5, c.definition().name());
            assertEquals(last.toEpochMilli(), lastX(c), 0.5, "the new samples are drawn: " + c.definition().name());
            assertTrue(c.data().markers().stream().anyMatch(m -> m.label().equals("warm-up done")
                            && m.x() == noteAt.toEpochMilli()),
                    "the note is a marker: " + c.definition().name() + " " + c.data().markers());
            // Only the last minutes were read, not the whole run: from 1.1 minutes before the latest sample drawn before.
            for (ChartData.PlotSeries s : c.data().series()) {
                assertTrue(s.x()[0] >= before.toEpochMilli() - 66_000, c.definition().name() + " starts at " + s.x()[0]);
            }
        }

        // Whole time ends Live: the whole run is read again and shown.
        robot.clickOn("#dashboard-whole");
        assertFalse(dashboards.liveProperty().get());
        assertFalse(robot.lookup("#dashboard-live").queryAs(ToggleButton.class).isSelected());
        assertEquals(null, dashboards.zoomProperty().get());
        assertEquals(T0.plusSeconds(5).toEpochMilli(), dashboards.whole().from(), 0.5, "from the first sample after vmstat's since-boot one");
        assertEquals(last.toEpochMilli(), dashboards.whole().to(), 0.5);
        assertTrue(before.isBefore(last));
    }
}
