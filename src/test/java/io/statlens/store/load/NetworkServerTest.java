package io.statlens.store.load;

import io.statlens.parse.ParserCatalog;
import io.statlens.store.read.SeriesReader;
import io.statlens.store.schema.Repository;
import io.statlens.store.schema.RepositoryLocation;

import org.apache.derby.drda.NetworkServerControl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A repository shared through a Derby network server (--db jdbc:derby://host:port/name) imports and reads back. */
class NetworkServerTest {
    @TempDir
    Path dir;

    @Test
    void importsAndReadsThroughANetworkServer() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        NetworkServerControl server = new NetworkServerControl(InetAddress.getLoopbackAddress(), port);
        server.start(new PrintWriter(new StringWriter()));
        try {
            waitUntilUp(server);
            Path f = Files.writeString(dir.resolve("net.txt"), "#scripted\ncolumns a b\n1700000000 x 1 2\n1700000005 x 3 4\n");
            RepositoryLocation location = RepositoryLocation.url("jdbc:derby://localhost:" + port + "/memory:net;create=true");
            try (Repository repo = Repository.open(location)) {
                new ImportService(repo, new ParserCatalog(List.of(new ScriptedParser())))
                        .run(ImportRequest.of("shared", ZoneOffset.UTC, f), ImportProgress.NONE);
            }
            try (Repository repo = Repository.open(location)) {
                SeriesReader reader = new SeriesReader(repo);
                List<String> rows = new ArrayList<>();
                reader.read(reader.select("shared", "scripted"), true,
                        r -> rows.add(r.time() + " " + r.elapsed() + " " + r.key() + " " + r.values()[0] + " " + r.values()[1]));
                assertEquals(List.of(Instant.ofEpochSecond(1700000000) + " 0.0 x 1.0 2.0",
                        Instant.ofEpochSecond(1700000005) + " 5.0 x 3.0 4.0"), rows);
            }
        } finally {
            server.shutdown();
        }
    }

    private static void waitUntilUp(NetworkServerControl server) throws Exception {
        for (int i = 0; i < 100; i++) {
            try {
                server.ping();
                return;
            } catch (Exception notYet) {
                Thread.sleep(100);
            }
        }
        server.ping();
    }
}
