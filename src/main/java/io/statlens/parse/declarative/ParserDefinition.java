package io.statlens.parse.declarative;

import io.statlens.parse.transcript.CommandSyntax;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A declarative parser definition as read from a {@code .parser} file (format: docs/parsers.md).
 *
 * @param source          where the definition came from, for messages ({@code statlens/parsers/nicstat.parser})
 * @param tool            lower-case tool id
 * @param description     one line about the tool
 * @param version         parser version, recorded per imported file
 * @param variants        the output variants the definition understands
 * @param defaultVariant  the variant of a file none of whose headers and lines says one (dtrace's histograms and
 *                        stacks are its default layout); may be empty
 * @param detectRules     content rules for {@code sniff}
 * @param skips           lines to ignore silently
 * @param stackFrames     lines under a table row that carry a frame of its stack (group {@code frame}; group
 *                        {@code continued} when the frame goes on on the next line): the stack ends the row's key
 * @param keyAbove        the line a key is printed above (a histogram's header): a line with a word in it just above
 *                        it, or one blank line above it, is a key line whatever record it looks like
 * @param factRules       lines that carry a fact
 * @param timeLines       date(1) or epoch lines between reports, if the tool's output may have them
 * @param intervalDefault interval assumed when neither the output, its pasted command nor the user gives one
 * @param command         how the tool is typed, to read its pasted command lines
 * @param commandOptions  whether the definition says which options take a value ({@code command.values}), so that
 *                        the interval operand of a pasted command can be told from an option's value and used
 * @param tables          the headed tables, tried in file order
 * @param lines           the one-line records, tried in file order
 * @param sections        the section titles, tried in file order
 */
public record ParserDefinition(String source, String tool, String description, String version, List<String> variants,
                               String defaultVariant,
                               List<DetectRule> detectRules, List<Pattern> skips, List<Pattern> stackFrames,
                               Optional<Pattern> keyAbove, List<FactRule> factRules,
                               Optional<Pattern> timeLines, Duration intervalDefault, CommandSyntax command,
                               boolean commandOptions,
                               List<TableDefinition> tables, List<LineDefinition> lines,
                               List<SectionDefinition> sections) {
    public ParserDefinition {
        variants = List.copyOf(variants);
        detectRules = List.copyOf(detectRules);
        skips = List.copyOf(skips);
        stackFrames = List.copyOf(stackFrames);
        factRules = List.copyOf(factRules);
        tables = List.copyOf(tables);
        lines = List.copyOf(lines);
        sections = List.copyOf(sections);
    }

    /** Whether table rows are followed by their stacks (lockstat -s), which end their keys. */
    public boolean keysRowsByStack() {
        return !stackFrames.isEmpty();
    }

    /** Whether a keyed line record takes the unmatched lines before it as its key (a stack). */
    public boolean collectsKeyLines() {
        return lines.stream().anyMatch(LineDefinition::keyedByLines);
    }
}
