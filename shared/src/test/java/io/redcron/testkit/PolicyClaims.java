package io.redcron.testkit;

import io.redcron.domain.ClaimRules;
import io.redcron.domain.ClaimRules.Decision;
import io.redcron.domain.ClaimRules.TaskRules;
import io.redcron.domain.ClaimRules.UnfinishedRun;
import io.redcron.domain.HeldClaimRules;
import io.redcron.domain.HeldClaimRules.HeldClaim;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.Task;
import io.redcron.port.Claim;
import io.redcron.port.RunStore.StartMark;
import io.redcron.testkit.Tables.RunRow;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The begin of held claims on the in-memory tables, called under their monitor (the tasks' locks,
 * in MySQL): reads what {@link HeldClaimRules} need, asks them, and writes their decisions, each
 * write fenced as the MySQL store fences it.
 */
final class PolicyClaims {
    private PolicyClaims() {
    }

    static List<Claim> begin(Tables tables, String node, List<StartMark> marks, Instant now,
                             Duration misfireThreshold, Instant recheckAt) {
        Map<Long, Claim> results = new HashMap<>();
        List<HeldClaim> claims = new ArrayList<>();
        Map<Long, TaskRules> rules = new HashMap<>();
        Map<Long, Long> laterMisfires = new HashMap<>();
        for (StartMark mark : marks) {
            RunRow row = tables.runs.get(mark.runId());
            // Only the claim the mark names: an earlier claim of this node, released meanwhile, had the same attempt.
            boolean held = row != null && row.status == RunStatus.RUNNING && node.equals(row.node)
                    && row.attempt == mark.attempt() && row.claimToken == mark.claim();
            if (!held) {
                results.put(mark.runId(), Claim.unavailable(row == null ? null : row.toRun()));
            } else if (row.attemptBegan) {
                results.put(mark.runId(), new Claim(Claim.Result.CLAIMED, row.toRun(), List.of()));
            } else {
                Task task = tables.tasks.get(row.taskId);
                if (task != null) {
                    rules.put(row.taskId, new TaskRules(task.concurrencyPolicy(), task.misfirePolicy(), task.catchUpLimit()));
                }
                claims.add(new HeldClaim(row.toRun(), row.cancelRequested));
                Run waiting = UnfinishedRun.of(row.toListed(), row.dueAt, row.cancelRequested, false).run();
                if (ClaimRules.countsLaterMisfires(waiting, rules.get(row.taskId), now, misfireThreshold)) {
                    laterMisfires.put(row.id, tables.runs.values().stream()
                            .filter(other -> ClaimRules.isLaterMisfire(waiting, other.toListed(), now, misfireThreshold))
                            .count());
                }
            }
        }
        List<UnfinishedRun> unfinished = tables.runs.values().stream()
                .filter(row -> !row.status.isFinal() && claims.stream().anyMatch(claim ->
                        claim.claimed().taskId() == row.taskId && claim.claimed().namespace().equals(row.namespace)))
                .map(row -> UnfinishedRun.of(row.toListed(), row.dueAt, row.cancelRequested, row.attemptBegan))
                .toList();
        Map<Long, Decision> decisions = HeldClaimRules.decide(new HeldClaimRules.Batch(claims, rules, unfinished,
                laterMisfires, now, misfireThreshold, recheckAt));
        // One lease for the batch, as one statement writes it.
        Instant lease = Tables.millis(marks.get(0).leaseUntil());
        for (HeldClaim claim : claims) {
            RunRow row = tables.runs.get(claim.claimed().id());
            Decision decision = decisions.get(row.id);
            results.put(row.id, switch (decision.verdict()) {
                case CLAIM, CLAIM_AND_CANCEL -> {
                    if (row.cancelRequested) {
                        yield Claim.unavailable(row.toRun());
                    }
                    row.attemptBegan = true;
                    row.leaseUntil = lease;
                    for (Run replaced : decision.cancel()) {
                        RunRow other = tables.runs.get(replaced.id());
                        if (other != null && other.status == RunStatus.RUNNING) {
                            other.cancelRequested = true;
                        }
                    }
                    yield new Claim(Claim.Result.CLAIMED, row.toRun(), decision.cancel());
                }
                case DEFER -> {
                    // Released: it waits queued, due again at the recheck.
                    row.undoClaim(RunTransition.RELEASE_UNSTARTED, RunStatus.QUEUED);
                    row.dueAt = decision.until().isAfter(row.scheduledAt) ? decision.until() : row.scheduledAt;
                    yield new Claim(Claim.Result.DEFERRED, row.toRun(), List.of());
                }
                case SKIP -> drop(row, now, decision.reason(), RunStatus.SKIPPED, Claim.Result.SKIPPED);
                case CANCEL_SELF -> drop(row, now, decision.reason(), RunStatus.CANCELLED, Claim.Result.CANCELLED);
                case UNAVAILABLE -> Claim.unavailable(row.toRun());
            });
        }
        List<Claim> ordered = new ArrayList<>(marks.size());
        for (StartMark mark : marks) {
            ordered.add(results.get(mark.runId()));
        }
        return ordered;
    }

    /** A held claim the rules drop ({@link RunTransition#DROP_HELD}): it never began, so it was no attempt. */
    private static Claim drop(RunRow row, Instant now, String reason, RunStatus status, Claim.Result result) {
        row.undoClaim(RunTransition.DROP_HELD, status);
        row.finishedAt = now;
        row.error = Texts.error(reason);
        return new Claim(result, row.toRun(), List.of());
    }
}
