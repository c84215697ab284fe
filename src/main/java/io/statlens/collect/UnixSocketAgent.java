package io.statlens.collect;

import org.apache.sshd.agent.common.AbstractAgentProxy;
import org.apache.sshd.common.util.buffer.Buffer;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;

import java.io.EOFException;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;

/**
 * The user's ssh-agent, reached through its Unix domain socket ({@code $SSH_AUTH_SOCK}) with Java's own socket
 * channels (MINA's Unix agent client needs the Tomcat native library): the agent protocol's messages, each a
 * 4-byte length and its bytes, one request and its answer at a time.
 */
final class UnixSocketAgent extends AbstractAgentProxy {
    private final SocketChannel channel;

    UnixSocketAgent(Path socket) throws IOException {
        super(null);
        channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        channel.connect(UnixDomainSocketAddress.of(socket));
    }

    @Override
    protected synchronized Buffer request(Buffer buffer) throws IOException {
        ByteBuffer out = ByteBuffer.wrap(buffer.array(), buffer.rpos(), buffer.available());
        while (out.hasRemaining()) channel.write(out);
        ByteBuffer length = ByteBuffer.allocate(4);
        readFully(length);
        int n = length.flip().getInt();
        if (n < 0 || n > 256 * 1024) throw new IOException("ssh-agent answered a message of " + n + " bytes");
        ByteBuffer message = ByteBuffer.allocate(n);
        readFully(message);
        return new ByteArrayBuffer(message.array());
    }

    private void readFully(ByteBuffer into) throws IOException {
        while (into.hasRemaining()) {
            if (channel.read(into) < 0) throw new EOFException("ssh-agent closed the connection");
        }
    }

    @Override
    public boolean isOpen() {
        return channel.isOpen();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
