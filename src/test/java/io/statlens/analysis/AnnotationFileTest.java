package io.statlens.analysis;

import io.statlens.model.UserException;
import io.statlens.store.saved.AnnotationStore.Note;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AnnotationFileTest {
    /** 2024-03-01T09:55:00Z, 10:55 in Berlin. */
    private static final Instant START = Instant.parse("2024-03-01T09:55:00Z");
    private static final ZoneId BERLIN = ZoneId.of("Europe/Berlin");

    private static Instant at(String iso) {
        return Instant.parse(iso);
    }

    @Test
    void everyTimeFormResolvesAgainstTheRunStartAndZone() {
        List<Note> notes = AnnotationFile.parse("notes.txt", List.of(
                "\uFEFF# test log",
                "2024-03-01T11:05:00 isolocal",
                "2024-03-01 11:06:00   two words, spaces   kept",
                "2024-03-01T10:07:00Z utc",
                "2024-03-01T12:08:00+02:00 offset",
                "",
                "11:09:00 clock",
                "11:10:00.5 clock fraction",
                "+300 elapsed plus",
                "90s elapsed unit",
                "1h30m elapsed units",
                "42 bare seconds"), START, BERLIN);
        assertEquals(List.of(
                new Note(at("2024-03-01T10:05:00Z"), "isolocal"),
                new Note(at("2024-03-01T10:06:00Z"), "two words, spaces   kept"),
                new Note(at("2024-03-01T10:07:00Z"), "utc"),
                new Note(at("2024-03-01T10:08:00Z"), "offset"),
                new Note(at("2024-03-01T10:09:00Z"), "clock"),
                new Note(at("2024-03-01T10:10:00.5Z"), "clock fraction"),
                new Note(at("2024-03-01T10:00:00Z"), "elapsed plus"),
                new Note(at("2024-03-01T09:56:30Z"), "elapsed unit"),
                new Note(at("2024-03-01T11:25:00Z"), "elapsed units"),
                new Note(at("2024-03-01T09:55:42Z"), "bare seconds")), notes);
    }

    @Test
    void clockTimesThatGoBackwardsAreOnTheNextDay() {
        List<Note> notes = AnnotationFile.parse("n", List.of("23:50:00 late", "00:10:00 after midnight", "00:20:00 later"),
                Instant.parse("2024-03-01T23:00:00Z"), ZoneOffset.UTC);
        assertEquals(List.of(at("2024-03-01T23:50:00Z"), at("2024-03-02T00:10:00Z"), at("2024-03-02T00:20:00Z")),
                notes.stream().map(Note::time).toList());
    }

    @Test
    void badLinesAreReportedByFileAndLineAndNothingIsKept() {
        UserException e = assertThrows(UserException.class, () -> AnnotationFile.parse("log.txt", List.of(
                "10:05:00 fine", "warmup done", "25:00:00 not a clock", "+300", "2024-02-30T10:00:00 no such day"),
                START, BERLIN));
        String[] lines = e.getMessage().split("\\R");
        assertEquals("log.txt:2: expected a time at the start of the line (2024-03-01T10:05:00, 2024-03-01 10:05:00,"
                + " 10:05:00, +300 or 5m); got 'warmup'", lines[0]);
        assertTrue(lines[1].startsWith("log.txt:3: expected a time") && lines[1].endsWith("got '25:00:00'"), lines[1]);
        assertEquals("log.txt:4: expected a message after the time '+300'", lines[2]);
        assertTrue(lines[3].startsWith("log.txt:5: expected a time"), lines[3]);
        assertEquals("nothing was imported (4 bad lines)", lines[4]);
    }

    @Test
    void elapsedTimesNeedARunWithSamples() {
        UserException e = assertThrows(UserException.class,
                () -> AnnotationFile.parse("n", List.of("+5 x"), null, ZoneOffset.UTC));
        assertTrue(e.getMessage().startsWith("the run has no samples"), e.getMessage());
        assertEquals(List.of(new Note(at("2024-03-01T10:00:00Z"), "x")),
                AnnotationFile.parse("n", List.of("2024-03-01T10:00:00Z x"), null, ZoneOffset.UTC));
    }

    @Test
    void anEmptyFileIsAnError() {
        UserException e = assertThrows(UserException.class,
                () -> AnnotationFile.parse("n.txt", List.of("# only"), START, BERLIN));
        assertEquals("n.txt: no annotations in the file", e.getMessage());
    }
}
