package io.redcron.store.mysql;

import io.redcron.domain.AttemptEnding;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.port.RecoveryStore;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;

/** The reaper's and reconciler's queries over {@code task_run}; every change is conditional. */
public final class MysqlRecoveryStore implements RecoveryStore {
    private static final String EXPIRED = "SELECT " + RunRows.COLUMNS + " FROM task_run r"
            + " WHERE r." + RunTransition.condition(RunStatus.IN_FLIGHT) + " AND r.lease_until < ? AND r.namespace = ?"
            + " ORDER BY r.lease_until LIMIT ?";
    private static final String LOST = " WHERE id = ? AND attempt = ? AND lease_until < ? AND ";
    private static final String LOST_CANCELLED = "UPDATE task_run SET " + RunTransition.CANCEL_LOST.toAssignment()
            + ", finished_at = ?, error = ?, lease_until = NULL" + LOST + RunTransition.CANCEL_LOST.fromCondition()
            + " AND cancel_requested = TRUE";
    // A claim made ahead of the run's time that never began: released, not a lost attempt.
    // The error names the node before the node is cleared: assignments apply from left to right.
    private static final String LOST_UNSTARTED = RunChanges.releaseUnstarted("CONCAT('node ', node, ' claimed it"
            + " ahead of its time and stopped before it began; the claim was released')", "lease_until < ?");
    private static final String LOST_REQUEUE = "UPDATE task_run SET " + RunTransition.REQUEUE_LOST.toAssignment()
            + ", lost_attempts = lost_attempts + 1, error = ?, lease_until = NULL, due_at = ?" + LOST
            + RunTransition.REQUEUE_LOST.fromCondition() + " AND lost_attempts < ?";
    private static final String LOST_FAIL = "UPDATE task_run SET " + RunTransition.FAIL_LOST.toAssignment()
            + ", lost_attempts = lost_attempts + 1, finished_at = ?, error = ?, lease_until = NULL" + LOST
            + RunTransition.FAIL_LOST.fromCondition();
    private static final String WAITING = "SELECT " + RunRows.COLUMNS + " FROM task_run r"
            + " WHERE r.namespace = ? AND r." + RunTransition.condition(RunStatus.WAITING) + " AND r.due_at < ?"
            + " ORDER BY r.due_at LIMIT ?";

    private static final String STILL_WAITING = "SELECT id FROM task_run WHERE " + RunTransition.condition(RunStatus.WAITING)
            + " AND id IN (%s)";
    private static final String BACKLOG = "SELECT COUNT(*) AS waiting, MIN(r.due_at) AS oldest_due_at FROM task_run r"
            + " WHERE r.namespace = ? AND r." + RunTransition.condition(RunStatus.WAITING) + " AND r.task_group = ? AND r.due_at < ?";
    /** Ids per statement, far below any server's limit on bound parameters. */
    private static final int IDS_PER_QUERY = 1000;

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
        String error = Text.truncate(reason, RunChanges.MAX_ERROR);
        return jdbc.transaction("recover run " + runId, connection -> {
            if (Jdbc.update(connection, LOST_CANCELLED, now, "cancelled; " + error, runId, attempt, now) == 1) {
                return RunStatus.CANCELLED;
            }
            if (Jdbc.update(connection, LOST_UNSTARTED, now, runId, attempt, now) == 1) {
                return RunStatus.QUEUED;
            }
            if (Jdbc.update(connection, LOST_REQUEUE, error, now, runId, attempt, now, maxLostAttempts) == 1) {
                AttemptArchive.requeued(connection, runId, attempt, now, AttemptEnding.LOST);
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

    @Override
    public Set<Long> stillWaiting(Collection<Long> runIds) {
        Set<Long> waiting = new HashSet<>();
        for (List<Long> chunk : SqlLists.chunks(new ArrayList<>(new HashSet<>(runIds)), IDS_PER_QUERY)) {
            String sql = STILL_WAITING.replace("%s", MysqlSchedulerStore.placeholders(chunk.size()));
            waiting.addAll(jdbc.autoCommit("find runs still waiting",
                    connection -> Jdbc.list(connection, sql, row -> row.getLong(1), chunk.toArray())));
        }
        return waiting;
    }

    @Override
    public Backlog backlog(String namespace, String group, Instant before) {
        return jdbc.autoCommit("count the waiting runs of group " + group, connection ->
                Jdbc.one(connection, BACKLOG, row -> new Backlog(row.getLong("waiting"), Jdbc.instant(row, "oldest_due_at")),
                        namespace, group, before)).filter(backlog -> backlog.waiting() > 0).orElse(Backlog.NONE);
    }
}
