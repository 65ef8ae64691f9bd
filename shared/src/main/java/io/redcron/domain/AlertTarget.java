package io.redcron.domain;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where an alert goes: a webhook ({@code https://…}, or {@code http://…} inside a trusted network),
 * a chat platform's webhook in that platform's own format ({@code slack+https://…}, see
 * {@link Chat}) or one e-mail address ({@code mailto:ops@example.com}). Webhook URLs often carry a token in
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

    /**
     * A chat platform's incoming webhook ("custom robot"), named by a prefix on its URL:
     * {@code dingtalk+https://oapi.dingtalk.com/robot/send?access_token=…}. Platforms that sign
     * may name the signing key with {@code #secret=NAME}: a file of the node's
     * {@code alerts.chat-secrets-dir}, so that the key itself is never stored with a task.
     *
     * @param secretName the signing key's name, or null: the robot is not signed
     */
    record Chat(Platform platform, URI uri, String secretName) implements AlertTarget {
        @Override
        public String text() {
            return platform.scheme() + "+" + uri + (secretName == null ? "" : "#secret=" + secretName);
        }

        @Override
        public String redacted() {
            // Robots carry their token in the path (Feishu, Slack, Teams) or the query (DingTalk, WeCom).
            return platform.scheme() + "+" + uri.getScheme() + "://" + uri.getHost()
                    + (uri.getPort() < 0 ? "" : ":" + uri.getPort()) + "/…";
        }

        @Override
        public String toString() {
            return redacted();
        }
    }

    /** The chat platforms whose webhooks take messages in their own format, by the prefix that names them. */
    enum Platform {
        DINGTALK("dingtalk", true),
        FEISHU("feishu", true),
        /** Feishu's international edition: the same robots and format at open.larksuite.com. */
        LARK("lark", true),
        WECOM("wecom", false),
        SLACK("slack", false),
        TEAMS("teams", false);

        private final String scheme;
        private final boolean signs;

        Platform(String scheme, boolean signs) {
            this.scheme = scheme;
            this.signs = signs;
        }

        /** The prefix of a target, {@code slack} in {@code slack+https://…}. */
        public String scheme() {
            return scheme;
        }

        /** Whether the platform's robots can be set to check a signature made with a shared key. */
        public boolean signs() {
            return signs;
        }

        /** The name under which {@code alerts.mentions} gives a person's id here; Lark shares Feishu's ids. */
        public String mentionKey() {
            return this == LARK ? FEISHU.scheme : scheme;
        }

        public static Optional<Platform> byScheme(String scheme) {
            for (Platform platform : values()) {
                if (platform.scheme.equalsIgnoreCase(scheme)) {
                    return Optional.of(platform);
                }
            }
            return Optional.empty();
        }

        public static String schemes() {
            StringBuilder out = new StringBuilder();
            for (Platform platform : values()) {
                out.append(out.length() == 0 ? "" : ", ").append(platform.scheme);
            }
            return out.toString();
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

    /** {@code dingtalk+https://…}: a platform's name, then its webhook URL. */
    Pattern CHAT = Pattern.compile("([A-Za-z]+)\\+(https?://.*)", Pattern.CASE_INSENSITIVE);

    /** A file name in the secrets directory: no path separators, no dot files. */
    Pattern SECRET_NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,63}");

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
        Matcher chat = CHAT.matcher(trimmed);
        if (chat.matches()) {
            return chat(chat.group(1), chat.group(2));
        }
        throw new InvalidTaskException(FIELD, "'" + shorten(trimmed) + "' is neither a webhook URL (https://…),"
                + " a chat webhook (" + Platform.schemes().replace(", ", "+https://…, ") + "+https://…)"
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

    private static Chat chat(String scheme, String url) {
        Platform platform = Platform.byScheme(scheme).orElseThrow(() -> new InvalidTaskException(FIELD,
                "'" + shorten(scheme) + "+' names no chat platform Redcron knows (" + Platform.schemes() + ")"));
        int hash = url.indexOf('#');
        String secretName = null;
        if (hash >= 0) {
            String fragment = url.substring(hash + 1);
            if (!fragment.startsWith("secret=") || !SECRET_NAME.matcher(fragment.substring(7)).matches()) {
                throw new InvalidTaskException(FIELD, "a " + platform.scheme() + " target may only end in"
                        + " #secret=NAME, NAME being a file of alerts.chat-secrets-dir (letters, digits, . _ -)");
            }
            if (!platform.signs()) {
                throw new InvalidTaskException(FIELD, platform.scheme() + " does not sign its incoming webhooks:"
                        + " remove #secret=" + fragment.substring(7));
            }
            secretName = fragment.substring(7);
            url = url.substring(0, hash);
        }
        return new Chat(platform, webhook(url).uri(), secretName);
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
