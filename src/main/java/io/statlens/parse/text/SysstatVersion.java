package io.statlens.parse.text;

import io.statlens.parse.transcript.PastedCommand;

import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What sysstat's commands (sar, mpstat, pidstat, iostat...) print for {@code -V}: common.c's {@code print_version}
 * prints the sysstat variables set in the environment ({@code S_TIME_FORMAT=ISO}, iostat's {@code POSIXLY_CORRECT=}), {@code sysstat version 12.6.1}
 * (translated: {@code sysstat Version}, {@code sysstat 版本}) and the copyright line, then exits. The option is read
 * inside a cluster too ({@code iostat -dV} prints only the version, sysstat 12.6.1), so such a command makes no report.
 */
public final class SysstatVersion {
    private static final Pattern VERSION = Pattern.compile("^\\s*sysstat\\s+\\S+\\s+(\\d+(?:\\.\\d+)+)\\s*$");
    private static final Pattern COPYRIGHT = Pattern.compile("^\\s*\\(C\\) Sebastien Godard \\(sysstat <at> orange\\.fr\\)\\s*$");
    /** The variables print_version lists when set: sysstat's S_COLORS, S_TIME_FORMAT... and iostat's POSIXLY_CORRECT. */
    private static final Pattern ENVIRONMENT = Pattern.compile("^\\s*(S_[A-Z_]+|POSIXLY_CORRECT)=(.*)$");

    private SysstatVersion() {
    }

    /**
     * Whether a line may be one of {@code -V}'s: the version and copyright lines name sysstat, a variable's has its
     * {@code =}. Asked first, as every line of a report is read so: three patterns matched on each cost a tenth of the
     * mpstat parse.
     */
    private static boolean mayBeVersionOutput(String line) {
        return line.indexOf('=') >= 0 || line.contains("sysstat");
    }

    /** Whether the command prints only the version: its options are no options of a report. */
    public static boolean onlyVersion(PastedCommand command) {
        return command.has("-V");
    }

    /** A fact that {@code -V} prints: the version, or a sysstat variable set in the environment. */
    public record Fact(String name, String value) {
    }

    /** The fact of a line of {@code -V}'s output ({@code tool.version}, {@code environment.S_TIME_FORMAT}); else empty. */
    public static Optional<Fact> fact(String line) {
        if (!mayBeVersionOutput(line)) return Optional.empty();
        Matcher m = VERSION.matcher(line);
        if (m.matches()) return Optional.of(new Fact("tool.version", m.group(1)));
        m = ENVIRONMENT.matcher(line);
        return m.matches() ? Optional.of(new Fact("environment." + m.group(1), m.group(2).strip())) : Optional.empty();
    }

    /**
     * Reads a line of {@code -V}'s output: its fact goes to {@code facts}, the copyright line is skipped.
     *
     * @return whether the line was one of them
     */
    public static boolean read(String line, BiConsumer<String, String> facts) {
        if (!mayBeVersionOutput(line)) return false;
        Optional<Fact> fact = fact(line);
        fact.ifPresent(f -> facts.accept(f.name(), f.value()));
        return fact.isPresent() || COPYRIGHT.matcher(line).matches();
    }
}
