package io.statlens.parse.text;

import io.statlens.parse.spi.CollectingSink;
import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.time.DateOrder;
import io.statlens.parse.time.LocaleFormats;
import io.statlens.parse.time.ZoneAbbreviations;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How a sysstat file's locale evidence decides a slashed date's order and an ambiguous zone; the files themselves are
 * golden fixtures (sar/capture-es_ES-..., iostat/capture-en_GB-..., vmstat/capture-*-CST.txt).
 */
class SysstatLocaleTest {
    /** The head of {@code LC_ALL=en_GB.UTF-8 iostat -t 1 1}: 24-hour clock, decimal points, no translated word. */
    private static final List<String> EN_GB_IOSTAT = List.of(
            "Linux 6.18.44-fc-v1045 (vm) \t02/12/26 \t_x86_64_\t(2 CPU)", "", "02/12/26 06:31:33",
            "avg-cpu:  %user   %nice %system %iowait  %steal   %idle", "          72.03    0.00   13.05    0.09    0.00   14.83");

    private static SysstatLocale locale(List<String> lines, TimeOptions options) {
        return SysstatLocale.of(Head.of("f", lines), new ParseContext("f").set(TimeOptions.class, options));
    }

    @Test
    void theDayAPtStalkCaptureStatesInItsNameDecidesWithNothingToTell() {
        ParseContext context = new ParseContext("2026_12_02_04_58_08-iostat").set(TimeOptions.class, TimeOptions.DEFAULT)
                .set(FallbackStart.class, FallbackStart.statedBy(Instant.parse("2026-12-02T04:58:08Z"), "the capture's file name"));
        SysstatLocale locale = SysstatLocale.of(Head.of("f", EN_GB_IOSTAT), context);
        CollectingSink sink = new CollectingSink();
        locale.tell(sink);
        assertEquals(DateOrder.DAY_FIRST, locale.order());
        assertEquals(List.of(), sink.warnings());
        assertEquals(List.of(), sink.notices(), "the capture states the day: nothing was guessed");
    }

    @Test
    void aDateNothingDecidesIsReadMonthFirstWithANoticeThatNamesTheOption() {
        SysstatLocale locale = locale(EN_GB_IOSTAT, TimeOptions.DEFAULT);
        CollectingSink sink = new CollectingSink();
        locale.tell(sink);
        assertEquals(DateOrder.MONTH_FIRST, locale.order());
        assertEquals(1, sink.notices().size());
        String warning = sink.notices().get(0).message();
        assertTrue(warning.contains("--file-locale") && warning.contains("2026-12-02 read day first")
                && warning.contains("month first in C") && warning.contains("en_GB"), warning);
    }

    @Test
    void theLocaleOptionDecidesWhatTheFileLeavesOpen() {
        SysstatLocale locale = locale(EN_GB_IOSTAT,
                TimeOptions.DEFAULT.withLocale(Locale.UK));
        CollectingSink sink = new CollectingSink();
        locale.tell(sink);
        assertEquals(DateOrder.DAY_FIRST, locale.order());
        assertEquals(List.of(), sink.warnings());
    }

    @Test
    void aDayAboveTwelveOutweighsEverythingElse() {
        SysstatLocale locale = locale(List.of("Linux 6.1.0 (host) \t31/12/2024 \t_x86_64_\t(8 CPU)",
                "02/12/24 06:31:33"), TimeOptions.DEFAULT.withLocale(Locale.US));
        assertEquals(DateOrder.DAY_FIRST, locale.order());
    }

    @Test
    void aTranslatedAverageLineAndDecimalCommasTellASpanishFile() {
        SysstatLocale locale = locale(List.of("Linux 6.1.0 (host) \t02/12/26 \t_x86_64_\t(2 CPU)", "",
                "06:31:26        CPU     %user     %nice   %system   %iowait    %steal     %idle",
                "06:31:27        all     80,69      0,00     19,31      0,00      0,00      0,00",
                "Media:          all     80,69      0,00     19,31      0,00      0,00      0,00"), TimeOptions.DEFAULT);
        assertEquals(DateOrder.DAY_FIRST, locale.order());
        assertEquals("2026-12-02", SysstatBanner.parse("Linux 6.1.0 (host) \t02/12/26 \t_x86_64_\t(2 CPU)", locale.order())
                .orElseThrow().date().orElseThrow().toString());
    }

    @Test
    void ambiguousZonesAreSettledByTheLocalesCountriesElseWarned() {
        assertEquals(ZoneOffset.ofHours(8), ZoneAbbreviations.read("CST", Set.of("CN"), "--file-locale").orElseThrow().zone());
        assertEquals(ZoneOffset.ofHours(1), ZoneAbbreviations.read("IST", Set.of("IE", "GB"), "--file-locale").orElseThrow().zone());
        ZoneAbbreviations.Reading open = ZoneAbbreviations.read("IST", Set.of(), "--file-locale").orElseThrow();
        assertEquals(ZoneOffset.ofHoursMinutes(5, 30), open.zone());
        assertTrue(open.warning().orElseThrow().contains("+01:00 (Ireland)"), open.warning().orElseThrow());
        assertTrue(ZoneAbbreviations.read("CET", Set.of(), "--file-locale").orElseThrow().warning().isEmpty());
    }

    @Test
    void theOrdersComeFromGlibcsLocaleData() {
        assertEquals(DateOrder.MONTH_FIRST, LocaleFormats.of(Locale.US).orElseThrow().order());
        assertEquals(DateOrder.MONTH_FIRST, LocaleFormats.of(Locale.ROOT).orElseThrow().order());
        assertEquals(DateOrder.DAY_FIRST, LocaleFormats.of(Locale.forLanguageTag("pt-BR")).orElseThrow().order());
        assertTrue(LocaleFormats.of(Locale.forLanguageTag("es-ES")).orElseThrow().prints("02/12/26"));
    }
}
