package io.statlens.store.schema;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Derby's boot and shutdown notes are held, not written beside the repository; its errors are. */
class DerbyMessagesTest {
    @TempDir
    Path dir;

    @Test
    void routineNotesStayInMemoryAndAnErrorWritesThemWithIt() throws Exception {
        DerbyMessages messages = new DerbyMessages();
        Path log = dir.resolve("derby.log");
        messages.useFile(log);
        messages.write("Booting Derby version 10.17.1.0 (1913217): instance c013800d\n".getBytes());
        messages.write("on database directory /tmp/répo\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(messages.held().contains("on database directory /tmp/répo"), messages.held().toString());
        assertFalse(Files.exists(log));
        messages.write("ERROR XSDB6: Another instance of Derby may have already booted the database\n".getBytes());
        String written = Files.readString(log);
        assertTrue(written.contains("répo") && written.contains("ERROR XSDB6"), written);
        messages.write("Shutting down instance c013800d\n".getBytes());
        assertTrue(Files.readString(log).endsWith("Shutting down instance c013800d\n"), Files.readString(log));
    }

    @Test
    void thePropertysValueNamesThisStream() throws Exception {
        int dot = DerbyMessages.FIELD.lastIndexOf('.');
        Object field = Class.forName(DerbyMessages.FIELD.substring(0, dot)).getField(DerbyMessages.FIELD.substring(dot + 1)).get(null);
        assertSame(DerbyMessages.STREAM, field, "derby.stream.error.field=" + DerbyMessages.FIELD);
    }
}
