package io.redcron.store.mysql;

import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;

/**
 * The statements that change a run and serve more than one store operation, each written once
 * from its {@link RunTransition}. Every one names the state it expects, so of two racing nodes
 * exactly one changes the row.
 */
final class RunChanges {
    /** The longest error a run records. */
    static final int MAX_ERROR = 2000;

    /**
     * A waiting run never attempted is dropped ({@link RunTransition#SKIP}): by its claim's rules,
     * or withdrawn by a task change. Binds: finished_at, error, id.
     */
    static final String SKIP = "UPDATE task_run SET " + RunTransition.SKIP.toAssignment()
            + ", finished_at = ?, error = ? WHERE id = ? AND attempt = 0 AND " + RunTransition.SKIP.fromCondition();

    /**
     * A waiting run ends cancelled ({@link RunTransition#CANCEL_WAITING}): an operator's cancel,
     * one asked for before it started, or one overtaken under replace. Binds: finished_at, error,
     * id, attempt.
     */
    static final String CANCEL_WAITING = "UPDATE task_run SET " + RunTransition.CANCEL_WAITING.toAssignment()
            + ", finished_at = ?, error = ? WHERE id = ? AND attempt = ? AND "
            + RunTransition.CANCEL_WAITING.fromCondition();

    /**
     * A claim held for its time that never began is dropped ({@link RunTransition#DROP_HELD}):
     * SKIPPED or CANCELLED, its attempt taken back, for it never was one. Binds: status,
     * finished_at, error, id, then what {@code guard} holds (append it to the statement).
     */
    static final String DROP_HELD = "UPDATE task_run SET status = ?, attempt = attempt - 1, node = NULL,"
            + " lease_until = NULL, started_at = NULL, attempt_began = TRUE, finished_at = ?, error = ?"
            + " WHERE id = ? AND attempt_began = FALSE AND " + RunTransition.DROP_HELD.fromCondition();

    /** Asks the worker of a run in flight to stop it (no status change: the attempt ends it). Binds: id. */
    static final String MARK_CANCEL = "UPDATE task_run SET cancel_requested = TRUE WHERE id = ? AND "
            + RunTransition.condition(RunStatus.IN_FLIGHT);

    private RunChanges() {
    }

    /**
     * A claim made ahead of the run's time that never began is taken back
     * ({@link RunTransition#RELEASE_UNSTARTED}): queued again, due at its time, its attempt undone.
     * Binds: what {@code error} and {@code guard} hold, in that order around due_at, id and attempt:
     * error's, then due_at, id, attempt, then guard's.
     *
     * @param error the SQL expression of the error to record (it may name the node: assignments
     *              apply from left to right, and the node is cleared after it)
     * @param guard the further condition that says whose claim it is
     */
    static String releaseUnstarted(String error, String guard) {
        return "UPDATE task_run SET " + RunTransition.RELEASE_UNSTARTED.toAssignment() + ", error = " + error
                + ", attempt = attempt - 1, node = NULL, lease_until = NULL, started_at = NULL, attempt_began = TRUE,"
                + " due_at = GREATEST(?, scheduled_at) WHERE id = ? AND attempt = ? AND " + guard
                + " AND attempt_began = FALSE AND " + RunTransition.RELEASE_UNSTARTED.fromCondition();
    }

    /** An error or reason as a run records it: one clean line, at most {@link #MAX_ERROR} characters. */
    static String error(String reason) {
        return Text.truncate(Text.sanitize(reason), MAX_ERROR);
    }

    /** The statement with its {@code %s} replaced by {@code size} placeholders (on every claim: no Formatter). */
    static String in(String sql, int size) {
        return sql.replace("%s", MysqlSchedulerStore.placeholders(size));
    }
}
