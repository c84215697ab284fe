package io.statlens.collect;

import io.statlens.model.UserException;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * How other statlens commands reach a running collector, which alone holds an embedded repository: a Unix domain
 * socket in the collect's folder (the user's alone). A request is one line ({@code status}, {@code stop},
 * {@code note TEXT}); the answer is lines of tab-separated fields, then the connection closes. An answer that starts
 * with {@code error\t} is a refusal.
 */
final class ControlChannel implements AutoCloseable {
    static final String STATUS = "status";
    static final String STOP = "stop";
    static final String NOTE = "note ";
    static final String ERROR = "error\t";

    private final ServerSocketChannel server;
    private final Path socket;
    private final Thread thread;

    private ControlChannel(ServerSocketChannel server, Path socket, Function<String, List<String>> handler) {
        this.server = server;
        this.socket = socket;
        this.thread = Thread.ofPlatform().name("collect-control").daemon().start(() -> serve(handler));
    }

    /** Listens on the collect's socket; each request line is answered by the handler. */
    static ControlChannel listen(Path socket, Function<String, List<String>> handler) throws IOException {
        Files.deleteIfExists(socket);
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            server.bind(UnixDomainSocketAddress.of(socket));
        } catch (IOException | RuntimeException e) {
            server.close();
            // a Unix socket's path holds at most about 100 bytes
            throw new UserException("cannot listen on " + socket + " (" + e.getMessage() + "); a repository in a folder with a"
                    + " shorter path keeps its collects' sockets within the system's limit");
        }
        return new ControlChannel(server, socket, handler);
    }

    private void serve(Function<String, List<String>> handler) {
        while (server.isOpen()) {
            try (SocketChannel client = server.accept();
                 BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(client), StandardCharsets.UTF_8));
                 PrintWriter out = new PrintWriter(Channels.newOutputStream(client), false, StandardCharsets.UTF_8)) {
                String request = in.readLine();
                List<String> answer;
                try {
                    answer = request == null ? List.of() : handler.apply(request);
                } catch (RuntimeException e) {
                    answer = List.of(ERROR + e.getMessage());
                }
                for (String line : answer) out.print(line + "\n");
                out.flush();
            } catch (IOException e) {
                if (!server.isOpen()) return;
                // a client that went away: the next one is served
            }
        }
    }

    /** Sends one request to the collector of the folder and returns its answer; a refusal is a user error. */
    static List<String> ask(CollectFolder folder, String request) {
        try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(folder.socket()));
             PrintWriter out = new PrintWriter(Channels.newOutputStream(channel), false, StandardCharsets.UTF_8);
             BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8))) {
            out.print(request.replace('\n', ' ') + "\n");
            out.flush();
            List<String> lines = new ArrayList<>();
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith(ERROR)) throw new UserException(line.substring(ERROR.length()));
                lines.add(line);
            }
            return lines;
        } catch (IOException e) {
            throw new UserException("the collector of " + folder.dir() + " does not answer (" + e.getMessage()
                    + "); see " + folder.log());
        }
    }

    /** A status row as the channel carries it. */
    static String line(Collector.Status s) {
        return String.join("\t", s.host(), s.tool(), s.state(), Long.toString(s.rows()),
                s.lastSample() == null ? "" : s.lastSample().toString(), Long.toString(s.warnings()),
                s.problem().replace('\t', ' ').replace('\n', ' '));
    }

    static Collector.Status status(String line) {
        String[] f = line.split("\t", -1);
        return new Collector.Status(f[0], f[1], f[2], Long.parseLong(f[3]), f[4].isEmpty() ? null : Instant.parse(f[4]),
                Long.parseLong(f[5]), f[6]);
    }

    @Override
    public void close() {
        try {
            server.close();
            thread.join(2000);
            Files.deleteIfExists(socket);
        } catch (IOException e) {
            // the socket file goes with the folder
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
