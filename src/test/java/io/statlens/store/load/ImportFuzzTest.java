package io.statlens.store.load;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.statlens.model.UserException;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code statlens import} of any bytes ends with an import or a {@link UserException} (exit 0 or 1),
 * never another exception (exit 2): the parsers' fuzz targets check what parsers hand on; this one
 * checks that the repository takes it (names, values and times within what it holds). The first byte
 * chooses the parser ({@code --tool}) or, when 0, detection; the rest is the file. One in-memory
 * repository serves every input.
 */
class ImportFuzzTest {
    private static final ParserCatalog CATALOG = ParserCatalog.load(Path.of("no-user-parsers"));
    private static final List<String> TOOLS = CATALOG.all().stream().map(p -> p.info().tool()).toList();
    private static final AtomicLong RUNS = new AtomicLong();
    private static Repository repo;

    @FuzzTest(maxDuration = "30m")
    void importAnything(byte[] input) throws IOException {
        if (input.length == 0) return;
        if (repo == null) repo = Repository.open(RepositoryLocation.memory("import-fuzz"));
        int choice = Byte.toUnsignedInt(input[0]) % (TOOLS.size() + 1);
        Optional<String> tool = choice == 0 ? Optional.empty() : Optional.of(TOOLS.get(choice - 1));
        Path file = Files.createTempFile("import-fuzz", ".txt");
        try {
            Files.write(file, Arrays.copyOfRange(input, 1, input.length));
            ImportRequest request = new ImportRequest(List.of(file), "fuzz-" + RUNS.incrementAndGet(), Optional.empty(), List.of(),
                    tool, Optional.empty(), Optional.empty(), ZoneOffset.UTC, false, false, false);
            new ImportService(repo, CATALOG).run(request, ImportProgress.NONE);
        } catch (UserException refused) {
            // exit code 1 with a reason: allowed
        } finally {
            Files.deleteIfExists(file);
        }
    }
}
