package io.statlens.parse.spi;

import java.util.regex.Pattern;

/**
 * What a document adds where it breaks a code block across pages: a page footer ({@code Page 3 of 12},
 * {@code - 3 -}, {@code 3/12}, the address a page was printed from), the form feed of a PDF's text and the next
 * page's running header. None of it is a tool's output; {@link LineSource} leaves it out, with the blank lines
 * that set it off, so that a table goes on across the break as it did before the document was made.
 */
final class PageFurniture {
    /** A line that is only a page number, in the words of common locales: "Page 3 of 12", "Seite 3 von 12", "- 3 -", "3/12". */
    private static final Pattern PAGE_NUMBER = Pattern.compile(
            "(?iu)(?:(?:page|pg\\.?|p\\.|seite|página|pagina|strona|strana|sida|side|sivu|sayfa|стр\\.?|страница|сторінка)\\s*\\d+"
                    + "(?:\\s*(?:of|/|von|de|di|sur|z|av|af|из|з)\\s*\\d+)?"
                    + "|-\\s*\\d+\\s*-|\\d+\\s*/\\s*\\d+|第\\s*\\d+\\s*页(?:\\s*[,，]?\\s*共\\s*\\d+\\s*页)?|\\d+\\s*ページ)");
    /** An address alone on its line, as a browser prints it at the foot of each page, perhaps with a date or page after it. */
    private static final Pattern ADDRESS = Pattern.compile("(?i)(?:https?|file)://\\S+(?:\\s+\\S+){0,3}");
    private static final int LONGEST = 160;

    private PageFurniture() {
    }

    /**
     * Whether a line (a tool never prints it) is a page footer: a page number or an address alone on its line. Asked
     * of every line of an import, so a table's row is turned down by its last character or by counting its numbers,
     * before any copy of the line or the case-folding patterns (docs/bench.md, the nmon import).
     */
    static boolean isFooter(String line) {
        int start = 0;
        int n = line.length();
        while (start < n && isBlank(line.charAt(start))) start++;
        int end = n;
        while (end > start && isBlank(line.charAt(end - 1))) end--;
        if (start == end || end - start > LONGEST) return false;
        char first = line.charAt(start);
        char last = line.charAt(end - 1);
        if (first == 'h' || first == 'H' || first == 'f' || first == 'F') {
            String text = line.substring(start, end);
            if (text.indexOf("://") > 0) return ADDRESS.matcher(text).matches();
        }
        return (Character.isDigit(last) || last == '-' || last == '页' || last == 'ジ') && atMostTwoNumbers(line, start, end)
                && PAGE_NUMBER.matcher(line.substring(start, end)).matches();
    }

    /** A page number line holds one or two numbers; a table's row nearly always more. */
    private static boolean atMostTwoNumbers(String line, int start, int end) {
        int numbers = 0;
        boolean inNumber = false;
        for (int i = start; i < end; i++) {
            boolean digit = Character.isDigit(line.charAt(i));
            if (digit && !inNumber && ++numbers > 2) return false;
            inNumber = digit;
        }
        return true;
    }

    /** Whether a line starts a new page: a form feed first (the text of a PDF marks each page so). */
    static boolean startsPage(String line) {
        return !line.isEmpty() && line.charAt(0) == '\f';
    }

    /** Whether a line may begin page furniture: checked for every line, so cheap for the lines of a table. */
    static boolean mayBegin(String line) {
        return line.isEmpty() || startsPage(line) || blank(line) || isFooter(line);
    }

    static boolean blank(String line) {
        for (int i = 0; i < line.length(); i++) {
            if (!isBlank(line.charAt(i))) return false;
        }
        return true;
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\u00A0' || c == '\u3000';
    }
}
