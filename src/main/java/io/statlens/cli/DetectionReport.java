package io.statlens.cli;

import io.statlens.model.UserException;
import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.DetectionEvidence;
import io.statlens.parse.FileParts;
import io.statlens.parse.ImportPlanner;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code statlens import --dry-run}: for each file, the parser an import would use and why: its confidence, the
 * runners-up, what was taken off the lines before they were read (a reply's quote markers, a code block's
 * indentation) and the lines of the file the decision rests on (a banner, a column header, sample or summary lines).
 */
final class DetectionReport {
    /** Longest evidence line shown; the rest is cut with an ellipsis. */
    private static final int SHOWN = 100;

    private DetectionReport() {
    }

    static void print(List<Path> inputs, Optional<String> tool, boolean skipUnknown, ParserCatalog catalog, PrintWriter out) {
        ImportPlanner planner = new ImportPlanner(catalog);
        AutoDetectParser detector = planner.parser();
        if (tool.isPresent() && catalog.byTool(tool.get()).isEmpty()) {
            throw new UserException("unknown tool '" + tool.get() + "'; known tools: " + String.join(", ", catalog.tools()));
        }
        int unknown = 0;
        List<ImportPlanner.FileDetection> files = planner.detect(inputs);
        for (ImportPlanner.FileDetection file : files) {
            if (tool.isPresent()) {
                out.println(file.name() + ": " + tool.get() + " (chosen with --tool)");
                continue;
            }
            List<FileParts.Detected> parts = planner.parts(file.file());
            if (!parts.isEmpty()) {
                out.println(file.name() + ": " + parts.size() + " parts, each read by its own parser");
                boolean recognised = true;
                for (FileParts.Detected part : parts) {
                    recognised &= explain(part.part().name(file.name()), FileParts.head(file.file(), part.part()), detector, skipUnknown, out);
                }
                if (!recognised) unknown++;
                continue;
            }
            if (!explain(file.name(), ImportPlanner.head(file.file()), detector, skipUnknown, out)) unknown++;
        }
        out.println("nothing imported (--dry-run): " + (files.size() - unknown) + " of " + files.size() + " file(s) recognised");
        out.flush();
    }

    /**
     * The parser detection chose for a file or a part, its runners-up and the lines (numbered as in the file) it decided
     * on; whether one was chosen.
     */
    private static boolean explain(String name, Head head, AutoDetectParser detector, boolean skipUnknown,
                                   PrintWriter out) {
        DetectionEvidence evidence = detector.explain(head);
        Detection detection = evidence.detection();
        if (detection.parser().isEmpty()) {
            out.println(name + ": no parser recognises it (" + detection.closest() + ")"
                    + (skipUnknown ? "; skipped (--skip-unknown)" : "; give --tool to choose one"));
            return false;
        }
        List<Detection.Candidate> ranked = detection.candidates();
        String others = ranked.stream().skip(1).filter(c -> c.confidence() > 0).limit(2)
                .map(c -> c.parser().info().tool() + " " + percent(c.confidence())).collect(Collectors.joining(", "));
        out.println(name + ": " + ranked.get(0).parser().info().tool() + " " + percent(ranked.get(0).confidence())
                + (others.isEmpty() ? "" : " (next: " + others + ")"));
        if (!evidence.unpasted().isEmpty()) out.println("  read without its " + String.join(" and ", evidence.unpasted()));
        // numbers padded to one width and the text's leading blanks kept: a header stays under the line above it, as
        // in the file (vmstat's column labels under its group names)
        int width = evidence.lines().stream().mapToInt(l -> Long.toString(head.number(l.number() - 1)).length()).max().orElse(1);
        for (DetectionEvidence.Line line : evidence.lines()) {
            String number = Long.toString(head.number(line.number() - 1));
            out.println("  line " + " ".repeat(width - number.length()) + number + ": " + shown(line.text()));
        }
        for (String notice : detection.notices()) out.println("  notice: " + notice);
        return true;
    }

    private static String percent(double confidence) {
        return String.format(Locale.ROOT, "%.0f%%", confidence * 100);
    }

    private static String shown(String line) {
        String text = line.stripTrailing();
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "…";
    }
}
