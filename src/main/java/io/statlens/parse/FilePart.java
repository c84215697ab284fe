package io.statlens.parse;

import io.statlens.parse.spi.LineSource;
import io.statlens.parse.text.HostPrefix;

import java.util.Optional;
import java.util.Set;

/**
 * One part of a file that holds the output of several tools pasted one after another, or of several hosts (pdsh,
 * clush): the lines one parser reads, numbered as in the file ({@link FileParts}).
 *
 * @param first    the part's first line in the file
 * @param last     its last line
 * @param host     for a part of one host's lines, the host its prefix names; every line whose prefix names another of
 *                 the file's {@code hosts} is left out of it
 * @param hosts    every host the file's prefixes name, when the parts are by host; else empty
 * @param noHost   for a part of one host's lines, whether it reads every line of no host (prose around the hosts' lines,
 *                 the command that ran them): the first host's part does, so that each such line is read and warned
 *                 about once; the others read only the {@code commands}
 * @param commands the lines of no host that every host's part reads: the pasted commands that ran the tools, which give
 *                 each host's output its interval and options
 * @param whole    for a part of one host's lines, whether it is all of them; it is not when the host ran two tools or
 *                 more one after the other, and each tool's output is a part
 */
public record FilePart(long first, long last, Optional<String> host, Set<String> hosts, boolean noHost, Set<Long> commands,
                       boolean whole) implements LineSource.Selection {
    public FilePart {
        hosts = Set.copyOf(hosts);
        commands = Set.copyOf(commands);
    }

    /** The lines {@code first} to {@code last}. */
    public static FilePart lines(long first, long last) {
        return new FilePart(first, last, Optional.empty(), Set.of(), true, Set.of(), true);
    }

    /**
     * The lines of one host of a file of several hosts, with the pasted commands among the lines of no host, and, when
     * {@code noHost} (the first host's part), the other lines of no host too.
     */
    public static FilePart ofHost(String host, Set<String> hosts, long last, boolean noHost, Set<Long> commands) {
        return new FilePart(1, last, Optional.of(host), hosts, noHost, commands, true);
    }

    /** The lines {@code first} to {@code last} of this part of one host's lines: the output of one of the tools it ran. */
    public FilePart ofTool(long first, long last) {
        return new FilePart(first, last, host, hosts, noHost, commands, false);
    }

    @Override
    public boolean keeps(long line, String text) {
        if (host.isEmpty()) return true;
        Optional<String> named = HostPrefix.hostOf(text);
        // a prefix that names none of the hosts ('note: ...' opening prose) is a line of no host
        if (named.isPresent() && hosts.contains(named.get())) return named.get().equals(host.get());
        return noHost || commands.contains(line);
    }

    /**
     * What names the part after its file's name: its lines ({@code 12-40}), its host ({@code node1}), or its host and
     * lines ({@code node1:17-40}, one of the tools a host ran).
     */
    public String label() {
        String lines = first + "-" + last;
        return host.map(h -> whole ? h : h + ":" + lines).orElse(lines);
    }

    /** The part as people name it: {@code notes.txt:12-40}, {@code pdsh.txt:node1}, {@code pdsh.txt:node1:17-40}. */
    public String name(String fileName) {
        return fileName + ":" + label();
    }
}
