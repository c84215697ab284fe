package io.statlens.analysis;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class KeyOrderTest {
    @Test
    void keysSortAsPeopleReadThem() {
        List<String> keys = new ArrayList<>(List.of("sd10", "10", "sda", "2", "all", "sd2", "", "nvme0n1", "007"));
        keys.sort(KeyOrder.INSTANCE);
        assertEquals(List.of("all", "", "2", "007", "10", "nvme0n1", "sd2", "sd10", "sda"), keys);
    }

    @Test
    void allFirstThenNumbersByValueThenNamesWithNumbersByValueKeepingEqualValuesApart() {
        List<String> keys = new ArrayList<>(List.of("sdb10", "10", "sdb2", "all", "2", "sdb", "1", "nvme0n1", "01x", "01"));
        keys.sort(KeyOrder.INSTANCE);
        assertEquals(List.of("all", "01", "1", "01x", "2", "10", "nvme0n1", "sdb", "sdb2", "sdb10"), keys);
        java.util.Set<String> set = new java.util.TreeSet<>(KeyOrder.INSTANCE);
        set.addAll(List.of("1", "01"));
        assertEquals(2, set.size(), "equal by value, still two keys");
    }
}
