package io.statlens.store.schema;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.List;

/**
 * Where embedded Derby writes its messages ({@code derby.stream.error.field}). Derby notes every boot and
 * shutdown, which used to leave a derby.log beside every repository that said nothing. This stream holds
 * Derby's latest lines in memory and writes them to derby.log beside the repository only when they matter:
 * when Derby reports an error or an exception, or when the command fails with an internal error
 * ({@link #keep()}), so that what Derby said about a failure is never lost.
 */
public final class DerbyMessages extends OutputStream {
    /** The stream Derby is pointed at; Derby reads it from this public static field. */
    public static final DerbyMessages STREAM = new DerbyMessages();

    private static final int HELD_LINES = 500;

    private final ArrayDeque<String> held = new ArrayDeque<>();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private Path file;
    private boolean writing;

    /**
     * {@code derby.stream.error.field}'s value for {@link #STREAM}. A constant, which javac copies into its users: the
     * command line sets the property (cli.Main, before any command runs) without loading this class, so that
     * {@code --help} loads no class of the store.
     */
    public static final String FIELD = "io.statlens.store.schema.DerbyMessages.STREAM";

    /** Whether Derby writes to {@link #STREAM}: the property names it, and no choice of the user's overrides it. */
    static boolean routed() {
        return System.getProperty("derby.stream.error.style") == null && System.getProperty("derby.stream.error.file") == null
                && System.getProperty("derby.stream.error.method") == null && FIELD.equals(System.getProperty("derby.stream.error.field"));
    }

    /** The derby.log to write to when something matters; the first repository opened decides it. */
    synchronized void useFile(Path derbyLog) {
        if (file == null) file = derbyLog;
    }

    /** Writes the lines held so far, and every later one, to derby.log: the command failed. */
    public static void keep() {
        STREAM.startWriting();
    }

    @Override
    public synchronized void write(int b) {
        if (b == '\n') {
            // Derby writes through a writer in the platform's charset (UTF-8 on Java 18 and later).
            take(line.toString(StandardCharsets.UTF_8));
            line.reset();
        } else {
            line.write(b);
        }
    }

    @Override
    public synchronized void write(byte[] b, int off, int len) {
        for (int i = off; i < off + len; i++) write(b[i]);
    }

    private void take(String text) {
        if (writing) {
            append(List.of(text));
            return;
        }
        held.addLast(text);
        if (held.size() > HELD_LINES) held.removeFirst();
        if (text.contains("ERROR") || text.contains("Exception")) startWriting();
    }

    private synchronized void startWriting() {
        if (writing) return;
        writing = true;
        append(List.copyOf(held));
        held.clear();
    }

    private void append(List<String> lines) {
        if (file == null || lines.isEmpty()) return;
        try {
            Files.write(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            // Derby calls this while it reports a failure: throwing here would replace Derby's error with
            // this one. The lines are lost only when derby.log itself cannot be written (its folder gone).
            writing = false;
        }
    }

    /** Lines held and not written, oldest first (for tests). */
    synchronized List<String> held() {
        return List.copyOf(held);
    }
}
