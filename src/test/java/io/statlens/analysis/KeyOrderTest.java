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
}
