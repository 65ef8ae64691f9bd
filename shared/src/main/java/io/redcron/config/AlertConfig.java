package io.redcron.config;

import io.redcron.domain.AlertTarget;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
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
 */
public record AlertConfig(Optional<AlertTarget.Webhook> webhook, Secret webhookSecret, int webhookAttempts,
                          Optional<Smtp> smtp, Duration rateLimit, int queueSize, List<Pattern> allowTargets) {

    public static final AlertConfig NONE = new AlertConfig(Optional.empty(), Secret.NONE, 5, Optional.empty(),
            Duration.ofMinutes(10), 1000);

    public AlertConfig {
        allowTargets = List.copyOf(allowTargets);
    }

    /** A configuration that delivers to no target a task names itself. */
    public AlertConfig(Optional<AlertTarget.Webhook> webhook, Secret webhookSecret, int webhookAttempts,
                       Optional<Smtp> smtp, Duration rateLimit, int queueSize) {
        this(webhook, webhookSecret, webhookAttempts, smtp, rateLimit, queueSize, List.of());
    }

    /** The same configuration with these patterns for tasks' own targets. */
    public AlertConfig withAllowTargets(List<Pattern> patterns) {
        return new AlertConfig(webhook, webhookSecret, webhookAttempts, smtp, rateLimit, queueSize, patterns);
    }

    /**
     * @param to     the global recipients (may be empty when only tasks name addresses)
     * @param caFile PEM certificates to trust instead of the JVM's default trust store, if set
     */
    public record Smtp(String host, int port, String user, Secret password, String from, List<AlertTarget.Email> to,
                       Tls tls, Optional<Path> caFile, Duration timeout) {
        public Smtp {
            to = List.copyOf(to);
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
