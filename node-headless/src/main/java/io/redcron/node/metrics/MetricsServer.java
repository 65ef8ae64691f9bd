package io.redcron.node.metrics;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * Serves {@code /metrics} (Prometheus text format) and {@code /health}, {@code /health/live},
 * {@code /health/ready} (JSON; 503 when not ready) on the node's metrics port.
 */
public final class MetricsServer implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;

    public MetricsServer(String bind, int port, NodeMetrics metrics, Health health) {
        try {
            server = HttpServer.create(new InetSocketAddress(bind, port), 16);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + bind + ":" + port + " for /metrics: " + e.getMessage(), e);
        }
        server.setExecutor(Executors.newFixedThreadPool(2, runnable -> {
            Thread thread = new Thread(runnable, "redcron-metrics");
            thread.setDaemon(true);
            return thread;
        }));
        server.createContext("/metrics", exchange -> respond(exchange, 200,
                "text/plain; version=0.0.4; charset=utf-8", metrics.scrape()));
        server.createContext("/health/live", exchange -> respond(exchange, 200, "application/json",
                JSON.writeValueAsString(Map.of("status", "UP"))));
        server.createContext("/health", exchange -> {
            Health.Report report = health.check();
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("status", report.ready() ? "UP" : "DOWN");
            body.put("live", true);
            body.put("ready", report.ready());
            body.putAll(report.details());
            respond(exchange, report.ready() ? 200 : 503, "application/json", JSON.writeValueAsString(body));
        });
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
