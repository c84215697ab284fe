package io.statlens.collect;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * How a collect reaches remote hosts over SSH.
 *
 * @param sshFolder        the user's {@code ~/.ssh}: {@code config}, {@code known_hosts} and the default keys
 *                         ({@code id_ed25519}, {@code id_ecdsa}, {@code id_rsa}) are read from it
 * @param agentSocket      the ssh-agent's socket ({@code $SSH_AUTH_SOCK}), whose keys are offered first
 * @param acceptNewHostKey whether a host whose key {@code known_hosts} does not hold yet is accepted (and its key
 *                         added), as OpenSSH's {@code StrictHostKeyChecking=accept-new}; a changed key is always refused
 * @param connectTimeout   how long connecting and logging in may take
 */
public record SshOptions(Path sshFolder, Optional<Path> agentSocket, boolean acceptNewHostKey, Duration connectTimeout) {

    /** The user's: {@code ~/.ssh} (of the {@code user.home} Java was given) and {@code $SSH_AUTH_SOCK}. */
    public static SshOptions ofUser(boolean acceptNewHostKey) {
        String agent = System.getenv("SSH_AUTH_SOCK");
        return new SshOptions(Path.of(System.getProperty("user.home"), ".ssh"),
                agent == null || agent.isBlank() ? Optional.empty() : Optional.of(Path.of(agent)), acceptNewHostKey,
                Duration.ofSeconds(20));
    }
}
