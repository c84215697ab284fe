package io.statlens.analysis;

import io.statlens.chart.DatabaseCaptureRun;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.SharedRepository;
import io.statlens.store.load.ImportProgress;
import io.statlens.store.load.ImportRequest;
import io.statlens.store.load.ImportService;
import io.statlens.store.schema.Repository;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The database side's findings from real captures: a sysbench OLTP run on MariaDB 10.11 whose data outgrows its
 * buffer pool, captured with vmstat, iostat, mpstat, mysqladmin ext -r -i 1, two InnoDB monitor reports and
 * performance_schema waits (src/test/resources/captures/sysbench-mariadb, imported in one command); and the
 * corpus's shorter captures, one tool each.
 */
class DatabaseFindingsTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo = shared.repository();

    @BeforeAll
    static void importRuns(@TempDir Path dir) {
        ImportService service = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        DatabaseCaptureRun.importInto(shared.repository());
        service.run(ImportRequest.of("innodb", ZoneOffset.UTC,
                Path.of("src/test/resources/corpus/innodb-status/mariadb-10.11-innodb-status-G-3.txt")), ImportProgress.NONE);
    }

    @Test
    void theCaptureHasItsDatabaseFindingsBesideTheOsOnes() {
        List<String> texts = texts(of(DatabaseCaptureRun.RUN));
        texts.forEach(System.out::println);
        assertEquals(List.of(), texts);
    }

    @Test
    void oneToolAloneGivesWhatItCan() {
        List<String> texts = texts(of("innodb"));
        texts.forEach(System.out::println);
        assertEquals(List.of(), texts);
    }

    private List<Finding> of(String run) {
        return new FindingsAnalyzer(repo).analyze(List.of(run)).runs().get(0).findings();
    }

    private static List<String> texts(List<Finding> findings) {
        return findings.stream().map(f -> f.kind().id() + ": " + f.text()).toList();
    }
}
