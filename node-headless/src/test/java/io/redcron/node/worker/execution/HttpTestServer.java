package io.redcron.node.worker.execution;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A real HTTP server on a loopback port of its own (so two of them are two origins) that records
 * every request it gets and answers as each path is told to: echo the request, redirect, or send a
 * body of a given size.
 */
public final class HttpTestServer implements AutoCloseable {
    /** One request as the server saw it; header names in lower case. */
    public record Received(String method, String path, Map<String, String> headers, String body) {
        public boolean hasHeader(String name) {
            return headers.containsKey(name.toLowerCase(Locale.ROOT));
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    private static final String RECEIVED = "received";

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Received> received = new ArrayList<>();

    public HttpTestServer() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(threads);
        server.createContext("/", exchange -> respond(exchange, 200, "ok\n"));
        server.start();
    }

    /** {@code http://127.0.0.1:PORT}, without a slash. */
    public String origin() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public URI url(String path) {
        return URI.create(origin() + path);
    }

    /** Answers with the method, the headers (sorted, lower case) and the body it got. */
    public HttpTestServer echo(String path) {
        return route(path, exchange -> {
            Received request = (Received) exchange.getAttribute(RECEIVED);
            StringBuilder out = new StringBuilder(request.method()).append('\n');
            request.headers().forEach((name, value) -> out.append(name).append(": ").append(value).append('\n'));
            respond(exchange, 200, out.append(request.body()).toString());
        });
    }

    public HttpTestServer redirect(String path, int status, String location) {
        return route(path, exchange -> {
            exchange.getResponseHeaders().add("Location", location);
            respond(exchange, status, "moved\n");
        });
    }

    public HttpTestServer respond(String path, int status, String body) {
        return route(path, exchange -> respond(exchange, status, body));
    }

    /** A body of {@code bytes} letters 'y', streamed without a length. */
    public HttpTestServer big(String path, long bytes) {
        return route(path, exchange -> {
            exchange.sendResponseHeaders(200, 0);
            byte[] chunk = new byte[64 * 1024];
            Arrays.fill(chunk, (byte) 'y');
            try (OutputStream body = exchange.getResponseBody()) {
                for (long sent = 0; sent < bytes; sent += chunk.length) {
                    body.write(chunk, 0, (int) Math.min(chunk.length, bytes - sent));
                }
            } catch (IOException e) {
                // The client stopped reading: what a capped reader does.
            }
        });
    }

    /** Handles {@code path} (and below it) with {@code handler}, after recording the request. */
    public HttpTestServer route(String path, HttpHandler handler) {
        server.createContext(path, exchange -> {
            exchange.setAttribute(RECEIVED, record(exchange));
            handler.handle(exchange);
        });
        return this;
    }

    public List<Received> received() {
        synchronized (received) {
            return List.copyOf(received);
        }
    }

    private Received record(HttpExchange exchange) throws IOException {
        Map<String, String> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT),
                String.join(",", values)));
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Received request = new Received(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), headers, body);
        synchronized (received) {
            received.add(request);
        }
        return request;
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
