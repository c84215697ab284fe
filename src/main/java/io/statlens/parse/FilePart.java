package io.statlens.parse;

import io.statlens.parse.spi.LineSource;
import io.statlens.parse.text.HostPrefix;

import java.util.Optional;
import java.util.Set;

/**
 * One part of a file that holds the output of several tools pasted one after another, or of several hosts (pdsh,
 * clush): the lines one parser reads, numbered as in the file ({@link FileParts}).
 *
 * @param first  the part's first line in the file
 * @param last   its last line
 * @param host   for a part of one host's lines, the host its prefix names; every line whose prefix names another of
 *               the file's {@code hosts} is left out of it
 * @param hosts  every host the file's prefixes name, when the parts are by host; else empty
 */
public record FilePart(long first, long last, Optional<String> host, Set<String> hosts) implements LineSource.Selection {
    public FilePart {
        hosts = Set.copyOf(hosts);
    }

    /** The lines {@code first} to {@code last}. */
    public static FilePart lines(long first, long last) {
        return new FilePart(first, last, Optional.empty(), Set.of());
    }

    /** The lines of one host, and the lines of none (the command, prose), of a file of several hosts. */
    public static FilePart ofHost(String host, Set<String> hosts, long last) {
        return new FilePart(1, last, Optional.of(host), hosts);
    }

    @Override
    public boolean keeps(String text) {
        if (host.isEmpty()) return true;
        Optional<String> named = HostPrefix.hostOf(text);
        return named.isEmpty() || named.get().equals(host.get()) || !hosts.contains(named.get());
    }

    /** What names the part after its file's name: its lines ({@code 12-40}) or its host ({@code node1}). */
    public String label() {
        return host.orElse(first + "-" + last);
    }

    /** The part as people name it: {@code notes.txt:12-40}, {@code pdsh.txt:node1}. */
    public String name(String fileName) {
        return fileName + ":" + label();
    }
}
