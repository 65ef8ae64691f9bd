package io.redcron.node.alert;

import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.redcron.domain.AlertTarget.Platform;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local stand-in for one chat platform's webhook: it reads the body, checks the signature the
 * way the platform does (DingTalk from the query's timestamp, Feishu from the body's), and answers
 * as the platform would: 200 with errcode/code 0 or {@code ok}, 202 for a Teams flow, or the
 * platform's error when the signature is wrong or {@link #refuseNext} asked for one.
 */
final class ChatReceiver implements AutoCloseable {
    /** A request the receiver accepted, with its query parameters and parsed body. */
    record Received(Map<String, String> query, JsonNode body) {
    }

    private final Platform platform;
    private final String secret;
    private final HttpServer server;
    private final List<Received> accepted = new ArrayList<>();
    private final AtomicInteger requests = new AtomicInteger();
    private final AtomicInteger refusals = new AtomicInteger();

    /** @param secret the robot's signing key, or null for a robot that checks none */
    ChatReceiver(Platform platform, String secret) {
        this.platform = platform;
        this.secret = secret;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", this::handle);
        server.start();
    }

    /** The target text for this receiver, e.g. {@code dingtalk+http://127.0.0.1:PORT/robot/send?access_token=tok}. */
    String target(String pathAndQuery) {
        return platform.scheme() + "+http://127.0.0.1:" + server.getAddress().getPort() + pathAndQuery;
    }

    /** The next requests get the platform's error, as a robot with the wrong key would. */
    void refuseNext(int count) {
        refusals.set(count);
    }

    List<Received> accepted() {
        synchronized (accepted) {
            return List.copyOf(accepted);
        }
    }

    int requests() {
        return requests.get();
    }

    private void handle(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
        JsonNode body = ChatFixtures.json(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
        boolean refuse = refusals.getAndUpdate(left -> Math.max(0, left - 1)) > 0 || !signatureMatches(query, body);
        if (refuse) {
            refuse(exchange);
            return;
        }
        synchronized (accepted) {
            accepted.add(new Received(query, body));
        }
        switch (platform) {
            case DINGTALK, WECOM -> answer(exchange, 200, "{\"errcode\":0,\"errmsg\":\"ok\"}");
            case FEISHU, LARK -> answer(exchange, 200, "{\"code\":0,\"data\":{},\"msg\":\"success\"}");
            case SLACK -> answer(exchange, 200, "ok");
            case TEAMS -> answer(exchange, 202, "");
        }
    }

    private boolean signatureMatches(Map<String, String> query, JsonNode body) {
        if (secret == null) {
            return true;
        }
        return switch (platform) {
            case DINGTALK -> query.containsKey("timestamp") && query.containsKey("sign")
                    && base64Hmac(secret, query.get("timestamp") + "\n" + secret).equals(query.get("sign"));
            case FEISHU, LARK -> body.hasNonNull("timestamp") && body.hasNonNull("sign")
                    && base64Hmac(body.get("timestamp").asText() + "\n" + secret, "").equals(body.get("sign").asText());
            default -> true;
        };
    }

    private void refuse(HttpExchange exchange) throws IOException {
        switch (platform) {
            case DINGTALK -> answer(exchange, 200, "{\"errcode\":310000,\"errmsg\":\"sign not match\"}");
            case FEISHU, LARK -> answer(exchange, 200, "{\"code\":19021,\"data\":{},\"msg\":\"sign match fail or timestamp is not within one hour from current time\"}");
            case WECOM -> answer(exchange, 200, "{\"errcode\":93000,\"errmsg\":\"invalid webhook url\"}");
            case SLACK -> answer(exchange, 400, "invalid_payload");
            case TEAMS -> answer(exchange, 400, "{\"error\":{\"code\":\"InvalidRequestContent\"}}");
        }
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
        exchange.close();
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> out = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                int equals = pair.indexOf('=');
                out.put(pair.substring(0, equals), URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static String base64Hmac(String key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(data.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
