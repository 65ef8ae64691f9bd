package io.redcron.testkit;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Task;
import io.redcron.domain.TriggerType;
import io.redcron.port.Claim;
import io.redcron.testkit.Tables.RunRow;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/** The claim of one run under its task's rules, on the in-memory tables (under their monitor). */
final class PolicyClaims {
    private PolicyClaims() {
    }

    static Claim decide(Tables tables, RunRow row, String node, Instant now, Instant leaseUntil,
                        Duration misfireThreshold, Instant recheckAt) {
        Task task = tables.tasks.get(row.taskId);
        boolean late = row.trigger == TriggerType.CRON && row.neverAttempted()
                && now.isAfter(InMemoryRunStore.judgedAt(row).plus(misfireThreshold));
        if (task == null || (task.concurrencyPolicy() == ConcurrencyPolicy.ALLOW && !late)) {
            InMemoryRunStore.claimRow(row, node, now, leaseUntil);
            return new Claim(Claim.Result.CLAIMED, row.toRun(), List.of());
        }
        throw new UnsupportedOperationException("the misfire and concurrency rules of a claim are not in the domain"
                + " yet; run " + row.id + " of task " + row.taskId + " needs them");
    }
}
