package io.redcron.store.mysql;

import io.redcron.domain.AttemptEnding;
import io.redcron.domain.PastAttempt;
import io.redcron.domain.RunStatus;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * The past attempts of runs ({@code run_attempt}): a run's row holds its latest attempt only, so
 * the attempt a retry or a lost worker ends is copied here in the transaction that writes that
 * end, from the row as just written. Copies are keyed by (run, attempt): writing one again (a
 * repeated statement) changes nothing.
 */
final class AttemptArchive {
    private static final String COLUMNS = "run_id, attempt, node, started_at, finished_at, ended, exit_code, error,"
            + " output_tail, next_attempt_at";
    // The rows a retry has just written: its outcome, and its next attempt's due time.
    private static final String RETRIED = "INSERT IGNORE INTO run_attempt (" + COLUMNS + ")"
            + " SELECT id, attempt, node, started_at, finished_at, ?, exit_code, error, RIGHT(output, "
            + PastAttempt.OUTPUT_TAIL + "), due_at FROM task_run WHERE status = '" + RunStatus.RETRYING
            + "' AND id IN (%s)";
    // A run whose attempt was lost or handed back, queued again (its node and its attempt number are
    // kept until the next claim): when that was found, and why.
    private static final String REQUEUED = "INSERT IGNORE INTO run_attempt (" + COLUMNS + ")"
            + " SELECT id, attempt, node, started_at, ?, ?, NULL, error, NULL, due_at FROM task_run"
            + " WHERE id = ? AND attempt = ? AND status = '" + RunStatus.QUEUED + "'";
    private static final String OF_RUN = "SELECT " + COLUMNS + " FROM run_attempt WHERE run_id = ? ORDER BY attempt";

    private AttemptArchive() {
    }

    /** Copies the attempts the retries of {@code runIds} (written in this transaction) ended. */
    static void retried(Connection connection, Collection<Long> runIds, AttemptEnding ending) throws SQLException {
        if (runIds.isEmpty()) {
            return;
        }
        Object[] values = new Object[runIds.size() + 1];
        values[0] = ending.name();
        int i = 1;
        for (Long id : runIds) {
            values[i++] = id;
        }
        Jdbc.insertSkippingDuplicates(connection, RunChanges.in(RETRIED, runIds.size()), values);
    }

    /**
     * Copies attempt {@code attempt} of a run just queued again after its worker lost or handed
     * it back (the row keeps the attempt number until the next claim).
     */
    static void requeued(Connection connection, long runId, int attempt, Instant at, AttemptEnding ending)
            throws SQLException {
        Jdbc.insertSkippingDuplicates(connection, REQUEUED, at, ending.name(), runId, attempt);
    }

    static List<PastAttempt> of(Connection connection, long runId) throws SQLException {
        return Jdbc.list(connection, OF_RUN, AttemptArchive::read, runId);
    }

    private static PastAttempt read(ResultSet row) throws SQLException {
        return new PastAttempt(row.getLong("run_id"), row.getInt("attempt"), row.getString("node"),
                Jdbc.instant(row, "started_at"), Jdbc.instant(row, "finished_at"),
                AttemptEnding.valueOf(row.getString("ended")), Jdbc.nullableInt(row, "exit_code"), row.getString("error"),
                row.getString("output_tail"), Jdbc.instant(row, "next_attempt_at"));
    }
}
