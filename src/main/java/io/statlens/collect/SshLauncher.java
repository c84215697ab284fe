package io.statlens.collect;

import org.apache.sshd.agent.SshAgent;
import org.apache.sshd.agent.SshAgentFactory;
import org.apache.sshd.agent.SshAgentServer;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.config.hosts.ConfigFileHostEntryResolver;
import org.apache.sshd.client.config.keys.ClientIdentitiesWatcher;
import org.apache.sshd.client.config.keys.ClientIdentityLoader;
import org.apache.sshd.client.keyverifier.KnownHostsServerKeyVerifier;
import org.apache.sshd.client.keyverifier.ServerKeyVerifier;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.FactoryManager;
import org.apache.sshd.common.channel.ChannelFactory;
import org.apache.sshd.common.config.keys.FilePasswordProvider;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.session.ConnectionService;
import org.apache.sshd.common.session.Session;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * Tools run on a remote host over SSH (Apache MINA SSHD), as OpenSSH's {@code ssh} would reach it: the user's
 * {@code ~/.ssh/config} (host aliases, {@code HostName}, {@code Port}, {@code User}, {@code IdentityFile}), the keys of
 * the user's ssh-agent and the default key files, and {@code ~/.ssh/known_hosts}. A host whose key is not known is
 * refused, naming the key's fingerprint, unless {@link SshOptions#acceptNewHostKey()}; a changed key always is. No
 * password is asked or sent. One connection per host; each tool is one command on its own channel, and nothing else
 * runs there.
 */
final class SshLauncher implements ToolProcess.Launcher {
    private static final List<String> DEFAULT_KEYS = List.of("id_ed25519", "id_ecdsa", "id_rsa");

    private final String target;
    private final String user;
    private final String hostName;
    private final int port;
    private final SshOptions options;
    private final Consumer<String> log;
    private SshClient client;
    private ClientSession session;
    /** Why the host's key was refused, for the message; null when it was not. */
    private volatile String keyRefusal;

    /** @param target {@code [user@]host[:port]}, the host as {@code ~/.ssh/config} may name it */
    SshLauncher(String target, SshOptions options, Consumer<String> log) {
        this.target = target;
        this.options = options;
        this.log = log;
        int at = target.lastIndexOf('@');
        user = at > 0 ? target.substring(0, at) : null;
        String rest = target.substring(at + 1);
        int colon = rest.lastIndexOf(':');
        if (colon > 0 && rest.indexOf(':') == colon && rest.substring(colon + 1).matches("\\d{1,5}")) {
            hostName = rest.substring(0, colon);
            port = Integer.parseInt(rest.substring(colon + 1));
        } else {
            hostName = rest;
            port = 0;
        }
    }

    @Override
    public String host() {
        return hostName;
    }

    /** The session to the host, connected and logged in on first use. */
    private synchronized ClientSession session() throws IOException {
        if (session != null && session.isOpen()) return session;
        if (client == null) client = client();
        keyRefusal = null;
        try {
            ClientSession s = client.connect(user, hostName, port).verify(options.connectTimeout()).getSession();
            try {
                s.auth().verify(options.connectTimeout());
            } catch (IOException | RuntimeException e) {
                s.close(true);
                throw e;
            }
            session = s;
            return s;
        } catch (IOException | RuntimeException e) {
            if (keyRefusal != null) throw new IOException(keyRefusal, e);
            throw new IOException("cannot reach " + target + " over SSH: " + rootMessage(e), e);
        }
    }

