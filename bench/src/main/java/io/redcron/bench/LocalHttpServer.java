package io.redcron.bench;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The endpoint the http scenario's tasks call: the JDK's HTTP server on a free port of the loopback
 * address, answering {@code GET /ping} with 200 and a short body, on a pool of threads.
 */
final class LocalHttpServer implements AutoCloseable {
    static final String PATH = "/ping";
    private static final byte[] BODY = "pong\n".getBytes(StandardCharsets.US_ASCII);

    private final HttpServer server;
    private final ExecutorService threads;
    private final AtomicLong answered = new AtomicLong();

    private LocalHttpServer(HttpServer server, ExecutorService threads) {
        this.server = server;
        this.threads = threads;
    }

    static LocalHttpServer start(int threadCount) {
        // The JDK's server writes headers and body apart; without TCP_NODELAY every answer waits
        // for the client's delayed ACK (some 40 ms), and the ceiling would measure that wait.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
            ExecutorService threads = Executors.newFixedThreadPool(threadCount);
            LocalHttpServer local = new LocalHttpServer(server, threads);
            server.createContext(PATH, exchange -> {
                try (exchange; OutputStream body = exchange.getResponseBody()) {
                    exchange.getRequestBody().readAllBytes();
                    exchange.sendResponseHeaders(200, BODY.length);
                    body.write(BODY);
                }
                local.answered.incrementAndGet();
            });
            server.setExecutor(threads);
            server.start();
            return local;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start the local HTTP server", e);
        }
    }

    URI url() {
        return URI.create("http://" + server.getAddress().getAddress().getHostAddress() + ":"
                + server.getAddress().getPort() + PATH);
    }

    /** Requests answered so far. */
    long answered() {
        return answered.get();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
