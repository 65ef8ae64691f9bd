package io.redcron.config;

import io.redcron.domain.AlertTarget;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a node sends alerts besides each task's own targets, and how.
 *
 * @param webhook       the global webhook, if any
 * @param webhookSecret key of the HMAC-SHA256 signature of every webhook request (global and per task)
 * @param webhookAttempts deliveries tried per webhook alert before it is given up
 * @param smtp          the mail server, if any; needed by {@code mailto:} targets too
 * @param rateLimit     at most one alert per (target, task or node, kind) in this window
 * @param queueSize     alerts kept in memory while the alert outbox cannot be written; beyond it
 *                      new ones are dropped and counted
 * @param allowTargets  patterns a task's own target must match as a whole to be delivered; none
 *                      means tasks' own targets get nothing (the global ones always do)
 * @param chat          chat platforms' webhooks that receive every alert
 * @param chatSecretsDir the directory whose files are the signing keys chat targets name with
 *                      {@code #secret=NAME}; read when an alert is sent, so a key can be rotated live
 * @param mentions      who tasks' owners are on each chat platform
 * @param groupTargets  extra targets of each routing group's alerts
 * @param backlogAfter  runs of a group waiting longer than this raise BACKLOG; zero: never
 */
public record AlertConfig(Optional<AlertTarget.Webhook> webhook, Secret webhookSecret, int webhookAttempts,
                          Optional<Smtp> smtp, Duration rateLimit, int queueSize, List<Pattern> allowTargets,
                          List<AlertTarget.Chat> chat, Optional<Path> chatSecretsDir, ChatMentions mentions,
                          GroupTargets groupTargets, Duration backlogAfter) {

    /** Without group targets, and the default backlog limit. */
    public AlertConfig(Optional<AlertTarget.Webhook> webhook, Secret webhookSecret, int webhookAttempts,
                       Optional<Smtp> smtp, Duration rateLimit, int queueSize, List<Pattern> allowTargets,
                       List<AlertTarget.Chat> chat, Optional<Path> chatSecretsDir, ChatMentions mentions) {
        this(webhook, webhookSecret, webhookAttempts, smtp, rateLimit, queueSize, allowTargets, chat, chatSecretsDir,
                mentions, GroupTargets.NONE, Setting.ALERTS_BACKLOG_AFTER.defaultDuration());
    }

    /** Without chat platforms. */
    public AlertConfig(Optional<AlertTarget.Webhook> webhook, Secret webhookSecret, int webhookAttempts,
                       Optional<Smtp> smtp, Duration rateLimit, int queueSize, List<Pattern> allowTargets) {
        this(webhook, webhookSecret, webhookAttempts, smtp, rateLimit, queueSize, allowTargets, List.of(),
                Optional.empty(), ChatMentions.NONE);
    }

    public AlertConfig {
        SettingChecks.present(Setting.ALERTS_WEBHOOK_URL, webhook);
        webhookSecret = webhookSecret == null ? Secret.NONE : webhookSecret;
        SettingChecks.range(Setting.ALERTS_WEBHOOK_ATTEMPTS, webhookAttempts, 1, 20);
        SettingChecks.present(Setting.ALERTS_SMTP_HOST, smtp);
        SettingChecks.positive(Setting.ALERTS_RATE_LIMIT, rateLimit);
        SettingChecks.range(Setting.ALERTS_QUEUE_SIZE, queueSize, 10, 1_000_000);
        allowTargets = List.copyOf(allowTargets);
        chat = List.copyOf(chat);
        SettingChecks.present(Setting.ALERTS_CHAT_SECRETS_DIR, chatSecretsDir).ifPresent(dir -> {
            if (!Files.isDirectory(dir)) {
                throw new ConfigException(Setting.ALERTS_CHAT_SECRETS_DIR.key(), dir + " is not a directory");
            }
        });
        mentions = mentions == null ? ChatMentions.NONE : mentions;
        groupTargets = groupTargets == null ? GroupTargets.NONE : groupTargets;
        SettingChecks.notNegative(Setting.ALERTS_BACKLOG_AFTER, backlogAfter);
    }

    /** The same configuration with these group targets and this backlog limit. */
    public AlertConfig withGroups(GroupTargets groups, Duration backlog) {
        return new AlertConfig(webhook, webhookSecret, webhookAttempts, smtp, rateLimit, queueSize, allowTargets, chat,
                chatSecretsDir, mentions, groups, backlog);
    }

    /** The same configuration with these patterns for tasks' own targets. */
    public AlertConfig withAllowTargets(List<Pattern> patterns) {
        return new AlertConfig(webhook, webhookSecret, webhookAttempts, smtp, rateLimit, queueSize, patterns, chat,
                chatSecretsDir, mentions, groupTargets, backlogAfter);
    }

    /** The same configuration with these chat targets for every alert, signing keys and mentions. */
    public AlertConfig withChat(List<AlertTarget.Chat> targets, Optional<Path> secretsDir, ChatMentions owners) {
        return new AlertConfig(webhook, webhookSecret, webhookAttempts, smtp, rateLimit, queueSize, allowTargets,
                targets, secretsDir, owners, groupTargets, backlogAfter);
    }

    /**
     * @param port   the server's port; 0 means the usual one of {@code tls} (587, 465 or 25)
     * @param user   the login; empty sends without logging in
     * @param from   the sender address, required
     * @param to     the global recipients (may be empty when only tasks name addresses)
     * @param caFile PEM certificates to trust instead of the JVM's default trust store, if set
     */
    public record Smtp(String host, int port, String user, Secret password, String from, List<AlertTarget.Email> to,
                       Tls tls, Optional<Path> caFile, Duration timeout) {
        public Smtp {
            if (host == null || host.isBlank()) {
                throw new ConfigException(Setting.ALERTS_SMTP_HOST.key(), "is required for e-mail alerts");
            }
            SettingChecks.present(Setting.ALERTS_SMTP_TLS, tls);
            port = SettingChecks.range(Setting.ALERTS_SMTP_PORT, port, 0, 65535) == 0 ? tls.defaultPort() : port;
            user = user == null ? "" : user;
            password = password == null ? Secret.NONE : password;
            if (from == null || from.isEmpty()) {
                throw new ConfigException(Setting.ALERTS_SMTP_FROM.key(), "is required when alerts.smtp.host is set");
            }
            try {
                AlertTarget.email(from);
            } catch (IllegalArgumentException e) {
                throw new ConfigException(Setting.ALERTS_SMTP_FROM.key(), reason(e));
            }
            to = List.copyOf(to);
            SettingChecks.present(Setting.ALERTS_SMTP_CA_FILE, caFile).ifPresent(file -> {
                if (!Files.isReadable(file)) {
                    throw new ConfigException(Setting.ALERTS_SMTP_CA_FILE.key(), "cannot read " + file);
                }
            });
            if (tls == Tls.NONE && !password.isEmpty()) {
                throw new ConfigException(Setting.ALERTS_SMTP_TLS.key(), "is none while a password is set ("
                        + Setting.ALERTS_SMTP_PASSWORD_FILE.key() + " or REDCRON_ALERTS_SMTP_PASSWORD): it would travel"
                        + " in clear text; use starttls or tls");
            }
            Objects.requireNonNull(timeout, "timeout");
        }

        /** A parser's message without the field name it may start with. */
        private static String reason(IllegalArgumentException e) {
            return e.getMessage().substring(e.getMessage().indexOf(':') + 1).trim();
        }
    }

    /** {@code starttls}: upgrade a plain connection and refuse a server that cannot; {@code tls}: SMTPS. */
    public enum Tls {
        STARTTLS, TLS, NONE;

        public static Tls parse(String text) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "starttls" -> STARTTLS;
                case "tls", "smtps" -> TLS;
                case "none" -> NONE;
                default -> throw new IllegalArgumentException("tls: '" + text + "' must be starttls, tls or none");
            };
        }

        public int defaultPort() {
            return switch (this) {
                case STARTTLS -> 587;
                case TLS -> 465;
                case NONE -> 25;
            };
        }
    }
}
