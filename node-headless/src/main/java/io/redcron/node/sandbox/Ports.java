package io.redcron.node.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * Picks loopback ports. The check is a bind that is released at once, so another program (any
 * outgoing connection, as the free ports handed out lie in the kernel's ephemeral range) can take
 * the port before the server binds it; a server that then fails to bind is started again on
 * another port.
 */
final class Ports {
    private Ports() {
    }

    /** How often a server is started on another port after its chosen one was taken under it. */
    static final int ATTEMPTS = 5;

    /**
     * Starts a server on {@code preferred} or a free port, and again on another free port each
     * time it reports its port taken, telling the user; other failures end the start at once.
     */
    static <S> S startOnAFreePort(String server, int preferred, Consumer<String> progress, IntFunction<S> start) {
        int port = choose(server, preferred, progress);
        for (int attempt = 1; ; attempt++) {
            try {
                return start.apply(port);
            } catch (SandboxException e) {
                if (!e.portTaken() || attempt == ATTEMPTS) {
                    throw e;
                }
                int taken = port;
                port = anyFree();
                progress.accept(server + ": port " + taken + " was taken while it started, using " + port + " instead");
            }
        }
    }

    /** {@code preferred} when it is free, else a free port, telling the user about the change. */
    static int choose(String server, int preferred, Consumer<String> progress) {
        if (preferred != 0 && isFree(preferred)) {
            return preferred;
        }
        int port = anyFree();
        if (preferred != 0) {
            progress.accept(server + ": port " + preferred + " is taken, using " + port + " instead");
        }
        return port;
    }

    static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static int anyFree() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot find a free port on 127.0.0.1", e);
        }
    }
}
