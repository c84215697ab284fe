package io.statlens.parse.builtin.mysql;

import java.util.Map;

/**
 * Whether a capture printed absolute values or differences ({@code mysqladmin -r}, {@code pt-mext -r}), which the
 * output does not say. A pasted command line settles it ({@link MysqladminOptions}); else the first two snapshots do: {@code mysqladmin -r}
 * prints every variable through a number conversion (text values become 0) and as a difference from the second on,
 * so {@code Innodb_page_size}, constant while a server runs, is 0 in the second snapshot; without InnoDB a falling
 * {@code Uptime} says it (which a restart within one interval would also do).
 */
final class CaptureMode {
    private CaptureMode() {
    }

    /**
     * @param first      the first snapshot's numeric values
     * @param firstHadText whether the first snapshot printed a text value (never with {@code -r})
     * @param second     the second snapshot's numeric values
     */
    static boolean relative(Map<String, Double> first, boolean firstHadText, Map<String, Double> second) {
        if (firstHadText) return false;
        Double pageSize1 = first.get("Innodb_page_size");
        Double pageSize2 = second.get("Innodb_page_size");
        if (pageSize1 != null && pageSize2 != null && pageSize1 > 0) return pageSize2 == 0;
        Double uptime1 = first.get("Uptime");
        Double uptime2 = second.get("Uptime");
        return uptime1 != null && uptime2 != null && uptime2 < uptime1;
    }
}
