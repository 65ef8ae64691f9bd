package io.redcron.port;

import io.redcron.domain.RetentionPolicy;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How long each namespace and task keeps its history, and the runs operators pinned to keep. Every
 * change is audited with the change.
 */
public interface RetentionStore {

    /** The namespace's policy and every task's that differs from it; nothing stored: all inherit. */
    RetentionSettings settings(String namespace);

    /** Sets the fields {@code change} sets on the namespace's policy; the others stay. */
    RetentionPolicy changeNamespace(String namespace, RetentionPolicy change, String actor);

    /** Sets the fields {@code change} sets on a task's policy; a policy that then inherits everything is removed. */
    RetentionPolicy changeTask(String namespace, long taskId, RetentionPolicy change, String actor);

    /** Makes a task follow its namespace again; false if it already did. */
    boolean clearTask(String namespace, long taskId, String actor);

    /**
     * Keeps a run whatever its age; false if it was pinned already.
     *
     * @throws IllegalArgumentException naming {@code run} when no such run exists
     */
    boolean pin(long runId, String note, String actor);

    /** False if the run was not pinned. */
    boolean unpin(long runId, String actor);

    /** The run's pin: who pinned it, when and why; empty if it is not pinned. */
    Optional<RunPin> pin(long runId);

    /** Which of {@code runIds} are pinned. */
    Set<Long> pinned(Collection<Long> runIds);

    /** The pinned runs of a namespace, most recently pinned first. */
    List<RunPin> pins(String namespace);

    /**
     * @param namespace the namespace's own policy, fields it never set null
     * @param tasks     each task's own policy where it sets anything
     */
    record RetentionSettings(RetentionPolicy namespace, Map<Long, RetentionPolicy> tasks) {
        /** The task id of a namespace's own policy, among the stored rows. */
        public static final long NAMESPACE_ROW = 0;

        public RetentionSettings {
            tasks = Map.copyOf(tasks);
        }

        /** From the stored rows by task id, {@link #NAMESPACE_ROW} being the namespace's own. */
        public static RetentionSettings of(Map<Long, RetentionPolicy> rows) {
            Map<Long, RetentionPolicy> tasks = new java.util.HashMap<>(rows);
            RetentionPolicy own = tasks.remove(NAMESPACE_ROW);
            return new RetentionSettings(own == null ? RetentionPolicy.INHERIT : own, tasks);
        }

        /** The namespace's policy with the defaults filling what it leaves open. */
        public RetentionPolicy effective() {
            return namespace.over(RetentionPolicy.DEFAULTS);
        }

        /** A task's policy with its namespace's and the defaults filling what it leaves open. */
        public RetentionPolicy forTask(long taskId) {
            return tasks.getOrDefault(taskId, RetentionPolicy.INHERIT).over(effective());
        }
    }

    record RunPin(long runId, String namespace, Instant pinnedAt, String pinnedBy, String note) {
    }
}
