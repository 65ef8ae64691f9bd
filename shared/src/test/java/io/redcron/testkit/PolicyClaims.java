package io.redcron.testkit;

import io.redcron.domain.ClaimRules;
import io.redcron.domain.ClaimRules.Decision;
import io.redcron.domain.ClaimRules.TaskRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.port.Claim;
import io.redcron.testkit.Tables.RunRow;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The claim of one run under its task's rules on the in-memory tables, called under their monitor
 * (the task's lock, in MySQL): reads what {@link ClaimRules} need, asks them, and writes their
 * decision, each write fenced as the MySQL store fences it.
 */
final class PolicyClaims {
    private PolicyClaims() {
    }

    /** The claim of {@code row}, which is waiting (QUEUED or RETRYING). */
    static Claim decide(Tables tables, RunRow row, String node, Instant now, Instant leaseUntil,
                        Duration misfireThreshold, Instant recheckAt) {
        UnfinishedRun waiting = row.unfinished();
        Decision decision = ClaimRules.ownState(waiting, now)
                .orElseGet(() -> weigh(tables, waiting, now, misfireThreshold, recheckAt));
        return write(tables, row, waiting.run(), decision, node, now, leaseUntil);
    }

    private static Decision weigh(Tables tables, UnfinishedRun waiting, Instant now, Duration misfireThreshold,
                                  Instant recheckAt) {
        Run run = waiting.run();
        Task task = tables.tasks.get(run.taskId());
        TaskRules rules = task == null ? null
                : new TaskRules(task.concurrencyPolicy(), task.misfirePolicy(), task.catchUpLimit());
        long laterMisfires = 0;
        if (ClaimRules.countsLaterMisfires(run, rules, now, misfireThreshold)) {
            laterMisfires = tables.runs.values().stream()
                    .filter(other -> ClaimRules.isLaterMisfire(run, other.toListed(), now, misfireThreshold)).count();
        }
        List<UnfinishedRun> others = rules == null || rules.concurrency() == ConcurrencyPolicy.ALLOW ? List.of()
                : tables.runs.values().stream()
                        .filter(other -> other.taskId == run.taskId() && other.id != run.id()
                                && other.namespace.equals(run.namespace()) && !other.status.isFinal())
                        .map(RunRow::unfinished).toList();
        return ClaimRules.decide(new ClaimRules.Input(waiting, rules, others, laterMisfires, now, misfireThreshold,
                recheckAt));
    }

    private static Claim write(Tables tables, RunRow row, Run read, Decision decision, String node, Instant now, Instant leaseUntil) {
        boolean unchanged = row.attempt == read.attempt() && RunTransition.CLAIM.from().contains(row.status);
        return switch (decision.verdict()) {
            case CLAIM, CLAIM_AND_CANCEL -> {
                if (!row.unfinished().claimableAt(now)) {
                    yield Claim.unavailable(read);
                }
                InMemoryRunStore.claimRow(row, node, now, leaseUntil);
                for (Run replaced : decision.cancel()) {
                    RunRow other = tables.runs.get(replaced.id());
                    if (other != null && other.status == RunStatus.RUNNING) {
                        other.cancelRequested = true;
                    }
                }
                yield new Claim(Claim.Result.CLAIMED, row.toRun(), decision.cancel());
            }
            case DEFER -> {
                if (!unchanged) {
                    yield Claim.unavailable(read);
                }
                row.dueAt = decision.until();
                yield new Claim(Claim.Result.DEFERRED, row.toRun(), List.of());
            }
            case SKIP -> {
                if (!unchanged || !row.neverAttempted() || !RunTransition.SKIP.from().contains(row.status)) {
                    yield Claim.unavailable(read);
                }
                row.move(RunTransition.SKIP, RunStatus.SKIPPED);
                row.finishedAt = now;
                row.error = Texts.truncate(decision.reason(), Texts.MAX_ERROR);
                yield new Claim(Claim.Result.SKIPPED, row.toRun(), List.of());
            }
            case CANCEL_SELF -> {
                if (!unchanged) {
                    yield Claim.unavailable(read);
                }
                row.move(RunTransition.CANCEL_WAITING, RunStatus.CANCELLED);
                row.finishedAt = now;
                row.error = Texts.truncate(decision.reason(), Texts.MAX_ERROR);
                yield new Claim(Claim.Result.CANCELLED, row.toRun(), List.of());
            }
            case UNAVAILABLE -> Claim.unavailable(read);
        };
    }
}
