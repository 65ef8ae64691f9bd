package io.redcron.domain;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where an alert goes: a webhook ({@code https://…}, or {@code http://…} inside a trusted network)
 * or one e-mail address ({@code mailto:ops@example.com}). Webhook URLs often carry a token in
 * their path (Slack, Teams), so {@link #toString()} shows only the scheme and host: a target may
 * appear in a log line, its full URL never does.
 */
public sealed interface AlertTarget {
    String FIELD = "alerts";

    /** The target exactly as written (stored, compared, used to deliver); never logged. */
    String text();

    /** A form safe for logs and rate-limit keys shown to people. */
    String redacted();

    record Webhook(URI uri) implements AlertTarget {
        @Override
        public String text() {
            return uri.toString();
        }

        @Override
        public String redacted() {
            return uri.getScheme() + "://" + uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort()) + "/…";
        }

        @Override
        public String toString() {
            return redacted();
        }
    }

    record Email(String address) implements AlertTarget {
        @Override
        public String text() {
            return "mailto:" + address;
        }

        @Override
        public String redacted() {
            return text();
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /** A plain address: no display name, no list, no {@code ?subject=} headers. */
    Pattern ADDRESS = Pattern.compile("[A-Za-z0-9.!#$%&'*+/=^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
            + "(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*");

    /** Reads one target; a bad one is refused with a message naming the field {@code alerts}. */
    static AlertTarget parse(String text) {
        Checks.text(FIELD, text, 500);
        String trimmed = text.trim();
        String lower = trimmed.toLowerCase(Locale.ROOT);
        if (lower.startsWith("mailto:")) {
            return email(trimmed.substring("mailto:".length()));
        }
        if (lower.startsWith("https://") || lower.startsWith("http://")) {
            return webhook(trimmed);
        }
        throw new InvalidTaskException(FIELD, "'" + shorten(trimmed) + "' is neither a webhook URL (https://…)"
                + " nor an e-mail address (mailto:ops@example.com)");
    }

    /** An e-mail address as written in the configuration (without {@code mailto:}). */
    static Email email(String address) {
        if (!ADDRESS.matcher(address).matches()) {
            throw new InvalidTaskException(FIELD, "'mailto:" + shorten(address) + "' is not one plain e-mail address"
                    + " (write mailto:ops@example.com, one address per target)");
        }
        return new Email(address);
    }

    private static Webhook webhook(String text) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new InvalidTaskException(FIELD, "a webhook URL is malformed at character " + e.getIndex()
                    + " (" + e.getReason() + ")");
        }
        if (uri.getHost() == null || uri.getHost().isEmpty()) {
            throw new InvalidTaskException(FIELD, "the webhook URL has no host name");
        }
        if (uri.getRawUserInfo() != null) {
            // Credentials in the URL would travel into logs and screens: the HMAC secret is the way.
            throw new InvalidTaskException(FIELD, "the webhook URL must not carry a user or password"
                    + " (sign webhooks with alerts.webhook.secret-file instead)");
        }
        if (uri.getFragment() != null) {
            throw new InvalidTaskException(FIELD, "the webhook URL must not have a #fragment");
        }
        return new Webhook(uri);
    }

    private static String shorten(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "…";
    }
}
