package io.statlens.gui;

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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The compare window's message says that the runs ran on different hosts, as {@code statlens compare} does: real
 * {@code iostat -xm} output of pitbull and facebook-maria2.
 */
class CompareHostsViewModelTest {
    @RegisterExtension
    static final SharedRepository shared = SharedRepository.keptBetweenTests();
    private final Repository repo = shared.repository();

    @BeforeAll
    static void importRuns(@TempDir Path dir) {
        ImportService service = new ImportService(shared.repository(), ParserCatalog.load(dir.resolve("no-user-parsers")));
        for (String[] r : new String[][]{{"mb-pitbull-3.1-de-xm.txt", "pitbull"}, {"mb-facebook-maria2-de-xm.txt", "maria2"}}) {
            service.run(ImportRequest.of(r[1], ZoneOffset.UTC, Path.of("src/test/resources/corpus/iostat/" + r[0])), ImportProgress.NONE);
        }
    }

    @Test
    void theMessageSaysTheRunsRanOnDifferentHosts() {
        Services s = Workbench.services(repo, ZoneOffset.UTC);
        CompareViewModel model = new CompareViewModel(s.runs(), s.comparer(), s.charts(), new SynchronousExecutor());
        model.open(List.of("pitbull", "maria2"));
        model.compare();
        String message = model.messageProperty().get();
        assertTrue(message.matches("\\d+ row\\(s\\), \\d+ significant \\(p < 0\\.05\\); base pitbull\\. .*"), message);
        assertTrue(message.endsWith(". Different hosts: pitbull ran on pitbull, maria2 on facebook-maria2; a change may be the"
                + " machines', not the runs'."), message);
        assertEquals(1, message.split("Different hosts", -1).length - 1);
    }
}
