package io.statlens.cli;

import io.statlens.collect.CollectFolder;
import io.statlens.collect.CollectedTool;
import io.statlens.collect.Collects;
import io.statlens.collect.SshOptions;
import io.statlens.parse.ParserCatalog;
import io.statlens.store.RepositoryEngine;
import io.statlens.store.load.LiveImport;
import io.statlens.store.read.ActiveCollects;
import io.statlens.store.saved.Annotation;
import io.statlens.store.saved.AnnotationStore;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code statlens note --active --db URL} from a machine that has none of the collect's files: the repository on a
 * Derby network server records its active collects, and the note lands on their runs; a collect whose collector was
 * killed long ago is named and left alone.
 */
class NoteActiveServerTest {
    @TempDir
    Path dir;

    @Test
    void aNoteWithTheServersUrlMarksTheRunOfEveryActiveCollect() throws Exception {
        assumeTrue(Stream.of(System.getenv("PATH").split(":")).anyMatch(p -> Files.isExecutable(Path.of(p, "vmstat"))),
                "vmstat is not installed (apt-get install procps): the collect needs a real tool");
        RepositoryLocation location = RepositoryEngine.DERBY_SERVER.freshRepository();
        try (Repository other = Repository.open(location, true)) {
            // a collect killed an hour ago left its record behind
            LiveImport.open(other, "killed", Optional.empty(), List.of()).close();
            new ActiveCollects(other).begin("killed", Instant.now().minusSeconds(3600), 1, "pid 1 on elsewhere");
        }
        CollectFolder folder = CollectFolder.of(dir.resolve("collects"), "bench");
        Collects.Request request = new Collects.Request("bench", List.of(), List.of(CollectedTool.named("vmstat")), Optional.empty(),
                Optional.empty(), 1, List.of(), ZoneId.systemDefault(), SshOptions.ofUser(false), false);
        CountDownLatch started = new CountDownLatch(1);
        AtomicReference<Throwable> failed = new AtomicReference<>();
        Thread collector = Thread.ofPlatform().start(() -> {
            try (Repository repo = Repository.open(location, true)) {
                Collects.run(repo, ParserCatalog.installed(), request, folder, line -> { }, started::countDown);
            } catch (Throwable e) {
                failed.set(e);
                started.countDown();
            }
        });
        assertTrue(started.await(60, TimeUnit.SECONDS), "the collect starts");
        assertEquals(null, failed.get());

        // another machine: no collect folder, only the repository's URL
        CliRun note = CliRun.of("note", "--active", "--db", location.jdbcUrl(), "warmup", "done");
        Collects.stop(folder);
        collector.join(60_000);

        assertEquals(0, note.code(), note.err());
        assertTrue(note.out().contains("annotated run 'bench' at "), note.out());
        assertTrue(note.out().contains("collect 'killed' (pid 1 on elsewhere) has committed nothing since"), note.out());
        try (Repository repo = Repository.open(location, false)) {
            assertEquals(List.of("warmup done"), new AnnotationStore(repo).list("bench").stream().map(Annotation::text).toList());
            assertEquals(List.of(), new AnnotationStore(repo).list("killed"));
            assertEquals(List.of("killed"), new ActiveCollects(repo).list().stream().map(ActiveCollects.Active::run).toList(),
                    "a stopped collect is no longer recorded as active");
        }
        CliRun none = CliRun.of("note", "--active", "--db", location.jdbcUrl(), "--collect", "bench", "again");
        assertEquals(1, none.code(), none.out());
        assertTrue(none.err().contains("no collect named bench is running"), none.err());
    }
}
