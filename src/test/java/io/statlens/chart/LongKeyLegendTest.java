package io.statlens.chart;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.entity.LegendItemEntity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Lines of keys too long for a data table (two deep {@code ustack()} keys of a DTrace aggregation, three ticks): the
 * chart names them by their whole keys, not by their stored start and hash; the legend shows each shortened (start,
 * {@code …}, end) and, in an SVG file, says the whole key as the entry's {@code <title>}.
 */
class LongKeyLegendTest {
    static final Path STACKS = Path.of("src/test/resources/io/statlens/chart/two-long-stacks-3-ticks.txt");
    @RegisterExtension
    static final SharedRepository shared = new SharedRepository();

    @Test
    void linesAreNamedByTheirWholeKeysAndTheSvgLegendSaysThemWhole() throws Exception {
        Repository repo = shared.repository();
        new ImportService(repo, ParserCatalog.load(Path.of("target/no-user-parsers"))).run(
                new ImportRequest(List.of(STACKS), "locks", Optional.empty(), List.of(), Optional.empty(),
                        Optional.of(Instant.parse("2026-12-02T06:00:00Z")), Optional.of(Duration.ofSeconds(10)), ZoneOffset.UTC,
                        false, false, false), ImportProgress.NONE);
        DrawnChart drawn = new ChartService(repo, ZoneOffset.UTC).draw(ChartRequest.of(ChartDefinition.builder()
                .tool("dtrace.stack").kind(ChartKind.LINE).metric(List.of("value")).build(), List.of("locks"))).charts().get(0);

        List<String> stacks = wholeStacks(Files.readString(STACKS));
        List<String> names = drawn.data().series().stream().map(ChartData.PlotSeries::name).sorted().toList();
        assertEquals(stacks, names, "named by the whole stacks");
        assertTrue(stacks.stream().allMatch(s -> s.length() > 256), "longer than a data table's key");
        assertEquals(3, drawn.data().series().get(0).size(), "one sample a tick");

        DocumentBuilderFactory xml = DocumentBuilderFactory.newInstance();
        // Batik names SVG 1.0's DTD, which the test does not fetch.
        xml.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document svg = xml.newDocumentBuilder().parse(new ByteArrayInputStream(ChartWriter.svg(drawn.chart(), drawn.size())));
        Map<String, String> titles = new TreeMap<>();
        NodeList found = svg.getElementsByTagName("title");
        for (int i = 0; i < found.getLength(); i++) {
            Element rect = (Element) found.item(i).getParentNode();
            titles.put(found.item(i).getTextContent(), rect.getAttribute("width") + "x" + rect.getAttribute("height"));
        }
        assertEquals(stacks, List.copyOf(titles.keySet()), "a <title> with each whole stack");
        titles.values().forEach(box -> assertTrue(box.matches("[1-9][0-9.]*x[1-9][0-9.]*"), "over its legend entry: " + box));
        List<String> texts = new ArrayList<>();
        NodeList drawnTexts = svg.getElementsByTagName("text");
        for (int i = 0; i < drawnTexts.getLength(); i++) texts.add(drawnTexts.item(i).getTextContent().strip());
        // Both stacks start and end alike (the same lock, taken through one library; the thread's start): cut by frame,
        // their labels would be one text, so each shows the frame where the stacks part; the tooltips say them whole.
        String cut = LegendLabels.shortened(stacks.get(0));
        assertEquals("libc.so.1`mutex_lock_queue+0xa9;\u2026;libc.so.1`_lwp_start", cut, "whole frames around the gap");
        assertEquals(cut, LegendLabels.shortened(stacks.get(1)));
        List<String> labels = LegendLabels.distinct(stacks);
        assertEquals(List.of("libc.so.1`mutex_lock_queue+0xa9;\u2026;mysqld`do_command+0x1a4;libc.so.1`_lwp_start",
                "libc.so.1`mutex_lock_queue+0xa9;\u2026;mysqld`handle_connection+0x2f0;libc.so.1`_lwp_start"), labels);
        assertTrue(texts.containsAll(labels), "the legend shows " + labels + ": " + texts);

        // The window draws into a ChartRenderingInfo and shows the tooltip of the entity under the mouse (ChartImageViewer).
        ChartRenderingInfo info = new ChartRenderingInfo();
        BufferedImage picture = new BufferedImage(drawn.size().width(), drawn.size().height(), BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = picture.createGraphics();
        try {
            ChartWriter.drawFitted(drawn.chart(), g, new Rectangle2D.Double(0, 0, drawn.size().width(), drawn.size().height()), info);
        } finally {
            g.dispose();
        }
        List<String> tips = new ArrayList<>();
        for (Object entity : info.getEntityCollection().getEntities()) {
            if (entity instanceof LegendItemEntity legend) tips.add(legend.getToolTipText());
        }
        assertEquals(stacks, tips.stream().sorted().toList(), "the window's legend entries say the whole stacks");
    }

    @Test
    void aShortNameIsShownWholeAndALongOneKeepsItsStartAndEnd() {
        assertEquals("sd0", LegendLabels.shortened("sd0"));
        String exactly = "x".repeat(LegendLabels.LONGEST);
        assertEquals(exactly, LegendLabels.shortened(exactly));
        String command = "/usr/sbin/mysqld --defaults-file=/etc/mysql/my.cnf --basedir=/usr --datadir=/var/lib/mysql";
        assertEquals("/usr/sbin/mysqld --defaults-file\u2026=/var/lib/mysql", LegendLabels.shortened(command));
        // Characters outside the BMP are never cut in half.
        String emoji = "\uD83D\uDE00".repeat(60);
        String shortened = LegendLabels.shortened(emoji);
        assertEquals(LegendLabels.LONGEST, shortened.codePointCount(0, shortened.length()));
    }

    @Test
    void stacksAlikeAtBothEndsShowEachFrameWhereTheyPartDepthByDepth() {
        String leaf = "libc.so.1`mutex_lock_impl+0x1f;";
        String start = ";libc.so.1`_thrp_setup+0x8c;libc.so.1`_lwp_start";
        String a = leaf + "mysqld`row_ins_clust_index_entry+0x40;mysqld`row_ins+0x10" + start;
        String b = leaf + "mysqld`row_ins_clust_index_entry+0x40;mysqld`row_upd+0x20" + start;
        String c = leaf + "mysqld`btr_cur_search_to_nth_level+0x12;mysqld`row_ins+0x10" + start;
        String shortDisk = "sd0";
        List<String> labels = LegendLabels.distinct(List.of(a, b, c, shortDisk, a));
        String gap = ";\u2026;";
        assertEquals(List.of(
                "libc.so.1`mutex_lock_impl+0x1f;mysqld`row_ins_clust_index_entry+0x40;mysqld`row_ins+0x10" + gap
                        + "libc.so.1`_lwp_start",
                "libc.so.1`mutex_lock_impl+0x1f;mysqld`row_ins_clust_index_entry+0x40;mysqld`row_upd+0x20" + gap
                        + "libc.so.1`_lwp_start",
                "libc.so.1`mutex_lock_impl+0x1f;mysqld`btr_cur_search_to_nth_level+0x12" + gap + "libc.so.1`_lwp_start",
                "sd0",
                "libc.so.1`mutex_lock_impl+0x1f;mysqld`row_ins_clust_index_entry+0x40;mysqld`row_ins+0x10" + gap
                        + "libc.so.1`_lwp_start (2)"), labels, "the same stack twice is numbered");
        // A command line with semicolons is no stack: cut by characters, as any other name.
        String loop = "sh -c i=0; while [ $i -lt 3000000 ]; do i=$((i+1)); done";
        assertEquals("sh -c i=0; while [ $i -lt 300000\u20261)); done; done", LegendLabels.shortened(loop + "; done"));
        // Short frames: as many whole ones as fit in the width, from the leaf on, then the last.
        List<String> frames = new ArrayList<>();
        for (int f = 0; f < 30; f++) frames.add(String.format("f%02d", f));
        assertEquals("f00;f01;f02;f03;f04;f05;f06;f07;f08;f09;\u2026;f29", LegendLabels.shortened(String.join(";", frames)));
    }

    /** The stacks of the file as keys: their frames, leaf first, joined with {@code ;}, each once, sorted. */
    static List<String> wholeStacks(String output) {
        List<String> out = new ArrayList<>();
        List<String> frames = new ArrayList<>();
        for (String line : output.split("\n")) {
            String t = line.strip();
            if (t.contains("`")) frames.add(t);
            else if (!frames.isEmpty() && t.matches("\\d+")) {
                String stack = String.join(";", frames);
                if (!out.contains(stack)) out.add(stack);
                frames.clear();
            }
        }
        return out.stream().sorted().toList();
    }
}
