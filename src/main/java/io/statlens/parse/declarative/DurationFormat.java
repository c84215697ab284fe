package io.statlens.parse.declarative;

import java.util.ArrayList;
import java.util.List;

/**
 * Durations printed as fields, such as prstat's TIME ({@code 0:00:12}, and {@code 1:23.45} in older
 * releases, both hours:minutes:seconds) or ps's {@code 1-02:03:04}, read as seconds.
 *
 * <p>The format names the fields of the longest form from left to right: {@code d} days, {@code h}
 * hours, {@code m} minutes, {@code s} seconds, {@code f} a decimal fraction of a second. Separators in
 * the format are decoration; in values {@code :}, {@code .} and {@code -} all separate fields. A value
 * with fewer fields fills the format from the right: with {@code h:m:s}, {@code 12:34} is 12 min 34 s.
 *
 * @param fields the field letters, left to right
 */
public record DurationFormat(String fields) {
    private static final String LETTERS = "dhmsf";

    public DurationFormat {
        if (fields.isEmpty()) throw new IllegalArgumentException("no fields");
        for (int i = 0; i < fields.length(); i++) {
            char c = fields.charAt(i);
            if (LETTERS.indexOf(c) < 0) throw new IllegalArgumentException("'" + c + "' is not one of d h m s f");
            if (fields.indexOf(c) != i) throw new IllegalArgumentException("'" + c + "' appears twice");
        }
    }

    /**
     * @param pattern such as {@code h:m:s} or {@code d-h:m:s} or {@code m:s.f}
     * @throws IllegalArgumentException if the pattern names no field or another letter
     */
    public static DurationFormat of(String pattern) {
        StringBuilder letters = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == ':' || c == '.' || c == '-') continue;
            letters.append(c);
        }
        return new DurationFormat(letters.toString());
    }

    /** @throws NumberFormatException if the text is not a duration in this format */
    public double seconds(String text) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= text.length(); i++) {
            if (i == text.length() || text.charAt(i) == ':' || text.charAt(i) == '.' || text.charAt(i) == '-') {
                parts.add(text.substring(start, i));
                start = i + 1;
            }
        }
        if (parts.size() > fields.length()) {
            throw new NumberFormatException("'" + text + "' has more fields than " + fields);
        }
        double seconds = 0;
        int offset = fields.length() - parts.size();
        for (int i = 0; i < parts.size(); i++) {
            String part = parts.get(i);
            if (part.isEmpty() || !part.chars().allMatch(Character::isDigit)) {
                throw new NumberFormatException("'" + text + "' is not a duration");
            }
            seconds += switch (fields.charAt(offset + i)) {
                case 'd' -> Long.parseLong(part) * 86400.0;
                case 'h' -> Long.parseLong(part) * 3600.0;
                case 'm' -> Long.parseLong(part) * 60.0;
                case 's' -> Long.parseLong(part);
                default -> Double.parseDouble("0." + part);
            };
        }
        return seconds;
    }
}
