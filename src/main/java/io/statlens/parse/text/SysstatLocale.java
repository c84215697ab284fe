package io.statlens.parse.text;

import io.statlens.parse.spi.FallbackStart;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.ParseContext;
import io.statlens.parse.spi.RecordSink;
import io.statlens.parse.spi.TimeOptions;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.time.DateOrder;
import io.statlens.parse.time.LocaleFormats;
import io.statlens.parse.time.LocalizedDate;
import io.statlens.parse.time.ZoneAbbreviations;
import io.statlens.parse.timeline.Timeline;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * What the head of a sysstat file ({@link Head#MAX_LINES} lines) tells of the locale it was printed in, for what its
 * shape leaves open: whether a slashed date ({@code 02/12/2026}) is day or month first, and which zone an ambiguous
 * abbreviation (CST, IST) means. In order of strength:
 * <ol>
 * <li>the dates themselves: a number above 12 ({@code 31/12/2024}), or dates that follow on as consecutive days only in
 *     one reading (the banners of daily files, {@code iostat -t} stamps across midnight);</li>
 * <li>{@code --file-locale};</li>
 * <li>the glibc locales ({@link LocaleFormats}) that print what the file shows: the shape of its date ({@code 02/12/26}
 *     and {@code 2/12/26} are different locales), the language of its average line ({@code Moyenne :},
 *     {@code Media:}), a 12-hour or 24-hour clock, a decimal comma or point. When they all print the day first (or
 *     all the month first) that is the order;</li>
 * <li>else month first, as the C and en_US locales print it, with a warning that says so and names {@code --file-locale}.</li>
 * </ol>
 * One recipe for sar, iostat, mpstat and pidstat, and for the banners of AIX and HP-UX sar ({@link #of(Head, ParseContext,
 * Function)}), whose date and clock have a fixed shape: there only the dates, {@code --file-locale}, the average line's
 * language and the decimal mark count.
 */
public final class SysstatLocale {
    private static final Pattern COMMA_NUMBER = Pattern.compile("-?\\d+,\\d+");
    private static final Pattern POINT_NUMBER = Pattern.compile("-?\\d+\\.\\d+");
    /** Locales named in a message, at most. */
    private static final int NAMED = 4;

    private final DateOrder order;
    /** Why {@link #order}, for the notice; null when nothing told (the warning's case). */
    private final String reason;
    /** Why the order is open, for the warning; null when it was decided. */
    private final String open;
    private final LocalizedDate.Slashed firstAmbiguous;
    private final long firstAmbiguousLine;
    private final Set<String> countries;
    private final String zoneOption;
    private final Set<String> warnedZones = new LinkedHashSet<>();
    /** Who prints month first when nothing tells, for the notice: the C and en_US locales, or AIX's and HP-UX's manuals. */
    private final String monthFirstBy;
    private boolean told;
    /** The first time of day of a 12-hour clock printed without AM or PM; null for any other clock. */
    private HalfDay halfDay;

    /**
     * A time of day printed as glibc's locales of India (en_IN, hi_IN...), Bangladesh, the Philippines, Malaysia and a
     * few more printed {@code %X} before glibc 2.29: {@code t_fmt "%I:%M:%S  %Z"}, a 12-hour clock without {@code %p}
     * and two blanks before the zone ({@code 01:42:28  IST}). glibc 2.29 (bug 10496) added {@code %p} to every such
     * format ({@code 01:42:28 PM IST}) and no locale ever printed {@code %H:%M:%S  %Z}, so the two blanks tell it; a
     * time of day 00:mm or after 12:59 in the head says it is a 24-hour clock after all.
     *
     * @param line the line of the first such time, from 1
     */
    private record HalfDay(long line, java.time.LocalTime printed) {
        /** The countries of the locales with that {@code t_fmt} in glibc 2.28 (30 of India's, bn_BD, en_PH, ms_MY...). */
        static final Set<String> COUNTRIES = Set.of("IN", "BD", "LK", "MT", "MY", "NP", "PH");

        static Optional<HalfDay> in(Head head) {
            HalfDay first = null;
            for (int i = 0; i < head.lines().size(); i++) {
                String line = plain(Quotes.unquoted(head.lines().get(i)));
                Optional<ClockTime.Found> clock = ClockTime.leading(line);
                boolean afterDate = false;
                // only a line with a colon can hold a date and then a time (the date search is the costly part)
                if (clock.isEmpty() && line.indexOf(':') >= 0) {
                    Optional<String> rest = afterLeadingDate(line);
                    if (rest.isPresent()) {
                        line = rest.get();
                        afterDate = true;
                        clock = ClockTime.leading(line);
                    }
                }
                if (clock.isEmpty() || clock.get().twelveHour()) continue;
                int hour = clock.get().time().getHour();
                if (hour == 0 || hour > 12) return Optional.empty();
                int end = clock.get().end();
                if (first == null && line.startsWith("  ", end) && end + 2 < line.length() && line.charAt(end + 2) != ' '
                        && zoneAfter(line, end, afterDate)) {
                    first = new HalfDay(i + 1L, clock.get().time());
                }
            }
            return Optional.ofNullable(first);
        }

        /**
         * What follows a date at the start of a line, after at most its weekday (iostat -t's {@code %x %X}: {@code Thursday
         * 04 September 2014 01:42:28  IST}); empty when the line does not start so.
         */
        private static Optional<String> afterLeadingDate(String line) {
            Optional<LocalizedDate.Found> date = LocalizedDate.locate(line);
            if (date.isEmpty() || line.substring(0, date.get().start()).strip().indexOf(' ') >= 0) return Optional.empty();
            return Optional.of(line.substring(date.get().end()));
        }

        /** Whether a zone follows the time ending at {@code end}: the line's last word after a date (iostat -t), else a column's. */
        private static boolean zoneAfter(String line, int end, boolean afterDate) {
            return afterDate ? ZoneAbbreviations.lookup(line.substring(end).strip()).isPresent()
                    : ClockTime.zoneAfter(line, end).isPresent();
        }
    }

    /** An order the dates themselves decide, and why. */
    private record Decided(DateOrder order, String reason) {
    }

    private SysstatLocale(DateOrder order, String reason, String open, LocalizedDate.Slashed firstAmbiguous,
                          long firstAmbiguousLine, Set<String> countries, String zoneOption, String monthFirstBy) {
        this.monthFirstBy = monthFirstBy;
        this.order = order;
        this.reason = reason;
        this.open = open;
        this.firstAmbiguous = firstAmbiguous;
        this.firstAmbiguousLine = firstAmbiguousLine;
        this.countries = countries;
        this.zoneOption = zoneOption;
    }

    /**
     * The evidence of a file's first lines ({@code head} starts at line 1), with the context's options and the day its
     * input states (a pt-stalk capture's file name).
     */
    public static SysstatLocale of(Head head, ParseContext context) {
        return of(head, context, line -> Optional.empty());
    }

    /**
     * The evidence of a file's first lines, where {@code fixedBanner} finds the date of the banner of another Unix's sar
     * ({@code AIX host 1 6 00CA52594C00    04/02/08}, {@code HP-UX host B.11.23 U ia64    04/01/11}). Its times of day are
     * on a 24-hour clock in every locale (the manuals show them so where glibc's en_US has a 12-hour one), so the clock is
     * no evidence; the dates, {@code --file-locale}, the date's shape, the language of the average line and the decimal
     * mark are, as for sysstat.
     */
    public static SysstatLocale of(Head head, ParseContext context, Function<String, Optional<String>> fixedBanner) {
        return of(head, context, fixedBanner, null);
    }

    /**
     * The evidence of a file's first lines and an instant the file itself prints ({@code pidstat -h}'s epoch seconds):
     * the one reading of an ambiguous date within a day of it is the file's, as a day the input states is.
     */
    public static SysstatLocale of(Head head, ParseContext context, Instant printed) {
        return of(head, context, line -> Optional.empty(), printed);
    }

    private static SysstatLocale of(Head head, ParseContext context, Function<String, Optional<String>> fixedBanner,
                                    Instant printed) {
        SysstatLocale locale = read(head, context, fixedBanner, printed);
        locale.halfDay = HalfDay.in(head).orElse(null);
        if (locale.halfDay != null && TimeOptions.in(context).locale().isEmpty()) {
            // only glibc's locales of these countries printed that clock (the head's "24-hour clock" was this one):
            // IST is India's, not Ireland's or Israel's
            locale.countries.clear();
            locale.countries.addAll(HalfDay.COUNTRIES);
        }
        return locale;
    }

    private static SysstatLocale read(Head head, ParseContext context, Function<String, Optional<String>> fixedBanner,
                                      Instant printed) {
        TimeOptions options = TimeOptions.in(context);
        FallbackStart fallback = FallbackStart.in(context);
        List<LocalizedDate.Slashed> dates = new ArrayList<>();
        String dateText = null;
        LocalizedDate.Slashed firstAmbiguous = null;
        long firstAmbiguousLine = 0;
        Set<String> words = new LinkedHashSet<>();
        String wordsSeen = null;
        boolean twelve = false;
        String twelveClock = null;
        boolean twentyFour = false;
        boolean comma = false;
        boolean point = false;
        boolean fixedShape = false;
        // the lines as the tool printed them: without a reply's quote markers and a pdsh host's prefix
        Optional<HostPrefix> prefix = HostPrefix.of(head.lines());
        for (int i = 0; i < head.lines().size(); i++) {
            String raw = head.lines().get(i);
            String line = plain(Quotes.unquoted(prefix.isPresent() ? prefix.get().strip(raw) : raw));
            Optional<String> fixed = fixedBanner.apply(line);
            if (fixed.isPresent()) fixedShape = true;
            Optional<String> banner = fixed.or(() -> SysstatBanner.dateText(line)).or(() -> SysstatJson.hostDate(line));
            String stamp = banner.orElse(line.strip().length() <= 80 ? line.strip() : "");
            Optional<LocalizedDate.Slashed> slashed = banner.isPresent() || startsWithDigit(stamp)
                    ? LocalizedDate.slashed(stamp) : Optional.empty();
            if (slashed.isPresent()) {
                dates.add(slashed.get());
                if (banner.isPresent() && dateText == null) dateText = banner.get();
                if (slashed.get().ambiguous() && firstAmbiguous == null) {
                    firstAmbiguous = slashed.get();
                    firstAmbiguousLine = head.number(i);
                }
                if (banner.isPresent()) continue;
                // iostat -t: the time after the date shows the clock
                String after = stamp.substring(stamp.indexOf(slashed.get().text()) + slashed.get().text().length());
                Optional<ClockTime.Found> clock = ClockTime.leading(after);
                if (clock.isPresent()) {
                    if (clock.get().twelveHour()) {
                        twelve = true;
                        if (twelveClock == null) twelveClock = after.substring(0, clock.get().end());
                    } else {
                        twentyFour = true;
                    }
                }
                continue;
            }
            Set<String> languages = SysstatAverage.languages(line);
            int values = 0; // rows without a time of day (iostat's) show the decimal point too
            if (!languages.isEmpty()) {
                if (wordsSeen == null) wordsSeen = line.strip().split(" {2,}|\t| (?=\\d)")[0];
                if (words.isEmpty()) words.addAll(languages);
                else words.retainAll(languages);
                values = SysstatAverage.end(line);
            } else {
                Optional<ClockTime.Found> clock = ClockTime.leading(line);
                if (clock.isPresent()) {
                    if (clock.get().twelveHour()) {
                        twelve = true;
                        if (twelveClock == null) twelveClock = line.substring(0, clock.get().end());
                    } else {
                        twentyFour = true;
                    }
                    values = clock.get().end();
                }
            }
            for (String token : Tokens.split(line.substring(Math.max(0, values)))) {
                if (COMMA_NUMBER.matcher(token).matches()) comma = true;
                else if (POINT_NUMBER.matcher(token).matches()) point = true;
            }
        }
        if (fixedShape) {
            // AIX and HP-UX sar print every time of day on a 24-hour clock, whatever the locale
            twelve = false;
            twentyFour = false;
        }
        String monthFirstBy = fixedShape ? "as AIX's and HP-UX's manuals print it" : "as the C and en_US locales print it";
        List<String> shown = new ArrayList<>();
        List<LocaleFormats.Format> candidates = new ArrayList<>();
        for (LocaleFormats.Format f : LocaleFormats.all()) {
            if (dateText != null && !f.prints(dateText)) continue;
            if (!words.isEmpty() && LocaleFormats.wordsOf(f).stream().noneMatch(words::contains)) continue;
            if (twelve != twentyFour && (f.twelveHour() != twelve || (twelve && !f.marks(twelveClock)))) continue;
            if (comma != point && f.decimal() != (comma ? ',' : '.')) continue;
            candidates.add(f);
        }
        if (!words.isEmpty()) shown.add("its average line " + wordsSeen.strip());
        if (comma != point) shown.add(comma ? "decimal commas" : "decimal points");
        if (twelve != twentyFour) shown.add(twelve ? "a 12-hour clock" : "a 24-hour clock");

        Optional<LocaleFormats.Format> given = options.locale().flatMap(LocaleFormats::of);
        Set<String> countries = new TreeSet<>();
        if (given.isPresent()) {
            countries.add(given.get().territory());
        } else if (!shown.isEmpty() || dateText != null) {
            candidates.forEach(f -> countries.add(f.territory()));
        }
        String zoneOption = "--file-locale (e.g. --file-locale zh_CN for China's CST) or --tz";

        Optional<Decided> decisive = decisive(dates);
        if (decisive.isPresent()) {
            return new SysstatLocale(decisive.get().order(), decisive.get().reason(), null, firstAmbiguous, firstAmbiguousLine, countries,
                    zoneOption, monthFirstBy);
        }
        Optional<LocalDate> statedDay = printed != null ? Optional.of(printed.atZone(ZoneOffset.UTC).toLocalDate())
                : fallback.stated() ? Optional.of(fallback.time().atZone(options.zone()).toLocalDate()) : Optional.empty();
        Optional<DateOrder> stated = statedDay.isPresent() ? stated(firstAmbiguous, statedDay.get()) : Optional.empty();
        if (stated.isPresent()) {
            // the input states the day (a pt-stalk capture's file name, pidstat -h's epoch seconds): nothing was guessed,
            // so nothing to tell
            return new SysstatLocale(stated.get(), null, null, firstAmbiguous, firstAmbiguousLine, countries, zoneOption, monthFirstBy);
        }
        if (given.isPresent() && given.get().order() != null) {
            // the user's own choice: nothing to tell
            return new SysstatLocale(given.get().order(), null, null, firstAmbiguous, firstAmbiguousLine,
                    countries, zoneOption, monthFirstBy);
        }
        Set<DateOrder> orders = new LinkedHashSet<>();
        Set<String> names = new LinkedHashSet<>();
        for (LocaleFormats.Format f : candidates) {
            if (f.order() == null) continue;
            orders.add(f.order());
            names.add(f.name());
        }
        if (orders.size() == 1 && !shown.isEmpty()) {
            return new SysstatLocale(orders.iterator().next(), "the file shows " + String.join(", ", shown)
                    + ", as only locales that print it so do (" + few(names) + ")", null, firstAmbiguous, firstAmbiguousLine, countries, zoneOption,
                    monthFirstBy);
        }
        Set<String> dayFirst = new LinkedHashSet<>();
        Set<String> monthFirst = new LinkedHashSet<>();
        for (LocaleFormats.Format f : candidates) {
            if (f.order() == DateOrder.DAY_FIRST) dayFirst.add(f.name());
            else if (f.order() == DateOrder.MONTH_FIRST) monthFirst.add(f.name());
        }
        String open = (shown.isEmpty() ? "nothing in the file shows its locale" : "what the file shows (" + String.join(", ", shown)
                + ") is printed by locales of both orders")
                + (dayFirst.isEmpty() || monthFirst.isEmpty() ? "" : ": month first in " + few(monthFirst) + ", day first in " + few(dayFirst));
        return new SysstatLocale(DateOrder.MONTH_FIRST, null, open, firstAmbiguous, firstAmbiguousLine, countries, zoneOption,
                monthFirstBy);
    }

    /**
     * Sets the timeline's clock for the file's times of day and, for a 12-hour clock without AM or PM ({@link HalfDay}),
     * says how its times are read: each the next on the dial, the first as printed, its half of the day unknown.
     */
    public void clockOn(Timeline timeline, RecordSink sink) {
        if (halfDay == null) return;
        timeline.halfDayDial();
        java.time.LocalTime t = halfDay.printed();
        java.time.LocalTime other = t.getHour() == 12 ? t.minusHours(12) : t.plusHours(12);
        java.time.LocalTime morning = t.getHour() == 12 ? other : t;
        sink.notice(halfDay.line(), "the times of day are on a 12-hour clock without AM/PM (t_fmt \"%I:%M:%S  %Z\" of en_IN and"
                + " other locales of glibc before 2.29, which added %p): " + t + " is " + morning + " or " + morning.plusHours(12)
                + " and nothing in the file tells which; read as " + t + ", and each later time as the next on the dial"
                + " (12:59 then 01:00 is one hour later); a C locale (LC_ALL=C) prints a 24-hour clock");
    }

    /** Whether the file's times of day are on a 12-hour clock without AM or PM ({@link HalfDay}). */
    public boolean halfDayDial() {
        return halfDay != null;
    }

    /** The order of slashed dates in this file. */
    public DateOrder order() {
        return order;
    }

    /**
     * Says, once, how an ambiguous slashed date was read: a notice with the evidence, or, when there was none, a notice
     * that says so and names {@code --file-locale} (printed among the import's warnings, as a missing time stamp is:
     * a C-locale file dated in the first twelve days of a month is no bad line, and {@code --strict} must still take it).
     * Nothing for a file whose dates are not ambiguous, or when {@code --file-locale} or the day the input states decided.
     */
    public void tell(RecordSink sink) {
        if (told || firstAmbiguous == null || (reason == null && open == null)) return;
        told = true;
        String readings = firstAmbiguous.text() + " is " + firstAmbiguous.in(order).map(LocalDate::toString).orElse("?") + " read "
                + order.words() + ", " + firstAmbiguous.in(order.other()).map(LocalDate::toString).orElse("?") + " read "
                + order.other().words();
        if (reason != null) {
            sink.notice(firstAmbiguousLine, "the date " + readings + "; read " + order.words() + ": " + reason);
        } else {
            sink.notice(firstAmbiguousLine, "the date " + readings + ", and the file does not tell which: " + open
                    + "; read " + order.words() + " " + monthFirstBy + "; give --file-locale (e.g. --file-locale en_GB for day first)"
                    + " to decide it");
        }
    }

    /**
     * The zone a printed abbreviation or offset names, an ambiguous abbreviation (CST, IST) settled by the countries of
     * the locales the file may come from, else read in its usual meaning with a warning (once per abbreviation).
     */
    public Optional<ZoneId> zone(String text, long line, RecordSink sink) {
        Optional<ZoneAbbreviations.Reading> reading = ZoneAbbreviations.read(text, countries, zoneOption);
        reading.flatMap(ZoneAbbreviations.Reading::warning).ifPresent(w -> {
            if (warnedZones.add(text)) sink.warning(line, w);
        });
        return reading.map(ZoneAbbreviations.Reading::zone);
    }

    /** The zone a time of day was printed with ({@code 18:04:32 IST}), an ambiguous abbreviation read as {@link #zone} reads it. */
    public ZoneId zone(ClockTime.Zone printed, long line, RecordSink sink) {
        if (!ZoneAbbreviations.ambiguous(printed.printed())) return printed.zone();
        return zone(printed.printed(), line, sink).orElse(printed.zone());
    }

    /**
     * What the dates alone decide: a number above 12 ({@code 31/12/2024}), or dates that are consecutive days (or the
     * same day) only in one reading.
     */
    private static Optional<Decided> decisive(List<LocalizedDate.Slashed> dates) {
        for (LocalizedDate.Slashed d : dates) {
            if (d.first() > 12 && d.second() <= 12) return Optional.of(new Decided(DateOrder.DAY_FIRST, "the date " + d.text() + " has a day above 12"));
            if (d.second() > 12 && d.first() <= 12) return Optional.of(new Decided(DateOrder.MONTH_FIRST, "the date " + d.text() + " has a day above 12"));
        }
        if (dates.stream().noneMatch(LocalizedDate.Slashed::ambiguous)) return Optional.empty();
        boolean dayFirst = followOn(dates, DateOrder.DAY_FIRST);
        boolean monthFirst = followOn(dates, DateOrder.MONTH_FIRST);
        if (dayFirst == monthFirst) return Optional.empty();
        DateOrder o = dayFirst ? DateOrder.DAY_FIRST : DateOrder.MONTH_FIRST;
        return Optional.of(new Decided(o, "its dates " + dates.get(0).text() + " .. " + dates.get(dates.size() - 1).text()
                + " follow on day by day only when read " + o.words()));
    }

    /**
     * The one reading of an ambiguous date within a day of the day the input states (a pt-stalk capture's name) or of
     * an instant it prints (in UTC: the date is the local one, never more than a day away).
     */
    private static Optional<DateOrder> stated(LocalizedDate.Slashed date, LocalDate day) {
        if (date == null) return Optional.empty();
        List<DateOrder> near = new ArrayList<>();
        for (DateOrder o : DateOrder.values()) {
            if (date.in(o).filter(d -> Math.abs(d.toEpochDay() - day.toEpochDay()) <= 1).isPresent()) near.add(o);
        }
        if (near.size() != 1) return Optional.empty();
        return Optional.of(near.get(0));
    }

    /** Whether the dates, read in this order, are valid and follow on by at most a day each, with a change among them. */
    private static boolean followOn(List<LocalizedDate.Slashed> dates, DateOrder o) {
        LocalDate previous = null;
        boolean changed = false;
        for (LocalizedDate.Slashed d : dates) {
            Optional<LocalDate> date = d.in(o);
            if (date.isEmpty()) return false;
            if (previous != null) {
                long days = date.get().toEpochDay() - previous.toEpochDay();
                if (days < 0 || days > 1) return false;
                if (days == 1) changed = true;
            }
            previous = date.get();
        }
        return changed;
    }

    /** A few of these locale names, English ones first (the ones a reader knows). */
    private static String few(Set<String> names) {
        List<String> list = new ArrayList<>(names);
        list.sort(java.util.Comparator.comparing((String n) -> !n.startsWith("en_") && !n.equals("C")));
        return list.size() <= NAMED ? String.join(", ", list) : String.join(", ", list.subList(0, NAMED)) + " and " + (list.size() - NAMED) + " more";
    }

    private static boolean startsWithDigit(String s) {
        return !s.isEmpty() && Character.isDigit(s.charAt(0));
    }

    /** Every Unicode space a plain one (the French {@code Moyenne :} has a narrow no-break space); quote markers are gone before. */
    private static String plain(String line) {
        StringBuilder b = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            b.append(c != '\t' && Character.isSpaceChar(c) ? ' ' : c);
        }
        return b.toString();
    }
}
