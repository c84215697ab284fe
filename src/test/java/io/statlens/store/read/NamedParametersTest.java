package io.statlens.store.read;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NamedParametersTest {
    @Test
    void parametersBecomePlaceholdersOutsideLiteralsAndComments() {
        NamedParameters p = NamedParameters.of(
                "SELECT ':run', \"A:B\" FROM T -- :no\nWHERE RUN = :run /* :nor */ AND X = :Other AND Y::INT = :run");
        assertEquals("SELECT ':run', \"A:B\" FROM T -- :no\nWHERE RUN = ? /* :nor */ AND X = ? AND Y::INT = ?", p.sql());
        assertEquals(List.of("run", "other", "run"), p.names());
        assertEquals(List.of("run", "other"),
                ReadOnlyQuery.parameterNames("SELECT 1 FROM T WHERE A = :run AND B = :other OR C = :run"));
    }
}
