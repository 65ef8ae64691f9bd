package io.redcron.domain;

import java.time.Instant;
import java.util.Objects;

/**
 * Alerts an operator does not want to hear about until a time: those of one task (by name), of
 * one routing group, of one kind, or any combination; a silence naming none of them silences
 * every alert of its namespace. Ended early by an operator, or by its time passing.
 *
 * @param kind an alert kind's name as the webhook payload carries it ({@code RUN_FAILED}…); null: any
 */
public record AlertSilence(long id, String namespace, String taskName, String group, String kind, Instant until,
                           String reason, String createdBy, Instant createdAt, Instant endedAt, String endedBy) {

    public AlertSilence {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(until, "until");
        Objects.requireNonNull(createdAt, "createdAt");
        taskName = blankToNull(taskName);
        group = blankToNull(group);
        kind = blankToNull(kind);
    }

    /** In force at {@code now}: not ended by hand, and its time not over. */
    public boolean isActive(Instant now) {
        return endedAt == null && now.isBefore(until);
    }

    /** Whether it silences an alert of this task (null: about no task), group (null: none known) and kind. */
    public boolean matches(String alertTask, String alertGroup, String alertKind) {
        return (taskName == null || taskName.equals(alertTask))
                && (group == null || group.equals(alertGroup))
                && (kind == null || kind.equals(alertKind));
    }

    /** Whether it silences everything in its namespace. */
    public boolean silencesAll() {
        return taskName == null && group == null && kind == null;
    }

    /** What it silences, for a log line or a list: {@code task=backup kind=RUN_FAILED}, or {@code everything}. */
    public String scope() {
        StringBuilder out = new StringBuilder();
        if (taskName != null) {
            out.append("task=").append(taskName);
        }
        if (group != null) {
            out.append(out.isEmpty() ? "" : " ").append("group=").append(group);
        }
        if (kind != null) {
            out.append(out.isEmpty() ? "" : " ").append("kind=").append(kind);
        }
        return out.isEmpty() ? "everything" : out.toString();
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }
}
