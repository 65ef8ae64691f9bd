package io.redcron.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free loopback ports for the servers a test starts.
 *
 * <p>A port is checked with a bind that is released at once, and the server binds it a moment
 * later. A port the kernel hands out ({@code new ServerSocket(0)}) lies in its ephemeral range,
 * which every outgoing connection on the machine also draws from, so one of them could take it
 * in that moment and the server would not start. These ports are drawn from below that range,
 * where only a program asking for that very port could take it; none is handed out twice by one
 * JVM, so two servers of one test never get the same one either.
 */
public final class FreePorts {
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    /** Linux's default start of the ephemeral range, when the machine does not say. */
    private static final int DEFAULT_EPHEMERAL_LOW = 32768;
    /** Above the ports well-known services listen on. */
    private static final int LOWEST = 20000;
    private static final int TRIES = 200;
    private static final int MAX_PORT = 65535;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {
    }

    /** A loopback port nobody listens on, from below the ephemeral range when there is room there. */
    public static int any() {
        int highest = ephemeralLow() - 1;
        if (highest > LOWEST) {
            for (int i = 0; i < TRIES; i++) {
                int port = ThreadLocalRandom.current().nextInt(LOWEST, highest + 1);
                if (reserve(port)) {
                    return port;
                }
            }
        }
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            HANDED_OUT.add(socket.getLocalPort());
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port on 127.0.0.1", e);
        }
    }

    /**
     * A loopback port nobody listens on whose companion {@code port + offset} is free too, both
     * from below the ephemeral range and neither handed out again: for a server that binds a second
     * port derived from its first, such as a Redis cluster node's bus ({@code port + 10000}).
     * Where the range leaves no room below it for both, they are drawn from anywhere above
     * the well-known ports.
     */
    public static int withCompanion(int offset) {
        int belowRange = ephemeralLow() - 1 - offset;
        // No room below the range on this machine: anywhere, with the race that brings.
        int highest = belowRange > LOWEST ? belowRange : MAX_PORT - offset;
        for (int i = 0; i < TRIES; i++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, highest + 1);
            if (reserve(port, port + offset)) {
                return port;
            }
        }
        throw new IllegalStateException("no two free ports " + offset + " apart on 127.0.0.1");
    }

    /** Takes {@code ports} for the caller if every one is free and none was handed out before; else none. */
    private static synchronized boolean reserve(int... ports) {
        for (int port : ports) {
            if (HANDED_OUT.contains(port) || !isFree(port)) {
                return false;
            }
        }
        for (int port : ports) {
            HANDED_OUT.add(port);
        }
        return true;
    }

    private static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int ephemeralLow() {
        try {
            // Read by lines: Files.readString trusts the size /proc reports and may return a part.
            return Integer.parseInt(Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return DEFAULT_EPHEMERAL_LOW;
        }
    }
}
