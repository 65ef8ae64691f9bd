package io.redcron.node.alert;

import io.redcron.domain.AlertTarget;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/**
 * POSTs JSON for alert channels: one client per channel, redirects never followed (a receiver
 * could otherwise send the node, and the token in the URL, anywhere), 10 s per request. 2xx is
 * let through; 408, 429, 5xx and network failures are worth another try, other statuses not.
 * Failures name the target only in its redacted form.
 */
final class AlertHttp {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** Platforms answer with a line of JSON; a long answer is not one of theirs and is cut. */
    private static final int MAX_REPLY = 64 * 1024;

    /** The status and (the start of) the body of a 2xx answer. */
    record Reply(int status, String body) {
    }

    private final HttpClient http;

    AlertHttp() {
        // HTTP/1.1: an h2c upgrade offer on plain http:// confuses some receivers and proxies.
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    Reply post(AlertTarget target, URI uri, String json, Map<String, String> headers) throws DeliveryException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT)
                .header("Content-Type", "application/json; charset=utf-8")
                .header("User-Agent", "redcron-alerts")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8));
        headers.forEach(request::header);
        HttpResponse<InputStream> response;
        String body;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = response.body()) {
                body = new String(in.readNBytes(MAX_REPLY), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            // The exception's text may quote the URL; only its type is kept.
            throw new DeliveryException(target.redacted() + ": " + e.getClass().getSimpleName(), true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeliveryException(target.redacted() + ": interrupted", false);
        }
        int status = response.statusCode();
        if (status / 100 != 2) {
            boolean retryable = status == 408 || status == 429 || status >= 500;
            throw new DeliveryException(target.redacted() + ": HTTP " + status, retryable);
        }
        return new Reply(status, body);
    }
}
