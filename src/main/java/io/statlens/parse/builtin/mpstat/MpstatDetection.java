package io.statlens.parse.builtin.mpstat;

import io.statlens.parse.spi.Head;
import io.statlens.parse.text.EpochSeconds;
import io.statlens.parse.text.SysstatBanner;
import io.statlens.parse.text.SysstatJson;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.time.ClockTime;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Content detection. iostat, sar and pidstat print the same sysstat banner, so only a header
 * decides: mpstat's CPU table has %irq and %soft right after %iowait (sar -u ALL puts %steal
 * between them, plain sar -u has neither), and its -I tables are keyed by CPU (sar's by INTR).
 */
final class MpstatDetection {
    private MpstatDetection() {
    }

    static double sniff(Head head) {
        if (SysstatJson.writer(head).orElse(null) == SysstatJson.Writer.MPSTAT) return 0.95;
        boolean banner = false;
        boolean linuxHeader = false;
        for (TranscriptLine read : Transcript.read(head, MpstatCommand.SYNTAX)) {
            if (!read.is(TranscriptLine.Kind.TEXT)) continue;
            String line = read.text();
            if (Tokens.isBlank(line)) continue;
            // Solaris's header has minf second: only a line holding it is split to see
            if (line.contains("minf")) {
                String[] words = Tokens.split(line);
                if (SolarisMpstatReader.isHeader(words) && words[1].equals("minf")) return 0.95;
            }
            if (SysstatBanner.parse(line).isPresent()) banner = true;
            else if (isLinuxHeader(line)) linuxHeader = true;
        }
        if (linuxHeader) return banner ? 0.95 : 0.8;
        return 0;
    }

    private static boolean isLinuxHeader(String line) {
        // a time of day, or with mpstat -U (sysstat 12.7.8 or later) the epoch seconds
        int end = ClockTime.leading(line).map(ClockTime.Found::end)
                .orElseGet(() -> EpochSeconds.leading(line).map(EpochSeconds.Found::end).orElse(-1));
        if (end < 0) return false;
        List<String> words = Arrays.asList(Tokens.split(line.substring(end)));
        int key = words.indexOf("CPU") >= 0 ? words.indexOf("CPU") : words.indexOf("NODE");
        if (key < 0 || key > 1) return false;
        List<String> columns = words.subList(key + 1, words.size());
        Optional<LinuxTable> table = LinuxTable.classify(words.get(key), columns);
        if (table.isEmpty()) return false;
        if (table.get() != LinuxTable.UTILISATION && table.get() != LinuxTable.NODE) return true;
        int irq = columns.indexOf("%irq");
        int soft = columns.indexOf("%soft");
        int steal = columns.indexOf("%steal");
        return irq >= 0 && soft == irq + 1 && (steal < 0 || steal > soft);
    }
}
