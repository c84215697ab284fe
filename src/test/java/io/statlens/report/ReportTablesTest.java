package io.statlens.report;

import io.statlens.analysis.ReadableNumbers;
import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What the report's tables say beside their rows, without a repository. */
class ReportTablesTest {
    private final ReportTables tables = new ReportTables(ZoneOffset.UTC, ReadableNumbers.ROOT);

    /** The hint at a table's rows beyond the report's limit is a command that runs as printed, of one host's table too. */
    @Test
    void aHostsTableNamesAStatsCommandThatRunsAsPrinted() {
        Table ofHost = tables.stats(new ReportModel.StatsTable("bench 1", "iostat", "db01", List.of(), List.of(), "", 12), "");
        assertEquals("Statistics of iostat of db01, run bench 1", ofHost.caption());
        assertEquals("12 more rows of host db01 (its host column): statlens stats 'bench 1' --tool iostat", ofHost.note());
        Table one = tables.stats(new ReportModel.StatsTable("it's", "mpstat", "", List.of(), List.of(), "", 1), "");
        assertEquals("1 more row: statlens stats 'it'\\''s' --tool mpstat", one.note());
    }
}
