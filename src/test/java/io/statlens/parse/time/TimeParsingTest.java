package io.statlens.parse.time;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimeParsingTest {
    private static final ZoneId UTC = ZoneOffset.UTC;

    @Test
    void findsDatesInEveryLocaleSeenInTheWild() {
        assertEquals(LocalDate.of(2019, 9, 16), LocalizedDate.find("Linux 4.15 (h) 09/16/2019 _x86_64_").orElseThrow());
        assertEquals(LocalDate.of(2019, 9, 16), LocalizedDate.find("Linux 4.15 (h) 09/16/19 _x86_64_").orElseThrow());
        assertEquals(LocalDate.of(2012, 4, 16), LocalizedDate.find("Linux 2.6.37 (h) \t16.04.2012 \t_x86_64_").orElseThrow());
        assertEquals(LocalDate.of(2019, 9, 16), LocalizedDate.find("(mijin-desktop)   2019년 09월 16일  _x86_64_").orElseThrow());
        assertEquals(LocalDate.of(2015, 5, 9), LocalizedDate.find("(host) 2015年05月09日 _x86_64_").orElseThrow());
        assertEquals(LocalDate.of(2018, 12, 31), LocalizedDate.find("banner 2018-12-31 x").orElseThrow());
        assertEquals(LocalDate.of(2019, 9, 16), LocalizedDate.find("16/09/2019").orElseThrow(), "day first when it cannot be a month");
        assertEquals(LocalDate.of(1999, 1, 2), LocalizedDate.find("01/02/99").orElseThrow(), "2-digit years pivot at 70");
        assertTrue(LocalizedDate.find("no date 1.2.3.4 here").isEmpty());
    }

    @Test
    void readsTheDatesOfEveryLocaleSysstatPrints() {
        // sysstat 12.6.1 banners (captures/sysstat-12.6.1): Danish/Turkish, Dutch, Latvian, Norwegian, Maltese, Basque
        LocalDate nov25 = LocalDate.of(2026, 11, 25);
        assertEquals(nov25, LocalizedDate.find("25-11-2026").orElseThrow());
        assertEquals(nov25, LocalizedDate.find("25-11-26").orElseThrow());
        assertEquals(nov25, LocalizedDate.find("2026.11.25.").orElseThrow());
        assertEquals(nov25, LocalizedDate.find("25. nov. 2026").orElseThrow());
        assertEquals(nov25, LocalizedDate.find("l-Erbgħa, 25 ta Nov, 2026").orElseThrow());
        assertEquals(nov25, LocalizedDate.find("az., 2026.eko azaren 25a").orElseThrow());
        assertEquals(nov25, LocalizedDate.find("Nov 25, 2026").orElseThrow());
        var basque = LocalizedDate.locate("az., 2026.eko azaren 25a 18:01:53").orElseThrow();
        assertEquals(" 18:01:53", "az., 2026.eko azaren 25a 18:01:53".substring(basque.end()));
        assertTrue(LocalizedDate.find("kernel 4.15.0-60-generic").isEmpty());
        assertTrue(LocalizedDate.find("marks 2026").isEmpty(), "no day");
    }

    @Test
    void readsNorwegianClocksAndZonesAfterTheTime() {
        var kl = ClockTime.leading("kl. 18.04 +0000  CPU    %usr").orElseThrow();
        assertEquals(LocalTime.of(18, 4), kl.time());
        assertFalse(kl.seconds(), "nb_NO's clock prints no seconds: said, not made up");
        assertTrue(ClockTime.leading("18:04:07  CPU").orElseThrow().seconds());
        assertTrue(ClockTime.leading("오후 06시 04분 07초  CPU").orElseThrow().seconds());
        var zone = ClockTime.zoneAfter("kl. 18.04 +0000  CPU    %usr", kl.end()).orElseThrow();
        assertEquals(ZoneOffset.UTC, zone.zone());
        assertEquals("UTC", ClockTime.zoneAfter("18:04:32 UTC  all  1.0", 8).orElseThrow().printed());
        assertTrue(ClockTime.zoneAfter("18:04:32 CPU  %usr", 8).isEmpty(), "a label is no zone");
        assertTrue(ClockTime.zoneAfter("18:04:32 UTC", 8).isEmpty(), "nothing after it: a last column");
        assertEquals(LocalTime.of(18, 0, 9), ClockTime.leading("18時00分09秒       PMI      0.00").orElseThrow().time(),
                "the PMI interrupt row is no meridiem");
    }

    @Test
    void readsClockTimesIn12And24HourFormsAndLocales() {
        assertEquals(LocalTime.of(14, 5, 1), ClockTime.leading("14:05:01     all  1.0").orElseThrow().time());
        assertEquals(LocalTime.of(0, 5, 1), ClockTime.leading("12:05:01 AM  all").orElseThrow().time());
        assertEquals(LocalTime.of(12, 5, 1), ClockTime.leading("12:05:01 PM  all").orElseThrow().time());
        assertEquals(LocalTime.of(23, 5, 1), ClockTime.leading("11:05:01 PM  all").orElseThrow().time());
        assertEquals(LocalTime.of(18, 7, 11), ClockTime.leading("18,07,11        CPU").orElseThrow().time());
        assertEquals(LocalTime.of(16, 58, 6), ClockTime.leading("오후 04시 58분 06초  all").orElseThrow().time());
        assertEquals(LocalTime.of(16, 58, 6), ClockTime.leading("16時58分06秒 all").orElseThrow().time());
        assertEquals(LocalTime.of(4, 58, 6), ClockTime.leading("午前 04:58:06 all").orElseThrow().time());
        var found = ClockTime.leading("02:05:01 PM     all");
        assertEquals("     all", "02:05:01 PM     all".substring(found.orElseThrow().end()));
        assertFalse(ClockTime.leading("Average:  all 1.0").isPresent());
        assertFalse(ClockTime.leading("25:61:00 all").isPresent());
    }

    @Test
    void readsDateAndEpochLines() {
        assertEquals(Instant.parse("2013-11-17T22:01:05Z"), DateLine.parse("Sun Nov 17 17:01:05 EST 2013", UTC).orElseThrow());
        assertEquals(Instant.parse("2013-11-17T17:01:05Z"), DateLine.parse("Sun Nov 17 17:01:05 2013", UTC).orElseThrow());
        assertEquals(Instant.ofEpochSecond(1418763773), DateLine.parse("1418763773", UTC).orElseThrow());
        assertTrue(DateLine.parse(" 1 0 0 518404400", UTC).isEmpty());
    }
}
