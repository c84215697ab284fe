package io.statlens.chart;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class KeyOrderTest {
    @Test
    void allFirstThenNumbersByValueThenNamesWithNumbersByValue() {
        List<String> keys = new ArrayList<>(List.of("sdb10", "10", "sdb2", "all", "2", "sdb", "1", "nvme0n1", "01x"));
        keys.sort(KeyOrder.NATURAL);
        assertEquals(List.of("all", "1", "01x", "2", "10", "nvme0n1", "sdb", "sdb2", "sdb10"), keys);
    }
}
