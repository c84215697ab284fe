package io.statlens.parse;

import io.statlens.parse.spi.CaptureInterval;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The interval a pt-stalk capture ran its tools at, read from the capture's own files. pt-stalk starts
 * {@code mysqladmin ext -i<s>}, {@code vmstat <s>}, {@code iostat -dx <s>} and {@code mpstat -P ALL <s>} with
 * {@code s} = {@code --sleep-collect} (default 1, whole seconds), and none of them prints it; nor does the
 * {@code -trigger} file's "pt-stalk ran with" line. The capture still shows it:
 *
 * <ol>
 *   <li>its {@code -mysqladmin} file: the server's {@code Uptime} of consecutive snapshots, whole seconds apart by
 *       exactly that interval (the median step, so that a snapshot the loaded server answered late does not count);</li>
 *   <li>else its loops between {@code TS} lines ({@code -procstat}, {@code -df}...): pt-stalk sleeps each round to the
 *       next multiple of {@code --sleep-collect}, so rounds are never closer than it; a step under 1.5 s confirms the
 *       default of 1 s, one of more says another was given (or the machine was too loaded to tell), and the
 *       interval is left unknown, for the parser to assume and say;</li>
 *   <li>else (no loop ran twice) pt-stalk's documented default, 1 s.</li>
 * </ol>
 * See docs/tools/pt-stalk.md, "Time".
 */
final class PtStalkInterval {
    /** The default of {@code --sleep-collect} (pt-stalk 2.x-3.x's documentation). */
    static final Duration DEFAULT = Duration.ofSeconds(1);
    /** Enough steps for a median; a day's capture need not be read twice. */
    private static final int STEPS_READ = 64;
    private static final Pattern UPTIME = Pattern.compile("^\\|\\s*Uptime\\s*\\|\\s*(\\d{1,12})\\s*\\|\\s*$");
    private static final Pattern TS = Pattern.compile("^TS (\\d{9,11}(?:\\.\\d+)?) ");

    private PtStalkInterval() {
    }

    /** The interval of the capture whose files (of one capture time) these are, if they show it. */
    static Optional<CaptureInterval> of(List<PtStalkFile> capture) {
        for (PtStalkFile f : capture) {
            if (!f.suffix().equals("mysqladmin")) continue;
            List<Double> uptimes = values(f, UPTIME);
            Optional<Long> step = medianStep(uptimes);
            if (step.isPresent()) {
                return Optional.of(new CaptureInterval(Duration.ofSeconds(step.get()), "pt-stalk's --sleep-collect, " + step.get()
                        + " s: the step of Uptime in " + f.file().getFileName()));
            }
        }
        for (PtStalkFile f : capture) {
            List<Double> stamps = values(f, TS);
            if (stamps.size() < 2) continue;
            double closest = Double.MAX_VALUE;
            for (int i = 1; i < stamps.size(); i++) closest = Math.min(closest, stamps.get(i) - stamps.get(i - 1));
            if (closest >= 1.5) return Optional.empty();
            return Optional.of(new CaptureInterval(DEFAULT, "pt-stalk's default --sleep-collect, 1 s, as the TS lines of "
                    + f.file().getFileName() + " show"));
        }
        return Optional.of(new CaptureInterval(DEFAULT, "pt-stalk's default --sleep-collect, 1 s (the capture has no loop "
                + "that shows another)"));
    }

    /** The median of the positive steps between consecutive values, in whole seconds; empty without one. */
    private static Optional<Long> medianStep(List<Double> values) {
        List<Long> steps = new ArrayList<>();
        for (int i = 1; i < values.size(); i++) {
            long step = Math.round(values.get(i) - values.get(i - 1));
            if (step > 0) steps.add(step);
        }
        if (steps.isEmpty()) return Optional.empty();
        Collections.sort(steps);
        return Optional.of(steps.get((steps.size() - 1) / 2));
    }

    /** The first group of the lines that match, as numbers, up to {@link #STEPS_READ} + 1 of them. */
    private static List<Double> values(PtStalkFile file, Pattern pattern) {
        List<Double> values = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file.file(), StandardCharsets.ISO_8859_1)) {
            for (String line = in.readLine(); line != null && values.size() <= STEPS_READ; line = in.readLine()) {
                Matcher m = pattern.matcher(line);
                if (m.find()) values.add(Double.parseDouble(m.group(1)));
            }
        } catch (IOException e) {
            // An unreadable file shows nothing here; reading it for the import says what is wrong with it.
            return List.of();
        }
        return values;
    }
}
