package io.statlens.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A started server as its pid file records it: the process and where it listens. */
record ServerProcess(long pid, String host, int port, String tls) {

    /** The recorded server, or null when there is no pid file. */
    static ServerProcess read(Path pidFile) throws IOException {
        if (!Files.exists(pidFile)) return null;
        String[] f = Files.readString(pidFile, StandardCharsets.UTF_8).strip().split("\\s+");
        if (f.length < 4) return null;
        return new ServerProcess(Long.parseLong(f[0]), f[1], Integer.parseInt(f[2]), f[3]);
    }

    void write(Path pidFile) throws IOException {
        Files.writeString(pidFile, pid + " " + host + " " + port + " " + tls + "\n", StandardCharsets.UTF_8);
    }

    boolean alive() {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }
}
