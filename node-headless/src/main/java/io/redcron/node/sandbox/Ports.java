package io.redcron.node.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.function.Consumer;

/**
 * Picks loopback ports. The check is a bind that is released at once, so another program could
 * take the port before the server binds it; the server then fails with a clear message, which is
 * good enough for a developer's machine.
 */
final class Ports {
    private Ports() {
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
