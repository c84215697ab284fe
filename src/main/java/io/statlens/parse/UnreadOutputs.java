package io.statlens.parse;

import io.statlens.parse.spi.Head;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Outputs of tools statlens does not read, known by a line of theirs, so that refusing such a file says what it
 * is ("it is zpool iostat output") rather than that nothing in it looks like a tool's. They come with the tools it
 * reads: the same performance pages paste them side by side. Only asked when no parser took the file.
 */
final class UnreadOutputs {
    private record Known(String tool, Pattern line) {
    }

    private static final List<Known> KNOWN = List.of(
            new Known("vfsstat", Pattern.compile("^\\s*r/s\\s+w/s\\s+[kKM]r/s\\s+[kKM]w/s\\s+ractv\\s+wactv\\b")),
            new Known("ziostat", Pattern.compile("^\\s*r/s\\s+kr/s\\s+actv\\s+wsvc_t\\s+asvc_t\\s+%b\\s+zone\\s*$")),
            new Known("zpool iostat", Pattern.compile("^\\s*(?:capacity\\s+operations\\s+bandwidth|pool\\s+alloc\\s+free\\s+read\\s+write)\\b")),
            new Known("intrstat", Pattern.compile("^\\s*device\\s+\\|\\s+cpu\\d+\\s+%tim\\b")),
            new Known("netstat -i", Pattern.compile("^\\s*input\\s+\\S+\\s+output\\s+input\\s+\\(Total\\)\\s+output\\s*$")),
            new Known("iostat -E", Pattern.compile("\\bSoft Errors: \\d+ Hard Errors: \\d+ Transport Errors: \\d+")),
            new Known("gstat", Pattern.compile("^\\s*(?:dT: [\\d.]+s\\s+w: |L\\(q\\)\\s+ops/s\\s+r/s\\b)")),
            new Known("top -l", Pattern.compile("^Processes: \\d+ total, \\d+ running\\b")));

    private UnreadOutputs() {
    }

    /** The tool whose output this head is, if it is one statlens knows and does not read. */
    static Optional<String> of(Head head) {
        for (String line : head.lines()) {
            for (Known known : KNOWN) {
                if (known.line().matcher(line).find()) return Optional.of(known.tool());
            }
        }
        return Optional.empty();
    }
}
