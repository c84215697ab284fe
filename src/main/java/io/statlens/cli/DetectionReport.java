package io.statlens.cli;

import io.statlens.model.UserException;
import io.statlens.parse.AutoDetectParser;
import io.statlens.parse.DetectionEvidence;
import io.statlens.parse.ImportPlanner;
import io.statlens.parse.ParserCatalog;
import io.statlens.parse.spi.Detection;

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
            DetectionEvidence evidence = detector.explain(ImportPlanner.head(file.file()));
            Detection detection = evidence.detection();
            if (detection.parser().isEmpty()) {
                unknown++;
                out.println(file.name() + ": no parser recognises it (" + detection.closest() + ")"
                        + (skipUnknown ? "; skipped (--skip-unknown)" : "; give --tool to choose one"));
                continue;
            }
            List<Detection.Candidate> ranked = detection.candidates();
            String others = ranked.stream().skip(1).filter(c -> c.confidence() > 0).limit(2)
                    .map(c -> c.parser().info().tool() + " " + percent(c.confidence())).collect(Collectors.joining(", "));
            out.println(file.name() + ": " + ranked.get(0).parser().info().tool() + " " + percent(ranked.get(0).confidence())
                    + (others.isEmpty() ? "" : " (next: " + others + ")"));
            if (!evidence.unpasted().isEmpty()) out.println("  read without its " + String.join(" and ", evidence.unpasted()));
            for (DetectionEvidence.Line line : evidence.lines()) {
                out.println("  line " + line.number() + ": " + shown(line.text()));
            }
            for (String notice : detection.notices()) out.println("  notice: " + notice);
        }
        out.println("nothing imported (--dry-run): " + (files.size() - unknown) + " of " + files.size() + " file(s) recognised");
        out.flush();
    }

    private static String percent(double confidence) {
        return String.format(Locale.ROOT, "%.0f%%", confidence * 100);
    }

    private static String shown(String line) {
        String text = line.strip();
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "…";
    }
}
