package io.redcron.node.alert;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** A real HTTP endpoint that records what webhooks POST to it and answers with scripted statuses. */
public final class WebhookReceiver implements AutoCloseable {
    public record Received(String path, Map<String, List<String>> headers, String body) {
        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }
    }

    private final HttpServer server;
    private final List<Received> received = new ArrayList<>();
    private final Deque<Integer> statuses = new ConcurrentLinkedDeque<>();
    private volatile CountDownLatch gate = new CountDownLatch(0);

    public WebhookReceiver() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            synchronized (received) {
                received.add(new Received(exchange.getRequestURI().getPath(), Map.copyOf(exchange.getRequestHeaders()), body));
            }
            try {
                gate.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            Integer status = statuses.poll();
            exchange.sendResponseHeaders(status == null ? 204 : status, -1);
            exchange.close();
        });
        server.start();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** The next requests are answered with these statuses, in order; then 204. */
    public void answer(Integer... codes) {
        statuses.addAll(List.of(codes));
    }

    /** Holds every answer until {@link #open()}: a receiver that hangs. */
    public void hold() {
        gate = new CountDownLatch(1);
    }

    public void open() {
        gate.countDown();
    }

    public List<Received> received() {
        synchronized (received) {
            return List.copyOf(received);
        }
    }

    @Override
    public void close() {
        open();
        server.stop(0);
    }
}
