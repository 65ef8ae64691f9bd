package io.redcron.port;

import io.redcron.domain.AlertSilence;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * Silences: alerts operators chose not to hear about for a while. Adding and ending one is audited.
 */
public interface AlertSilences {
    int MAX_REASON = 500;

    /**
     * Adds a silence, in force from now until its time.
     *
     * @throws IllegalArgumentException naming {@code until} when that time is not after now
     */
    AlertSilence add(NewSilence silence, String actor);

    /** The silences of the namespace in force at {@code now}, soonest to end first. */
    List<AlertSilence> active(String namespace, Instant now);

    /** The newest {@code limit} silences of the namespace, ended or not, newest first. */
    List<AlertSilence> all(String namespace, int limit);

    /**
     * Ends a silence now.
     *
     * @return false if it had ended already (by hand or by its time)
     * @throws IllegalArgumentException naming {@code silence} when the namespace has none with this id
     */
    boolean end(String namespace, long id, String actor);

    /** A silence to add; task, group and kind are each optional (none: every alert). */
    record NewSilence(String namespace, String taskName, String group, String kind, Instant until, String reason) {
        public NewSilence {
            Objects.requireNonNull(namespace, "namespace");
            if (until == null) {
                throw new IllegalArgumentException("until: a silence needs the time it ends");
            }
            if (reason == null || reason.isBlank()) {
                throw new IllegalArgumentException("reason: say why alerts are silenced");
            }
            reason = reason.strip();
            if (reason.length() > MAX_REASON) {
                throw new IllegalArgumentException("reason: at most " + MAX_REASON + " characters, got " + reason.length());
            }
            taskName = taskName == null || taskName.isBlank() ? null : taskName.strip();
            group = group == null || group.isBlank() ? null : group.strip();
            kind = kind == null || kind.isBlank() ? null : kind.strip();
        }
    }
}
