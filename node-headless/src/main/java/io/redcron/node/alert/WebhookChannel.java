package io.redcron.node.alert;

import io.redcron.config.Secret;
import io.redcron.domain.AlertTarget;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * POSTs the alert as JSON. With a secret, each request carries {@link WebhookSignature} headers.
 * What counts as delivered, and what is worth another try, is {@link AlertHttp}'s rule.
 */
final class WebhookChannel implements Channel {
    private final AlertHttp http;
    private final Secret secret;
    private final String namespace;
    private final String reportedBy;
    private final Clock clock;

    WebhookChannel(Secret secret, String namespace, String reportedBy, Clock clock) {
        this.http = new AlertHttp();
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
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Redcron-Event", alert.kind().name());
        if (!secret.isEmpty()) {
            long timestamp = clock.instant().getEpochSecond();
            headers.put(WebhookSignature.TIMESTAMP_HEADER, Long.toString(timestamp));
            headers.put(WebhookSignature.SIGNATURE_HEADER, WebhookSignature.sign(secret, timestamp, body));
        }
        http.post(target, hook.uri(), body, headers);
    }
}
