package io.redcron.port;

import io.redcron.domain.AlertRule;

import java.util.Map;
import java.util.Optional;

/**
 * Each task's own alert rules (slow runs, the dead-man switch), kept beside the task. Every change
 * is audited with the change.
 */
public interface AlertRules {

    /** The rules of every task of the namespace that has any, by task id. */
    Map<Long, AlertRule> all(String namespace);

    /** The task's rules; empty when it has none. */
    Optional<AlertRule> of(String namespace, long taskId);

    /** Sets the fields {@code change} sets on the task's rules; the others stay. */
    AlertRule change(String namespace, long taskId, AlertRule change, String actor);

    /** Removes all of the task's rules; false if it had none. */
    boolean clear(String namespace, long taskId, String actor);
}
