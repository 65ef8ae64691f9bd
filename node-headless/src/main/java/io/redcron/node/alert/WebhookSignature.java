package io.redcron.node.alert;

import io.redcron.config.Secret;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

/**
 * {@code sha256=<hex>} of HMAC-SHA256 over {@code <timestamp>.<body>}. The timestamp is signed
 * too, so a receiver that refuses old timestamps also refuses a captured request played back later.
 */
public final class WebhookSignature {
    public static final String SIGNATURE_HEADER = "X-Redcron-Signature";
    public static final String TIMESTAMP_HEADER = "X-Redcron-Timestamp";

    private WebhookSignature() {
    }

    public static String sign(Secret secret, long epochSeconds, String body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.reveal().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            byte[] digest = mac.doFinal((epochSeconds + "." + body).getBytes(StandardCharsets.UTF_8));
            return "sha256=" + HexFormat.of().formatHex(digest);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JVM", e);
        }
    }
}
