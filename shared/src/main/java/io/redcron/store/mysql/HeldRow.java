package io.redcron.store.mysql;

import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.HeldClaimRules.HeldClaim;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/**
 * A row of {@code task_run} as a begin reads it: the run with its claim's token, whether that
 * claim began, and its task's concurrency policy (null: the task is gone).
 */
record HeldRow(Run run, Instant dueAt, boolean cancelRequested, boolean attemptBegan, ConcurrencyPolicy concurrency) {

    static HeldRow read(ResultSet row) throws SQLException {
        String policy = row.getString("concurrency_policy");
        return new HeldRow(RunRows.read(row), Jdbc.instant(row, "due_at"), row.getBoolean("cancel_requested"),
                row.getBoolean("attempt_began"), policy == null ? null : ConcurrencyPolicy.valueOf(policy));
    }

    /** A claim just made, not begun: no recheck time, no cancel asked for. */
    static HeldRow claimed(Run run, ConcurrencyPolicy concurrency) {
        return new HeldRow(run, null, false, false, concurrency);
    }

    /**
     * Whether the row is still the claim {@code node} made as {@code attempt}, with token
     * {@code claim}: not an earlier claim of the same node and attempt, released meanwhile.
     */
    boolean heldBy(String node, int attempt, long claim) {
        return run.status() == RunStatus.RUNNING && node.equals(run.node()) && run.attempt() == attempt
                && run.claim() == claim;
    }

    /** The run as the claim rules see it. */
    UnfinishedRun waiting() {
        return UnfinishedRun.of(run, dueAt, cancelRequested, attemptBegan);
    }

    HeldClaim claim() {
        return new HeldClaim(run, cancelRequested);
    }

    /** The run as the begin leaves it: its lease renewed. */
    Run begun(Instant leaseUntil) {
        return run.withLease(leaseUntil);
    }
}
