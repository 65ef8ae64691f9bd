package io.redcron.store.mysql;

import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/** A waiting run as read by a claim, with its task's concurrency policy (null: the task is gone). */
record WaitingRun(UnfinishedRun unfinished, ConcurrencyPolicy concurrency) {
    static WaitingRun read(ResultSet row) throws SQLException {
        String policy = row.getString("concurrency_policy");
        return new WaitingRun(new UnfinishedRun(RunRows.read(row), Jdbc.instant(row, "due_at"), row.getBoolean("cancel_requested")), policy == null ? null : ConcurrencyPolicy.valueOf(policy));
    }

    Run run() {
        return unfinished.run();
    }

    /** The row as a claim by {@code node} with token {@code claim} leaves it. */
    Run claimedBy(String node, long claim, Instant leaseUntil, Instant now) {
        Run run = run();
        return run.claimed(node, claim, leaseUntil, run.scheduledAt().isAfter(now) ? run.scheduledAt() : now);
    }
}
