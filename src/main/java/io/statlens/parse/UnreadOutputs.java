package io.statlens.parse;

import io.statlens.parse.spi.Head;
import io.statlens.parse.text.Tokens;

import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Outputs of tools statlens does not read, known by a line of theirs, so that refusing such a file says what it
 * is ("it is zpool iostat output") rather than that nothing in it looks like a tool's. They come with the tools it
 * reads: the same performance pages paste them side by side. Only asked when no parser took the file, and only what
 * cannot be another tool's output: a line of their own, or free(1)'s header of labels ({@code total used free ...})
 * right above its {@code Mem:} line of amounts (top's {@code Mem:} line has words between its amounts).
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
            new Known("top -l", Pattern.compile("^Processes: \\d+ total, \\d+ running\\b")),
            // nfs-utils' "Client rpc stats:", illumos' "Client rpc:" (then "Connection oriented:"), on a line of their own
            new Known("nfsstat", Pattern.compile("^\\s*(?:Client|Server) rpc(?: stats)?:\\s*$")),
            // sysstat's tools and formats besides those read: cifsiostat's header (rB/s, -k rkB/s, -m rMB/s); sadf -p's
            // host, interval, time stamp (or -U epoch seconds), item, label and value, tab-separated; sadf -x's doctype;
            // sadf -H's account of the data file
            new Known("cifsiostat", Pattern.compile("^\\s*Filesystem\\s+r[kM]?B/s\\s+w[kM]?B/s\\s+rops/s\\s+wops/s\\b")),
            new Known("sadf -p", Pattern.compile(
                    "^[^\\t]+\\t\\d+\\t(?:\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d(?: \\S+)?|\\d{9,11})\\t[^\\t]+\\t[^\\t]+\\t[^\\t]*$")),
            new Known("sadf -x", Pattern.compile("^<!DOCTYPE sysstat PUBLIC ")),
            new Known("sadf -H", Pattern.compile("^System activity data file: ")));

    /** An amount as free prints it: bytes, KiB..., or scaled with a unit ({@code 2.0G}, {@code 566M}, {@code 0B}). */
    private static final Pattern FREE_AMOUNT = Pattern.compile("\\d+(?:[.,]\\d+)?[BKMGTPE]?i?");

    private UnreadOutputs() {
    }

    /** The tool whose output this head is, if it is one statlens knows and does not read. */
    static Optional<String> of(Head head) {
        List<String> lines = head.lines();
        for (int i = 0; i < lines.size(); i++) {
            for (Known known : KNOWN) {
                if (known.line().matcher(lines.get(i)).find()) return Optional.of(known.tool());
            }
            if (i + 1 < lines.size() && isFreeHeader(Tokens.split(lines.get(i))) && isFreeMemory(Tokens.split(lines.get(i + 1)))) {
                return Optional.of("free(1)");
            }
        }
        return Optional.empty();
    }

    private static boolean isFreeHeader(String[] words) {
        return words.length >= 3 && words[0].equals("total") && words[1].equals("used") && words[2].equals("free");
    }

    private static boolean isFreeMemory(String[] words) {
        if (words.length < 4 || !words[0].equals("Mem:")) return false;
        for (int i = 1; i < words.length; i++) {
            if (!FREE_AMOUNT.matcher(words[i]).matches()) return false;
        }
        return true;
    }
}
