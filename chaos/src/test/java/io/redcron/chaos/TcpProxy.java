package io.redcron.chaos;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy between nodes and a server, able to add latency to every chunk sent to the server
 * and to reset every open connection, as a flaky network would.
 */
final class TcpProxy implements AutoCloseable {
    private final ServerSocket listener;
    private final int upstreamPort;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private volatile Duration latency = Duration.ZERO;
    private volatile boolean closed;

    TcpProxy(int upstreamPort) {
        this.upstreamPort = upstreamPort;
        try {
            this.listener = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Thread acceptor = new Thread(this::accept, "proxy-" + upstreamPort);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    void latency(Duration value) {
        latency = value;
    }

    /** Closes every open connection with a TCP reset (SO_LINGER 0); new connections are accepted. */
    int resetAll() {
        int count = 0;
        for (Socket socket : Set.copyOf(sockets)) {
            try {
                socket.setSoLinger(true, 0);
                socket.close();
                count++;
            } catch (IOException e) {
                // already gone
            }
            sockets.remove(socket);
        }
        return count;
    }

    private void accept() {
        while (!closed) {
            try {
                Socket client = listener.accept();
                Socket server = new Socket();
                try {
                    server.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), upstreamPort), 5000);
                } catch (IOException e) {
                    client.setSoLinger(true, 0);
                    client.close(); // upstream down: the client sees its connection reset
                    continue;
                }
                client.setTcpNoDelay(true);
                server.setTcpNoDelay(true);
                sockets.add(client);
                sockets.add(server);
                pump(client, server, true);
                pump(server, client, false);
            } catch (IOException e) {
                if (!closed) {
                    System.err.println("proxy to " + upstreamPort + ": " + e.getMessage());
                }
            }
        }
    }

    private void pump(Socket from, Socket to, boolean delayed) {
        Thread thread = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int read;
                while ((read = in.read(buffer)) >= 0) {
                    Duration delay = latency;
                    if (delayed && !delay.isZero()) {
                        Holds.hold(delay); // the injected latency
                    }
                    out.write(buffer, 0, read);
                    out.flush();
                }
            } catch (IOException | RuntimeException e) {
                // connection ended or was reset
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }, "proxy-pump-" + upstreamPort);
        thread.setDaemon(true);
        thread.start();
    }

    private void closeQuietly(Socket socket) {
        sockets.remove(socket);
        try {
            socket.close();
        } catch (IOException e) {
            // nothing left to do
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            listener.close();
        } catch (IOException e) {
            // closing anyway
        }
        resetAll();
    }
}
