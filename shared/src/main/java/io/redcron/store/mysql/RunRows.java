package io.redcron.store.mysql;

import io.redcron.domain.ClaimTokens;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.TriggerType;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Maps rows of {@code task_run} to {@link Run}. */
final class RunRows {
    /**
     * Every column a listing reads ({@link #readListed}): all but the output, which can be 64 KiB a
     * run, and the token of the run's claim, which only the claims and one run read alone need.
     */
    static final String LISTED_COLUMNS = "r.id, r.task_id, r.namespace, r.task_name, r.task_group, r.trigger_type,"
            + " r.scheduled_at, r.status, r.attempt, r.max_attempts, r.lost_attempts, r.node, r.lease_until, r.created_at,"
            + " r.started_at, r.finished_at, r.exit_code, r.error, r.params, r.shard_index, r.shard_total";
    /** The token of the claim that took the current attempt ({@link Run#claim()}). */
    static final String CLAIM = ", r.claim_token";
    /** Every column, for a run read alone or claimed ({@link #read}). */
    static final String COLUMNS = LISTED_COLUMNS + ", r.output" + CLAIM;
    static final String BY_ID = "SELECT " + COLUMNS + " FROM task_run r WHERE r.id = ?";

    private RunRows() {
    }

    /** A run read with {@link #COLUMNS}. */
    static Run read(ResultSet row) throws SQLException {
        return read(row, row.getString("output"), row.getLong("claim_token"));
    }

    /** The run as it is now, in the caller's transaction; it must exist. */
    static Run reread(Connection connection, long runId) throws SQLException {
        return Jdbc.one(connection, BY_ID, RunRows::read, runId).orElseThrow();
    }

    /** A run read with {@link #LISTED_COLUMNS}: its output is null. */
    static Run readListed(ResultSet row) throws SQLException {
        return read(row, null, ClaimTokens.NONE);
    }

    /** A run read with {@link #LISTED_COLUMNS} and {@link #CLAIM}: its output is null. */
    static Run readListedClaimed(ResultSet row) throws SQLException {
        return read(row, null, row.getLong("claim_token"));
    }

    private static Run read(ResultSet row, String output, long claim) throws SQLException {
        return new Run(row.getLong("id"), row.getLong("task_id"), row.getString("namespace"),
                row.getString("task_name"), row.getString("task_group"),
                TriggerType.valueOf(row.getString("trigger_type")), Jdbc.instant(row, "scheduled_at"),
                RunStatus.valueOf(row.getString("status")), row.getInt("attempt"), row.getInt("max_attempts"), row.getInt("lost_attempts"),
                row.getString("node"), Jdbc.instant(row, "lease_until"), Jdbc.instant(row, "created_at"),
                Jdbc.instant(row, "started_at"), Jdbc.instant(row, "finished_at"), Jdbc.nullableInt(row, "exit_code"),
                output, row.getString("error"), Json.stringMap(row.getString("params")), row.getInt("shard_index"),
                row.getInt("shard_total"), claim);
    }
}
