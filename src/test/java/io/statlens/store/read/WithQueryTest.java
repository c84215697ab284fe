package io.statlens.store.read;

import io.statlens.model.UserException;
import io.statlens.store.OnEveryEngine;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.SharedRepository;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code WITH} queries: on PostgreSQL one that only reads runs; on Derby, which has no WITH, the user is told so in one
 * sentence with the way around it; one that would change data is refused on every engine before it reaches SQL.
 */
@OnEveryEngine
class WithQueryTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final RepositoryEngine engine;
    private final Repository repo;

    WithQueryTest(RepositoryEngine engine) {
        this.engine = engine;
        this.repo = shared.repository(engine);
    }

    private List<List<Object>> rows(String sql) {
        List<List<Object>> out = new ArrayList<>();
        new ReadOnlyQuery(repo).run(sql, Map.of(), new ReadOnlyQuery.Handler() {
            @Override
            public void columns(List<String> names, List<Boolean> numeric) {
            }

            @Override
            public void row(List<Object> values) {
                out.add(values);
            }
        }, new ReadOnlyQuery.Limits(60, 0), null);
        return out;
    }

    @Test
    void aWithThatOnlyReadsRunsOnPostgresqlAndDerbySaysItHasNone() {
        // 'update' and 'delete' in a literal and a quoted name are text, not statements.
        String sql = "-- the runs, counted\nWITH named AS (SELECT NAME, 'update me' AS \"delete\" FROM RUNS)"
                + " SELECT COUNT(*) AS N, MAX(\"delete\") AS W FROM named;";
        if (engine == RepositoryEngine.POSTGRES) {
            List<List<Object>> result = rows(sql);
            assertEquals(1, result.size());
            assertEquals(0L, ((Number) result.get(0).get(0)).longValue(), "an empty repository has no runs");
        } else {
            UserException e = assertThrows(UserException.class, () -> rows(sql));
            assertEquals("this repository is Derby, which has no WITH queries: write each WITH part as a subquery in FROM instead"
                    + " (SELECT ... FROM (SELECT ...) AS name)", e.getMessage());
        }
    }

    @Test
    void aWithThatWouldChangeDataIsRefusedOnEveryEngine() {
        for (String sql : List.of("WITH gone AS (DELETE FROM RUNS RETURNING NAME) SELECT * FROM gone",
                "with t as (select 1 as x) insert into RUNS (NAME) select 'x' from t",
                "WITH t AS (SELECT 1 AS X) UPDATE RUNS SET NAME = 'y'")) {
            UserException e = assertThrows(UserException.class, () -> rows(sql), sql);
            assertTrue(e.getMessage().startsWith("statlens query is read-only: a WITH query may only read (it has "), e.getMessage());
        }
        assertEquals(1, rows("SELECT COUNT(*) FROM RUNS").size(), "SELECT still runs");
        assertEquals(1, rows("VALUES (1)").size(), "VALUES still runs");
    }
}
