package io.statlens.report;

import io.statlens.analysis.ReadableNumbers;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.read.RunCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.logging.Level;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The HTML report in a real browser: Debian's headless Chromium, driven by Selenium through Debian's
 * chromedriver. Reads values under the mouse, hides a series from the legend, zooms the time axis, and
 * checks that the page asks for nothing from the network and breaks no rule of its Content-Security-Policy.
 * Skips when the packages are not installed ({@code .ci/run} installs them).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HtmlReportBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path DRIVER = Path.of("/usr/bin/chromedriver");

    private WebDriver driver;
    private Path page;

    @BeforeAll
    void openTheReport(@TempDir Path dir) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(DRIVER),
                "skipped: the HTML report's browser test needs Debian's chromium and chromium-driver"
                        + " (/usr/bin/chromium, /usr/bin/chromedriver): apt-get install -y chromium chromium-driver");
        try (Repository repo = Repository.open(RepositoryLocation.memory("b" + UUID.randomUUID()))) {
            ImportService service = new ImportService(repo, ParserCatalog.load(dir.resolve("no-user-parsers")));
            service.run(ImportRequest.of("sb16", ZoneOffset.UTC,
                    Path.of("src/test/resources/corpus/sysbench/plantegg-1.0.20-oltp_rw-16thr.txt")), ImportProgress.NONE);
            service.run(ImportRequest.of("sb8 <img src=http://127.0.0.1:9/x>", ZoneOffset.UTC,
                    Path.of("src/test/resources/corpus/sysbench/mb-0.5-mid-rw-8thr-5s.txt")), ImportProgress.NONE);
            Path mpstat = dir.resolve("mpstat-P-ALL.txt");
            Files.writeString(mpstat, mpstat());
            service.run(ImportRequest.of("cpus", ZoneOffset.UTC, mpstat), ImportProgress.NONE);
            Instant start = new RunCatalog(repo).run("sb16").start();
            new AnnotationStore(repo).add("sb16", List.of(new AnnotationStore.Note(start.plusSeconds(10),
                    "<img src=http://127.0.0.1:9/y onerror=alert(2)>")), "note");
            ReportModel model = new ReportAssembler(repo, Clock.fixed(Instant.parse("2024-05-01T12:00:00Z"), ZoneOffset.UTC))
                    .assemble(ReportRequest.of(List.of("sb16", "sb8 <img src=http://127.0.0.1:9/x>", "cpus")),
                            ReportFormat.HTML.chartSize());
            page = dir.resolve("report.html");
            new HtmlReportWriter(ReadableNumbers.ROOT).write(model, page);
        }
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.PERFORMANCE, Level.ALL);
        logs.enable(LogType.BROWSER, Level.ALL);
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000");
        options.setCapability("goog:loggingPrefs", logs);
        driver = new ChromeDriver(new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build(), options);
    }

    /**
     * {@code mpstat -P ALL 1 6} of three CPUs, as sysstat 12 prints it: %idle falls by half a point a second from
     * 90 - CPU, except CPU 1 at 12:00:04, 87.5 % busy.
     */
    private static String mpstat() {
        StringBuilder b = new StringBuilder("Linux 6.1.0-18-amd64 (db1) \t05/01/24 \t_x86_64_\t(3 CPU)\n\n");
        b.append("12:00:00     CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n");
        for (int s = 0; s < 6; s++) {
            for (int cpu = -1; cpu < 3; cpu++) {
                double idle = cpu == 1 && s == 3 ? 12.5 : 90 - cpu - s * 0.5;
                b.append(String.format(java.util.Locale.ROOT, "12:00:%02d     %3s %7.2f    0.00    1.00    0.00    0.00    0.00"
                        + "    0.00    0.00    0.00 %7.2f%n", s + 1, cpu < 0 ? "all" : String.valueOf(cpu), 99 - idle, idle));
            }
        }
        return b.toString();
    }

    @BeforeEach
    void load() {
        driver.get(page.toUri().toString());
    }

    @AfterAll
    void quit() {
        if (driver != null) driver.quit();
    }

    /**
     * The chart of tps, sb16 (30 s) and sb8 (10 min) overlaid: runs of such different lengths share the axis of each
     * run's share of its length, 0 to 100 %, so that the short one is not squashed against the axis.
     */
    private WebElement tpsChart() {
        return driver.findElements(By.cssSelector("figure.live")).stream()
                .filter(f -> f.findElement(By.className("ctitle")).getText().equals("Transactions per second (sysbench)"))
                .findFirst().orElseThrow();
    }

    @Test
    void chartsAreDrawnByTheScriptAndStringsStayText() {
        List<WebElement> live = driver.findElements(By.cssSelector("#tool-sysbench figure.live"));
        assertEquals(3, live.size(), "sysbench's tps, qps and latency overlays");
        assertTrue(driver.findElements(By.tagName("img")).isEmpty(), "the hostile run name and annotation are text");
        WebElement chart = tpsChart();
        assertEquals(List.of("sb16", "sb8 <img src=http://127.0.0.1:9/x>"),
                chart.findElements(By.cssSelector(".legend button")).stream().map(WebElement::getText).toList());
        assertTrue(driver.findElement(By.id("t-annotations")).getText().contains("<img src=http://127.0.0.1:9/y onerror=alert(2)>"),
                "the annotation is text in its table");
        assertFalse(chart.findElement(By.className("static")).isDisplayed(), "the static picture makes way");
    }

    @Test
    void hoveringShowsTheSampleUnderTheMouse() {
        WebElement chart = tpsChart();
        WebElement plot = chart.findElement(By.className("overlay"));
        int width = plot.getRect().getWidth();
        // At the left edge of the plot: the first samples, sb16's 1 s report (tps 3325.76) and sb8's 5 s one (1942.02),
        // both at the start of their runs.
        new Actions(driver).moveToElement(plot, -width / 2 + 1, 0).perform();
        WebElement tip = chart.findElement(By.className("tip"));
        assertTrue(tip.isDisplayed());
        String text = tip.getText();
        assertEquals("share of each run (%) 0\nsb16: 3,326 /s\nsb8 <img src=http://127.0.0.1:9/x>: 1,942 /s", text);

        // In the middle: both runs, each halfway through its own length (sb16's nearest sample may be a little off).
        new Actions(driver).moveToElement(plot, 0, 0).perform();
        List<String> rows = tip.findElements(By.className("row")).stream().map(r -> r.getDomProperty("textContent")).toList();
        assertEquals(2, rows.size(), "" + rows);
        Matcher sb16 = Pattern.compile("^sb16: ([0-9,]+) /s").matcher(rows.get(0));
        Matcher sb8 = Pattern.compile("^sb8 <img src=http://127.0.0.1:9/x>: ([0-9,]+) /s$").matcher(rows.get(1));
        assertTrue(sb16.find() && sb8.find(), "" + rows);
        assertTrue(Integer.parseInt(sb16.group(1).replace(",", "")) > 3000, "sb16's tps halfway: " + rows);
        assertTrue(Integer.parseInt(sb8.group(1).replace(",", "")) > 1000, "sb8's tps halfway: " + rows);
        assertTrue(tip.findElement(By.className("when")).getText().startsWith("share of each run (%) "));
    }

    /** The busy-time heat map of mpstat: its static picture, read cell by cell under the mouse. */
    private WebElement heatMap() {
        return driver.findElements(By.cssSelector("figure.heat")).stream()
                .filter(f -> f.findElement(By.cssSelector("script.heat-data")).getDomProperty("textContent").contains("Busy time per CPU"))
                .findFirst().orElseThrow();
    }

    /** Moves the mouse to the middle of a heat map's cell, found by its key; returns the readout's text. */
    private String hoverCell(WebElement figure, String key, int column) {
        List<?> keys = (List<?>) ((JavascriptExecutor) driver).executeScript(
                "return JSON.parse(arguments[0].querySelector('script.heat-data').textContent).keys", figure);
        Number cells = (Number) ((JavascriptExecutor) driver).executeScript(
                "return JSON.parse(arguments[0].querySelector('script.heat-data').textContent).v[0].length", figure);
        int row = keys.indexOf(key);
        assertTrue(row >= 0, key + " in " + keys);
        WebElement image = figure.findElement(By.cssSelector(".static svg image"));
        double w = image.getRect().getWidth();
        double h = image.getRect().getHeight();
        new Actions(driver).moveToElement(image, (int) Math.round(-w / 2 + (column + 0.5) * w / cells.intValue()),
                (int) Math.round(-h / 2 + (row + 0.5) * h / keys.size())).perform();
        WebElement tip = figure.findElement(By.className("tip"));
        assertTrue(tip.isDisplayed(), "a readout over the cell of " + key);
        return tip.getText();
    }

    @Test
    void hoveringAHeatMapCellShowsItsKeyTimeAndValue() {
        WebElement figure = heatMap();
        assertTrue(figure.findElement(By.className("static")).isDisplayed(), "the heat map stays its picture");
        assertEquals("2024-05-01 12:00:04 UTC\nCPU 1\n100 - %idle - %iowait: 87.5 %", hoverCell(figure, "1", 3));
        assertEquals("2024-05-01 12:00:01 UTC\nCPU 2\n100 - %idle - %iowait: 12 %", hoverCell(figure, "2", 0));
        assertEquals(1, figure.findElements(By.cssSelector("rect.cell")).size(), "the cell is outlined, once");
        new Actions(driver).moveToElement(driver.findElement(By.tagName("h1"))).perform();
        assertFalse(figure.findElement(By.className("tip")).isDisplayed(), "the readout goes with the mouse");
        assertTrue(figure.findElements(By.cssSelector("rect.cell")).isEmpty());
    }

    @Test
    void clickingALegendEntryHidesItsSeries() {
        WebElement chart = tpsChart();
        assertEquals(2, chart.findElements(By.cssSelector("path.series")).size());
        WebElement sb16 = chart.findElements(By.cssSelector(".legend button")).get(0);
        sb16.click();
        assertEquals("false", sb16.getDomAttribute("aria-pressed"));
        List<WebElement> drawn = chart.findElements(By.cssSelector("path.series"));
        assertEquals(1, drawn.size());
        assertEquals("1", drawn.get(0).getDomAttribute("data-series"), "only sb8 is left");
        WebElement plot = chart.findElement(By.className("overlay"));
        new Actions(driver).moveToElement(plot, -plot.getRect().getWidth() / 2 + 1, 0).perform();
        assertFalse(chart.findElement(By.className("tip")).getText().contains("sb16"), "nor is it read out");
        sb16.click();
        assertEquals(2, chart.findElements(By.cssSelector("path.series")).size(), "a second click shows it again");
    }

    @Test
    void draggingZoomsTheXAxisAndADoubleClickZoomsOut() {
        WebElement chart = tpsChart();
        WebElement svg = chart.findElement(By.cssSelector("svg.plot"));
        double[] whole = view(svg);
        WebElement plot = chart.findElement(By.className("overlay"));
        int width = plot.getRect().getWidth();
        WebElement reset = chart.findElement(By.className("reset"));
        assertFalse(reset.isDisplayed());
        new Actions(driver).moveToElement(plot, -width / 4, 0).clickAndHold().moveByOffset(width / 4, 0).release().perform();
        double[] zoomed = view(svg);
        double span = whole[1] - whole[0];
        assertEquals(whole[0] + span / 4, zoomed[0], span / 50, "from a quarter of the axis");
        assertEquals(whole[0] + span / 2, zoomed[1], span / 50, "to its middle");
        assertTrue(reset.isDisplayed(), "a button leads back to the whole run");
        // The x ticks are shares of the runs (0..100); the value ticks of tps are in the thousands.
        List<Double> ticks = chart.findElements(By.cssSelector(".axes text")).stream().map(WebElement::getText)
                .filter(t -> t.matches("\\d+(\\.\\d+)?")).map(Double::parseDouble).filter(t -> t > 0 && t <= 100).toList();
        assertTrue(ticks.size() >= 3 && ticks.stream().allMatch(t -> t >= zoomed[0] - 1e-9 && t <= zoomed[1] + 1e-9),
                "the x axis is labelled anew, within the zoomed part: " + ticks);
        new Actions(driver).doubleClick(plot).perform();
        assertEquals(whole[0], view(svg)[0], 1e-9);
        assertEquals(whole[1], view(svg)[1], 1e-9);
    }

    @Test
    void noRequestLeavesThePageAndTheScriptBreaksNoRule() {
        new Actions(driver).moveToElement(tpsChart().findElement(By.className("overlay"))).perform();
        hoverCell(heatMap(), "0", 1);
        tpsChart().findElements(By.cssSelector(".legend button")).get(1).click();
        // What the page's policy does to a request: refused, and reported as a violation of connect-src.
        Object attempt = ((JavascriptExecutor) driver).executeAsyncScript("""
                const done = arguments[arguments.length - 1];
                const seen = [];
                document.addEventListener('securitypolicyviolation', e => seen.push(e.effectiveDirective));
                fetch('http://127.0.0.1:9/probe').then(() => done('fetched'), () => setTimeout(() => done(seen.join(',')), 100));
                """);
        assertEquals("connect-src", attempt, "the Content-Security-Policy refuses network access");

        List<String> requests = new ArrayList<>();
        for (LogEntry e : driver.manage().logs().get(LogType.PERFORMANCE)) {
            String m = e.getMessage();
            if (!m.contains("\"Network.requestWillBeSent\"")) continue;
            Matcher url = Pattern.compile("\"url\":\"([^\"]*)\"").matcher(m);
            if (url.find() && !url.group(1).startsWith("file:") && !url.group(1).startsWith("data:")) requests.add(url.group(1));
        }
        assertEquals(List.of(), requests, "no request left the page, not even the probe's: the policy stopped it first");
        List<String> problems = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue())
                .map(LogEntry::getMessage)
                .filter(m -> !m.contains("127.0.0.1:9/probe"))
                .toList();
        assertEquals(List.of(), problems, "no script error, no style or script the policy refused");
    }

    private static double[] view(WebElement svg) {
        String[] v = svg.getDomAttribute("data-view").split(" ");
        return new double[]{Double.parseDouble(v[0]), Double.parseDouble(v[1])};
    }
}
