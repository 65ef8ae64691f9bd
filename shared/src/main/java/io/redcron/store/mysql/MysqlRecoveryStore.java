package io.redcron.store.mysql;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.port.RecoveryStore;

import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;

/** The reaper's and reconciler's queries over {@code task_run}; every change is conditional. */
public final class MysqlRecoveryStore implements RecoveryStore {
    private static final String EXPIRED = "SELECT " + RunRows.COLUMNS + " FROM task_run r"
            + " WHERE r.status = 'RUNNING' AND r.lease_until < ? AND r.namespace = ? ORDER BY r.lease_until LIMIT ?";
    private static final String LOST = " WHERE id = ? AND attempt = ? AND lease_until < ? AND ";
    private static final String LOST_CANCELLED = "UPDATE task_run SET " + RunTransition.CANCEL_LOST.toAssignment()
            + ", finished_at = ?, error = ?, lease_until = NULL" + LOST + RunTransition.CANCEL_LOST.fromCondition()
            + " AND cancel_requested = TRUE";
    private static final String LOST_REQUEUE = "UPDATE task_run SET " + RunTransition.REQUEUE_LOST.toAssignment()
            + ", lost_attempts = lost_attempts + 1, error = ?, lease_until = NULL, due_at = ?" + LOST
            + RunTransition.REQUEUE_LOST.fromCondition() + " AND lost_attempts < ?";
    private static final String LOST_FAIL = "UPDATE task_run SET " + RunTransition.FAIL_LOST.toAssignment()
            + ", lost_attempts = lost_attempts + 1, finished_at = ?, error = ?, lease_until = NULL" + LOST
            + RunTransition.FAIL_LOST.fromCondition();
    private static final String WAITING = "SELECT " + RunRows.COLUMNS + " FROM task_run r"
            + " WHERE r.namespace = ? AND r.status IN ('QUEUED', 'RETRYING') AND r.due_at < ? ORDER BY r.due_at LIMIT ?";

    private final Jdbc jdbc;

    public MysqlRecoveryStore(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
    }

    @Override
    public List<Run> expiredLeases(String namespace, Instant now, int limit) {
        return jdbc.autoCommit("find runs with expired leases",
                connection -> Jdbc.list(connection, EXPIRED, RunRows::read, now, namespace, limit));
    }

    @Override
    public RunStatus recoverLost(long runId, int attempt, Instant now, int maxLostAttempts, String reason) {
        String error = Text.truncate(reason, 2000);
        return jdbc.transaction("recover run " + runId, connection -> {
            if (Jdbc.update(connection, LOST_CANCELLED, now, "cancelled; " + error, runId, attempt, now) == 1) {
                return RunStatus.CANCELLED;
            }
            if (Jdbc.update(connection, LOST_REQUEUE, error, now, runId, attempt, now, maxLostAttempts) == 1) {
                return RunStatus.QUEUED;
            }
            if (Jdbc.update(connection, LOST_FAIL, now, error + " (" + (maxLostAttempts + 1) + " attempts lost)", runId,
                    attempt, now) == 1) {
                return RunStatus.FAILED;
            }
            return null;
        });
    }

    @Override
    public List<Run> waitingSince(String namespace, Instant before, int limit) {
        return jdbc.autoCommit("find waiting runs",
                connection -> Jdbc.list(connection, WAITING, RunRows::read, namespace, before, limit));
    }

    @Override
    public List<Run> overdue(String namespace, Instant deadline, int limit) {
        return waitingSince(namespace, deadline, limit);
    }
}
