package io.statlens.chart;

import io.statlens.model.UserException;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartDefinitionFormatTest {
    @Test
    void readsEveryKeyIncludingAlternativesRepeatsAndContinuedLines() {
        ChartDefinition d = ChartDefinitionFormat.parseOne("""
                # CPU of the database host
                [db.cpu]
                title = CPU time
                description = stacked
                kind = area
                tool = mpstat
                metric = %usr | %user
                metric = lat (ms,95%)
                key = all
                top = 3
                hot = low
                since.boot = true
                """, "test");
        assertEquals("db.cpu", d.name());
        assertEquals("CPU time", d.title());
        assertEquals(ChartKind.AREA, d.kind());
        assertEquals("mpstat", d.tool());
        assertEquals(List.of(List.of("%usr", "%user"), List.of("lat (ms,95%)")), d.metrics(), "a label may hold a comma");
        assertEquals(List.of("all"), d.keys());
        assertEquals(3, d.top());
        assertEquals(HotEnd.LOW, d.hot());
        assertTrue(d.sinceBoot());
        assertNull(d.sql());

        ChartDefinition q = ChartDefinitionFormat.parseOne("""
                kind = heatmap
                sql = SELECT TS, ITEM, 100 - PCT_IDLE AS BUSY \\
                      FROM V_SAR_CPU \\
                      WHERE RUN = :run
                unit = %
                """, "test");
        assertEquals("SELECT TS, ITEM, 100 - PCT_IDLE AS BUSY\nFROM V_SAR_CPU\nWHERE RUN = :run", q.sql());
        assertEquals("%", q.unit());
        assertNull(q.name());
    }

    @Test
    void writtenTextReadsBackToTheSameDefinition() {
        for (ChartDefinition d : PresetCatalog.builtIn()) {
            assertEquals(d, ChartDefinitionFormat.parseOne(ChartDefinitionFormat.write(d), "written"), d.name());
        }
        ChartDefinition sql = ChartDefinition.builder().name("q").kind(ChartKind.BARS)
                .sql("SELECT ITEM,\nAVG(X) FROM T GROUP BY ITEM").unit("ms").build();
        assertEquals(sql, ChartDefinitionFormat.parseOne(ChartDefinitionFormat.write(sql), "written"));
    }

    private static String error(String text) {
        return assertThrows(UserException.class, () -> ChartDefinitionFormat.parseOne(text, "f")).getMessage();
    }

    @Test
    void mistakesNameTheLine() {
        assertEquals("f:2: unknown key 'colour'; expected one of: name, title, description, kind, tool, metric, key, top, hot,"
                        + " since.boot, sql, unit",
                error("tool = x\ncolour = red\nmetric = a"));
        assertEquals("f:1: unknown chart kind 'pie'; expected one of: line, area, heatmap, overlay, bars",
                error("kind = pie\nmetric = a"));
        assertEquals("f:2: 'tool' is given twice",
                error("tool = a\ntool = b"));
        assertEquals("f:1: a chart needs at least one metric (or an sql query)",
                error("tool = vmstat"));
        assertEquals("f:1: x: a heat map shows one metric (key by time), not 2",
                error("[x]\nkind = heatmap\nmetric = a\nmetric = b"));
        assertEquals("f:3: expected 'key = value' or '[name]', got 'oops'",
                error("tool = a\nmetric = b\noops"));
        assertTrue(error("[a]\nmetric = x\n[b]\nmetric = y").startsWith("f: expected one chart definition, found 2 (a, b)"));
    }

    @Test
    void builtInPresetsCoverEveryChartingToolWithUniqueNames() {
        List<ChartDefinition> presets = PresetCatalog.builtIn();
        Set<String> names = new HashSet<>();
        presets.forEach(d -> assertTrue(names.add(d.name()), "unique: " + d.name()));
        Set<String> tools = new HashSet<>();
        presets.forEach(d -> tools.add(d.tool().split("\\.")[0]));
        assertEquals(Set.of("vmstat", "mpstat", "iostat", "sar", "sysbench", "tpcc", "arcstat", "nicstat", "prstat", "dbt2", "faban",
                "dstat", "perf-stat", "mysql", "innodb", "perfschema", "nmon", "pidstat", "top", "lockstat", "plockstat", "dtrace",
                "procstat", "procvmstat", "diskstats", "meminfo", "df", "vm_stat"),
                tools, "every tool; dbt2 and faban print summaries only, drawn as bars (PresetCoverageTest checks every data set)");
        assertTrue(presets.stream().allMatch(d -> !d.description().isEmpty() && d.title() != null), "described and titled");
    }
}