    private SshClient client() {
        SshClient c = SshClient.setUpDefaultClient();
        c.setHostConfigEntryResolver(new ConfigFileHostEntryResolver(options.sshFolder().resolve("config")));
        c.setKeyIdentityProvider(new ClientIdentitiesWatcher(keyFiles(), ClientIdentityLoader.DEFAULT, FilePasswordProvider.EMPTY,
                false));
        c.setFilePasswordProvider(FilePasswordProvider.EMPTY);
        c.setUserInteraction(null);
        KnownHostsServerKeyVerifier verifier = new KnownHostsServerKeyVerifier(unknownHosts(), options.sshFolder().resolve("known_hosts"));
        verifier.setModifiedServerKeyAcceptor((session, remote, entry, expected, actual) -> {
            keyRefusal = "the host key of " + target + " (" + remote + ") has CHANGED: ~/.ssh/known_hosts holds " + KeyUtils.getFingerPrint(expected)
                    + ", the host shows " + KeyUtils.getFingerPrint(actual) + "; refused (find out why before you fix known_hosts)";
            return false;
        });
        c.setServerKeyVerifier(verifier);
        options.agentSocket().filter(Files::exists).ifPresent(socket -> c.setAgentFactory(agent(socket)));
        c.start();
        return c;
    }

    /**
     * The default key files that exist and only the user may read, as OpenSSH takes them (it ignores a private key others
     * may read, and so does this). MINA's own strict check also refuses keys below a folder others may write to, which
     * OpenSSH does not.
     */
    private List<Path> keyFiles() {
        List<Path> keys = new java.util.ArrayList<>();
        for (String name : DEFAULT_KEYS) {
            Path key = options.sshFolder().resolve(name);
            if (!Files.isRegularFile(key)) continue;
            try {
                var permissions = Files.getPosixFilePermissions(key);
                if (permissions.stream().anyMatch(p -> p.name().startsWith("GROUP") || p.name().startsWith("OTHERS"))) {
                    log.accept("ignored " + key + ": others may read it (chmod 600 " + key + ")");
                    continue;
                }
            } catch (UnsupportedOperationException | IOException e) {
                // no POSIX permissions to check: the file system's own apply
            }
            keys.add(key);
        }
        return keys;
    }

    /** What to do with a host key known_hosts does not hold: refuse it with a message, or accept (and keep) it when asked to. */
    private ServerKeyVerifier unknownHosts() {
        return (ClientSession session, SocketAddress remote, PublicKey key) -> {
            if (options.acceptNewHostKey()) {
                log.accept("added the host key of " + target + " (" + KeyUtils.getFingerPrint(key) + ") to "
                        + options.sshFolder().resolve("known_hosts"));
                return true;
            }
            keyRefusal = "the host key of " + target + " (" + remote + ", " + KeyUtils.getKeyType(key) + " " + KeyUtils.getFingerPrint(key)
                    + ") is not in " + options.sshFolder().resolve("known_hosts") + ": refused; check the fingerprint, then give"
                    + " --accept-new-host-key (or connect once with ssh)";
            return false;
        };
    }

    private static SshAgentFactory agent(Path socket) {
        return new SshAgentFactory() {
            @Override
            public List<ChannelFactory> getChannelForwardingFactories(FactoryManager manager) {
                return List.of();
            }

            @Override
            public SshAgent createClient(Session session, FactoryManager manager) throws IOException {
                return new UnixSocketAgent(socket);
            }

            @Override
            public SshAgentServer createServer(ConnectionService service) {
                throw new UnsupportedOperationException("statlens forwards no agent");
            }
        };
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) t = t.getCause();
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return t == e ? m : e.getMessage() + " (" + m + ")";
    }

    @Override
    public ToolProcess start(CollectedTool tool, int intervalSeconds) throws IOException {
        ClientSession s = session();
        ChannelExec channel = s.createExecChannel(tool.shellCommand(intervalSeconds));
        channel.open().verify(options.connectTimeout());
        return new ToolProcess() {
            @Override
            public InputStream stdout() {
                return channel.getInvertedOut();
            }

            @Override
            public InputStream stderr() {
                return channel.getInvertedErr();
            }

            @Override
            public int waitFor() {
                channel.waitFor(EnumSet.of(ClientChannelEvent.CLOSED), 0L);
                Integer status = channel.getExitStatus();
                return status == null ? -1 : status;
            }

            @Override
            public void stop() {
                channel.close(false);
            }
        };
    }

    @Override
    public synchronized void close() {
        try {
            if (session != null) session.close(true);
            if (client != null) client.stop();
        } catch (RuntimeException e) {
            // closing: nothing left to save
        }
    }
}
