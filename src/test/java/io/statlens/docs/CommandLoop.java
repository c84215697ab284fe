package io.statlens.docs;

import io.statlens.cli.Main;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The main class of a JVM that runs one page's {@code statlens} commands of one environment, one after the other
 * ({@link PageShell}): a command whose environment the test's JVM cannot take (a password in
 * {@code STATLENS_DB_PASSWORD}) needs a JVM of its own, and a page's commands of the same environment share one
 * instead of starting one each, as a reader's shell runs them one after another. It runs on the command line's class
 * path alone (this one class beside it), so the command line is the shipped one.
 *
 * <p>Each line read is a command: its arguments, each {@code -} and its Base64 (an empty one is {@code -}), separated by
 * spaces. Each command gets one line back
 * on the standard output the JVM started with: {@code <exit code> <standard output> <standard error>}, both in Base64.
 * What the command printed to {@code System.out} and {@code System.err} itself is added to its own. The loop ends
 * at the end of its input.
 */
public final class CommandLoop {
    private CommandLoop() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream answers = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        Base64.Decoder decoder = Base64.getDecoder();
        Base64.Encoder encoder = Base64.getEncoder();
        BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = requests.readLine(); line != null; line = requests.readLine()) {
            String[] words = line.isEmpty() ? new String[0] : line.split(" ");
            String[] command = new String[words.length];
            for (int i = 0; i < words.length; i++) command[i] = new String(decoder.decode(words[i].substring(1)), StandardCharsets.UTF_8);
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            ByteArrayOutputStream directOut = new ByteArrayOutputStream();
            ByteArrayOutputStream directErr = new ByteArrayOutputStream();
            System.setOut(new PrintStream(directOut, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(directErr, true, StandardCharsets.UTF_8));
            int code = Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), command);
            System.out.flush();
            System.err.flush();
            String standardOut = out + directOut.toString(StandardCharsets.UTF_8);
            String standardErr = err + directErr.toString(StandardCharsets.UTF_8);
            answers.println(code + " " + encoder.encodeToString(standardOut.getBytes(StandardCharsets.UTF_8)) + " "
                    + encoder.encodeToString(standardErr.getBytes(StandardCharsets.UTF_8)));
        }
    }
}
