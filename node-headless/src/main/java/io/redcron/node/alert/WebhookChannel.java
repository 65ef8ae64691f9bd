package io.redcron.node.alert;

import io.redcron.config.Secret;
import io.redcron.domain.AlertTarget;

import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;

/**
 * POSTs the alert as JSON. With a secret, each request carries {@link WebhookSignature} headers.
 * 2xx is delivered; 408, 429, 5xx and network failures are worth another try, other statuses not.
 */
final class WebhookChannel implements Channel {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient http;
    private final Secret secret;
    private final String namespace;
    private final String reportedBy;
    private final Clock clock;

    WebhookChannel(Secret secret, String namespace, String reportedBy, Clock clock) {
        // HTTP/1.1: an h2c upgrade offer on plain http:// confuses some receivers and proxies.
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT)
                .followRedirects(HttpClient.Redirect.NEVER).build();
        this.secret = secret;
        this.namespace = namespace;
        this.reportedBy = reportedBy;
        this.clock = clock;
    }

    @Override
    public String name() {
        return "webhook";
    }

    @Override
    public void send(AlertTarget target, Alert alert, int suppressed) throws DeliveryException {
        AlertTarget.Webhook hook = (AlertTarget.Webhook) target;
        String body = AlertPayload.json(alert, namespace, reportedBy, suppressed);
        HttpRequest.Builder request = HttpRequest.newBuilder(hook.uri()).timeout(TIMEOUT)
                .header("Content-Type", "application/json; charset=utf-8")
                .header("User-Agent", "redcron-alerts")
                .header("X-Redcron-Event", alert.kind().name())
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (!secret.isEmpty()) {
            long timestamp = clock.instant().getEpochSecond();
            request.header(WebhookSignature.TIMESTAMP_HEADER, Long.toString(timestamp))
                    .header(WebhookSignature.SIGNATURE_HEADER, WebhookSignature.sign(secret, timestamp, body));
        }
        int status;
        try {
            status = http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            // The exception's text may quote the URL; only its type is kept.
            throw new DeliveryException(target.redacted() + ": " + e.getClass().getSimpleName(), true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeliveryException(target.redacted() + ": interrupted", false);
        }
        if (status / 100 != 2) {
            boolean retryable = status == 408 || status == 429 || status >= 500;
            throw new DeliveryException(target.redacted() + ": HTTP " + status, retryable);
        }
    }
}
