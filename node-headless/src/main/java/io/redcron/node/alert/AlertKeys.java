package io.redcron.node.alert;

import io.redcron.port.AlertOutbox;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.HexFormat;

/**
 * The dedupe key of an alert: the same for every report of one occurrence, whoever raises it and
 * however often (a new leader reporting the same lost node, a result recorded twice), and
 * different for the next occurrence (the run's next attempt, the node lost again later).
 */
final class AlertKeys {
    private AlertKeys() {
    }

    static String of(Alert alert) {
        String kind = alert.kind().name();
        String key = switch (alert.kind()) {
            case RUN_FAILED, RUN_TIMED_OUT, RUN_DEAD -> alert.runId() == null ? fallback(alert)
                    : kind + ":run:" + alert.runId() + ":" + alert.details().getOrDefault("attempt", "-");
            case MISFIRE_SKIPPED -> kind + ":task:" + alert.taskId() + ":"
                    + alert.details().getOrDefault("firstScheduledAt", alert.at().toString());
            case NODE_LOST -> kind + ":node:" + alert.node() + ":"
                    + alert.details().getOrDefault("lastSeen", alert.at().toString());
            case LEADER_CHANGED -> alert.details().containsKey("epoch") ? kind + ":epoch:" + alert.details().get("epoch")
                    : fallback(alert);
            case RUN_RECOVERED -> alert.runId() == null ? fallback(alert) : kind + ":run:" + alert.runId();
            case RUN_SLOW -> alert.runId() == null ? fallback(alert)
                    : kind + ":run:" + alert.runId() + ":" + alert.details().getOrDefault("attempt", "-");
            // Once per period crossed since the same start: a new leader finds the same key.
            case NO_SUCCESS -> kind + ":task:" + alert.taskId() + ":" + alert.details().getOrDefault("since", "-")
                    + ":" + alert.details().getOrDefault("periods", alert.at().toString());
            // Once per oldest waiting run: the same backlog seen again is the same occurrence.
            case BACKLOG -> kind + ":" + alert.subject() + ":"
                    + alert.details().getOrDefault("oldestDueAt", alert.at().toString());
            default -> fallback(alert);
        };
        return fit(key);
    }

    /** One summary per target, kind and subject and window. */
    static String summary(Alert latest, String target, Instant windowClosed) {
        return fit("SUMMARY:" + latest.kind().name() + ":" + latest.subject() + ":" + target + ":" + windowClosed);
    }

    /** Any other kind: its subject and the moment it was raised. */
    private static String fallback(Alert alert) {
        return alert.kind().name() + ":" + alert.subject() + ":" + alert.at();
    }

    /** A key too long for the column (a long node id) keeps its start and gets a digest of the whole. */
    private static String fit(String key) {
        if (key.length() <= AlertOutbox.NewAlert.MAX_KEY_LENGTH) {
            return key;
        }
        return key.substring(0, 100) + "#" + sha256(key);
    }

    static String sha256(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available in this JVM", e);
        }
    }
}
