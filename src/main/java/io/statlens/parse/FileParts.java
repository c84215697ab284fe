package io.statlens.parse;

import io.statlens.model.UserException;
import io.statlens.parse.spi.Detection;
import io.statlens.parse.spi.Head;
import io.statlens.parse.spi.LineSource;
import io.statlens.parse.spi.Parser;
import io.statlens.parse.text.HostPrefix;
import io.statlens.parse.text.Quotes;
import io.statlens.parse.text.Tokens;
import io.statlens.parse.transcript.CommandSyntax;
import io.statlens.parse.transcript.Transcript;
import io.statlens.parse.transcript.TranscriptLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where one file holds the output of several tools or hosts, and which lines each part is: a file gets one parser,
 * so a note that pastes {@code sar}, then {@code vmstat}, then {@code mpstat} one after another, or the output pdsh
 * gathered from several hosts, is read one part at a time, each part by its own parser.
 *
 * <ul>
 *   <li><b>By host.</b> When the lines pdsh or clush prefixed ({@code node1: ...}, {@link HostPrefix}) name two hosts
 *       or more, each at least twice, and nothing but blank lines comes between them, there is a part per host: its
 *       own lines and the pasted commands that ran the tools, in file order; the lines of the other hosts are left out.
 *       The other lines of no host (prose around the hosts' lines) are the first host's, so that each is read, and
 *       warned about, once. A lone prefix-like line among the prose ({@code note: } opening a sentence that goes on
 *       on the next line) is prose, not a host. A host that ran two tools one after the other ({@code pdsh -w a,b
 *       'vmstat 1 2; iostat 1 2'}, whose remote commands pdsh does not echo) has a part per tool: its output starts a
 *       part at a line of banner or header from which detection recognises another tool than in the lines before it;
 *       those starts are taken as a note's commands are (below).</li>
 *   <li><b>By command.</b> Otherwise a pasted command line (after a prompt, or alone) that runs a tool whose program
 *       names ({@link Parser#commandNames}) share no tool with the command before it starts a part, which runs to the
 *       next such command. Lines before the first command are a part of their own only when detection recognises them.
 *       A part detection does not recognise (a version banner, a configuration file printed with {@code cat}) stays
 *       with the part before it, and neighbouring parts of the same tool are one.</li>
 *   <li><b>By output.</b> A file with no such command starts a part where another tool's output begins
 *       ({@code { vmstat 1 3; iostat -x 1 2; } > f}): {@link ToolChanges}, in the same pass; those starts are taken as
 *       a note's commands are.</li>
 * </ul>
 * A file whose parts come to one (one tool, one host) is read whole, as any other file.
 */
public final class FileParts {
    /** Distinct host prefixes counted at most: a file with more is not read as the output of several hosts. */
    private static final int MOST_HOSTS = 256;
    /** The words of a line looked at for a program name: a prompt, wrappers and the command come first. */
    private static final int WORDS = 16;
    /** Lines per host looked at for the start of another tool's output ({@link #headers}). */
    private static final int HEADERS = 32;
    private static final Pattern DIGITS = Pattern.compile("\\d+");

    private final AutoDetectParser detector;
    /** Program name → the tools typed so. */
    private final Map<String, Set<String>> toolsByName;
    /** Program name → the parsers of those tools, to ask which one a pasted command runs ({@link Parser#runs}). */
    private final Map<String, List<Parser>> parsersByName;
    /** Every program name of every tool, to read a pasted command line of any of them. */
    private final CommandSyntax anyTool;
    /** The length of the longest program name: a longer word names none, and is not looked up. */
    private final int longestName;

    public FileParts(AutoDetectParser detector) {
        this.detector = detector;
        Map<String, Set<String>> byName = new HashMap<>();
        Map<String, List<Parser>> parsers = new HashMap<>();
        for (Parser parser : detector.catalog().all()) {
            for (String name : parser.commandNames()) {
                byName.computeIfAbsent(name, n -> new TreeSet<>()).add(parser.info().tool());
                parsers.computeIfAbsent(name, n -> new ArrayList<>()).add(parser);
            }
        }
        this.toolsByName = Map.copyOf(byName);
        this.parsersByName = Map.copyOf(parsers);
        this.anyTool = CommandSyntax.of(byName.keySet(), Set.of());
        this.longestName = byName.keySet().stream().mapToInt(String::length).max().orElse(0);
    }

    /** A part of a file and what detection says of its lines. */
    public record Detected(FilePart part, Detection detection) {
    }

    /** The parts of a file in file order, each detected; none when the file is one part, read whole. */
    public List<Detected> of(Path file) {
        Scan scan = scan(file);
        if (scan.hosts().size() >= 2) {
            Set<Long> commands = scan.commands().stream().map(Command::line).collect(Collectors.toUnmodifiableSet());
            Map<String, List<Long>> headers = headers(file, scan.hosts());
            List<Detected> parts = new ArrayList<>();
            for (String host : scan.hosts()) {
                FilePart part = FilePart.ofHost(host, Set.copyOf(scan.hosts()), scan.lines(), host.equals(scan.hosts().get(0)), commands);
                List<Detected> byTool = split(file, toolStarts(file, part, headers.get(host)), scan.lines(), part::ofTool);
                if (byTool.isEmpty()) parts.add(new Detected(part, detect(file, part)));
                else parts.addAll(byTool);
            }
            return parts;
        }
        return byCommand(file, scan);
    }

    /** The first lines of a part as detection reads them, with their numbers in the file. */
    public static Head head(Path file, LineSource.Selection part) {
        try (LineSource lines = LineSource.of(file.getFileName().toString(), Files.newInputStream(file)).select(part)) {
            return lines.head();
        } catch (IOException e) {
            throw new UserException(file + ": cannot read: " + e.getMessage(), e);
        }
    }

    private Detection detect(Path file, FilePart part) {
        return detector.detect(head(file, part));
    }

    /**
     * The parts that the pasted commands of other tools start (see the class comment); in a file with no such command,
     * the parts that the output of another tool starts ({@link ToolChanges}).
     */
    private List<Detected> byCommand(Path file, Scan scan) {
        if (scan.commands().isEmpty()) return split(file, scan.toolChanges(), scan.lines(), FilePart::lines);
        List<Long> starts = new ArrayList<>();
        Set<String> before = null;
        for (Command command : scan.commands()) {
            if (before == null || Collections.disjoint(before, command.tools())) starts.add(command.line());
            before = command.tools();
        }
        return split(file, starts, scan.lines(), FilePart::lines);
    }

    /**
     * The lines of one host where another tool's output begins: its first line of banner or header ({@link #headers}),
     * then each such line before which detection recognises one tool (read from the last start) and from which another.
     * Both sides are asked: from a tool's second header line on, the next tool's lines may outweigh its own.
     */
    private List<Long> toolStarts(Path file, FilePart host, List<Long> headers) {
        List<Long> starts = new ArrayList<>();
        for (long line : headers) {
            if (starts.isEmpty()) {
                starts.add(line);
                continue;
            }
            Optional<String> before = tool(file, host.ofTool(starts.getLast(), line - 1));
            Optional<String> after = before.isEmpty() ? Optional.empty() : tool(file, host.ofTool(line, host.last()));
            if (after.isPresent() && !after.equals(before)) starts.add(line);
        }
        return starts;
    }

    private Optional<String> tool(Path file, FilePart part) {
        return detect(file, part).parser().map(p -> p.info().tool());
    }

    /**
     * Per host of a file of several, the lines of its output that may open a tool's output: each line that opens with a
     * letter (a banner, a header, a label) the first time it is seen in that host's lines, figures aside, at most
     * {@link #HEADERS} of them. A tool's own headers repeat (vmstat's every screen, iostat's every report) and are
     * looked at once.
     */
    private static Map<String, List<Long>> headers(Path file, List<String> hosts) {
        Map<String, List<Long>> headers = new HashMap<>();
        Map<String, Set<String>> seen = new HashMap<>();
        for (String host : hosts) {
            headers.put(host, new ArrayList<>());
            seen.put(host, new java.util.HashSet<>());
        }
        try (LineSource source = LineSource.of(file.getFileName().toString(), Files.newInputStream(file))) {
            for (String line = source.next(); line != null; line = source.next()) {
                Optional<String> host = HostPrefix.hostOf(line);
                if (host.isEmpty() || !headers.containsKey(host.get()) || headers.get(host.get()).size() >= HEADERS) continue;
                String text = line.substring(line.indexOf(host.get() + ":") + host.get().length() + 1).strip();
                if (text.isEmpty() || !Character.isLetter(text.charAt(0))) continue;
                if (seen.get(host.get()).add(DIGITS.matcher(text).replaceAll("0"))) headers.get(host.get()).add(source.lineNumber());
            }
        } catch (IOException e) {
            throw new UserException(file + ": cannot read: " + e.getMessage(), e);
        }
        return headers;
    }

    /**
     * The parts that start at the given lines, each detected, as one recipe for both kinds of start (the pasted commands
     * of a note, the lines where a host's next tool's output begins): lines before the first start are a part of their
     * own only when detection recognises them; a part detection does not recognise stays with the part before it (or
     * with the first part recognised), and neighbouring parts of the same tool are one. None when that comes to one part.
     */
    private List<Detected> split(Path file, List<Long> at, long end, BiFunction<Long, Long, FilePart> lines) {
        if (at.isEmpty()) return List.of();
        List<Long> starts = new ArrayList<>();
        if (at.get(0) > 1) starts.add(1L);
        starts.addAll(at);
        if (starts.size() < 2) return List.of();
        List<Detected> parts = new ArrayList<>();
        long unrecognisedFrom = 0;
        for (int i = 0; i < starts.size(); i++) {
            long first = unrecognisedFrom > 0 ? unrecognisedFrom : starts.get(i);
            long last = i + 1 < starts.size() ? starts.get(i + 1) - 1 : end;
            Detection detection = detect(file, lines.apply(starts.get(i), last));
            if (detection.parser().isEmpty()) {
                // with the part before it; before the first part recognised, with the next one
                if (parts.isEmpty()) {
                    if (unrecognisedFrom == 0) unrecognisedFrom = first;
                } else {
                    Detected previous = parts.removeLast();
                    parts.add(new Detected(lines.apply(previous.part().first(), last), previous.detection()));
                }
                continue;
            }
            unrecognisedFrom = 0;
            if (!parts.isEmpty() && sameTool(parts.getLast().detection(), detection)) {
                Detected previous = parts.removeLast();
                parts.add(new Detected(lines.apply(previous.part().first(), last), previous.detection()));
            } else {
                parts.add(new Detected(lines.apply(first, last), detection));
            }
        }
        if (parts.size() < 2) return List.of();
        // a part that took in the lines around it is detected again on what it now holds
        List<Detected> detected = new ArrayList<>();
        for (Detected part : parts) {
            Detection again = detect(file, part.part());
            if (again.parser().isEmpty()) return List.of();
            detected.add(new Detected(part.part(), again));
        }
        return detected;
    }

    private static boolean sameTool(Detection a, Detection b) {
        return a.parser().orElseThrow().info().tool().equals(b.parser().orElseThrow().info().tool());
    }

    /** A pasted command line of a known tool: its line and the tools its program name may run. */
    private record Command(long line, Set<String> tools) {
    }

    /**
     * What one pass over the file found.
     *
     * @param lines    how many lines it has
     * @param hosts    the hosts its pdsh prefixes name, in the order they first appear, when they make it the output of
     *                 several hosts (each named twice or more, nothing else among them but blank lines); else none
     * @param commands the pasted command lines of known tools, in file order
     * @param toolChanges where another tool's output starts with no command line before it ({@link ToolChanges}), in a
     *                 file with no pasted command of a known tool
     */
    private record Scan(long lines, List<String> hosts, List<Command> commands, List<Long> toolChanges) {
    }

    private Scan scan(Path file) {
        HostBlocks hosts = new HostBlocks();
        List<Command> commands = new ArrayList<>();
        ToolChanges toolChanges = new ToolChanges(detector, file.getFileName().toString());
        long lines = 0;
        try (LineSource source = LineSource.of(file.getFileName().toString(), Files.newInputStream(file))) {
            for (String line = source.next(); line != null; line = source.next()) {
                lines = source.lineNumber();
                hosts.add(line);
                // the output's own starts matter only in a file whose pasted commands do not say where each tool's begins
                if (commands.isEmpty()) toolChanges.add(lines, line);
                if (namesAProgram(line)) {
                    TranscriptLine read = Transcript.line(line, anyTool);
                    if (read.is(TranscriptLine.Kind.COMMAND)) {
                        String tool = read.command().tool();
                        Set<String> tools = toolsRun(tool.substring(tool.lastIndexOf('/') + 1), line);
                        if (tools != null) commands.add(new Command(source.lineNumber(), tools));
                    }
                }
            }
        } catch (IOException e) {
            throw new UserException(file + ": cannot read: " + e.getMessage(), e);
        }
        return new Scan(lines, hosts.several(), commands, commands.isEmpty() ? toolChanges.starts() : List.of());
    }

    /**
     * The tools a pasted command of this program name runs: those whose parsers say the line runs them, else (none
     * says so) every tool typed so; null for a name no tool is typed as.
     */
    private Set<String> toolsRun(String name, String line) {
        Set<String> tools = toolsByName.get(name);
        if (tools == null || tools.size() < 2) return tools;
        Set<String> run = parsersByName.get(name).stream().filter(p -> p.runs(line)).map(p -> p.info().tool())
                .collect(Collectors.toCollection(TreeSet::new));
        return run.isEmpty() ? tools : run;
    }

    /**
     * The hosts of a file's prefixed lines, found a line at a time: a block of prefixed lines (blank lines among them)
     * ends at a line of text. The file is the output of several hosts when one block of two lines or more names two hosts
     * or more, each twice or more. Prose that opens with a word and a colon ({@code note: ...}) is no host: alone
     * between lines of text it is a block of one line, left out; at the block's first or last line, a word named there
     * only. A second block of two lines or more (text among the hosts' lines) makes it no such file.
     */
    private static final class HostBlocks {
        private Map<String, Integer> block = new LinkedHashMap<>();
        private int blockLines;
        private String blockLast;
        private Map<String, Integer> hosts = Map.of();
        private String hostsLast;
        private boolean hold = true;

        void add(String line) {
            if (!hold) return;
            Optional<String> host = HostPrefix.hostOf(line);
            if (host.isPresent()) {
                block.merge(host.get(), 1, Integer::sum);
                blockLines++;
                blockLast = host.get();
                hold = block.size() <= MOST_HOSTS;
            } else if (blockLines > 0 && !Quotes.unquoted(line).isBlank() && !line.strip().startsWith("pdsh@")) {
                // text after prefixed lines (pdsh's own 'pdsh@...' messages aside) ends their block
                end();
            }
        }

        private void end() {
            if (blockLines >= 2) {
                hold = hosts.isEmpty();
                hosts = block;
                hostsLast = blockLast;
            }
            block = new LinkedHashMap<>();
            blockLines = 0;
        }

        /** The hosts in the order they first appear, when the file is the output of several; else none. */
        List<String> several() {
            if (hold && blockLines > 0) end();
            if (!hold || hosts.isEmpty()) return List.of();
            Map<String, Integer> named = new LinkedHashMap<>(hosts);
            String first = named.keySet().iterator().next();
            if (named.get(first) == 1) named.remove(first);
            if (named.getOrDefault(hostsLast, 0) == 1) named.remove(hostsLast);
            boolean several = named.size() >= 2 && named.values().stream().allMatch(n -> n >= 2);
            return several ? List.copyOf(named.keySet()) : List.of();
        }
    }

    /**
     * Whether one of the first words of a line is a program name of a known tool, with or without a path: only such a
     * line can be a command that runs one, and this is asked of every line of every file imported. A line that starts
     * with a digit is the tools' output (a transcript reads it so), as nearly every line of a large file is.
     */
    private boolean namesAProgram(String line) {
        int words = 0;
        int i = 0;
        int n = line.length();
        while (i < n && Tokens.isSpace(line.charAt(i))) i++;
        if (i < n && line.charAt(i) >= '0' && line.charAt(i) <= '9') return false;
        while (i < n && words < WORDS) {
            while (i < n && Tokens.isSpace(line.charAt(i))) i++;
            int start = i;
            int name = start;
            while (i < n && !Tokens.isSpace(line.charAt(i))) {
                char c = line.charAt(i++);
                if (c == '/' || c == '(' || c == '`' || c == '$') name = i;
            }
            if (i == start) break;
            words++;
            if (name < i && i - name <= longestName && Character.isLetter(line.charAt(name))
                    && toolsByName.containsKey(line.substring(name, i))) return true;
        }
        return false;
    }
}
