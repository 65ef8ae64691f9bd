package io.redcron.testkit;

import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.port.RecoveryStore;
import io.redcron.testkit.Tables.RunRow;

import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/** The reaper's and reconciler's view of the in-memory tables; every change is fenced by status, attempt and lease. */
public final class InMemoryRecoveryStore implements RecoveryStore {
    private final Tables tables;

    InMemoryRecoveryStore(Tables tables) {
        this.tables = tables;
    }

    @Override
    public List<Run> expiredLeases(String namespace, Instant now, int limit) {
        synchronized (tables) {
            return tables.runs.values().stream()
                    .filter(row -> row.namespace.equals(namespace) && row.status == RunStatus.RUNNING
                            && row.leaseUntil != null && row.leaseUntil.isBefore(now))
                    .sorted(Comparator.comparing((RunRow row) -> row.leaseUntil))
                    .limit(limit).map(RunRow::toRun).toList();
        }
    }

    @Override
    public RunStatus recoverLost(long runId, int attempt, Instant now, int maxLostAttempts, String reason) {
        String error = Texts.truncate(reason, Texts.MAX_ERROR);
        Instant at = Tables.millis(now);
        synchronized (tables) {
            RunRow row = tables.runs.get(runId);
            boolean lost = row != null && row.status == RunStatus.RUNNING && row.attempt == attempt
                    && row.leaseUntil != null && row.leaseUntil.isBefore(at);
            if (!lost) {
                return null;
            }
            row.leaseUntil = null;
            if (row.cancelRequested) {
                row.move(RunTransition.CANCEL_LOST, RunStatus.CANCELLED);
                row.finishedAt = at;
                row.error = Texts.truncate("cancelled; " + error, Texts.MAX_ERROR);
                return RunStatus.CANCELLED;
            }
            if (!row.attemptBegan) {
                // A claim ahead of the run's time that never began: released, not a lost attempt.
                row.error = "node " + row.node + " claimed it ahead of its time and stopped before it began;"
                        + " the claim was released";
                row.undoClaim(RunTransition.RELEASE_UNSTARTED, RunStatus.QUEUED);
                row.dueAt = at.isAfter(row.scheduledAt) ? at : row.scheduledAt;
                return RunStatus.QUEUED;
            }
            row.lostAttempts++;
            if (row.lostAttempts <= maxLostAttempts) {
                row.move(RunTransition.REQUEUE_LOST, RunStatus.QUEUED);
                row.error = error;
                row.dueAt = at;
                tables.archive(row, io.redcron.domain.AttemptEnding.LOST, at, false);
                return RunStatus.QUEUED;
            }
            row.move(RunTransition.FAIL_LOST, RunStatus.FAILED);
            row.finishedAt = at;
            row.error = Texts.truncate(error + " (" + (maxLostAttempts + 1) + " attempts lost)", Texts.MAX_ERROR);
            return RunStatus.FAILED;
        }
    }

    @Override
    public List<Run> waitingSince(String namespace, Instant before, int limit) {
        return waiting(row -> row.namespace.equals(namespace) && row.dueAt.isBefore(before), limit);
    }

    @Override
    public List<Run> overdue(String namespace, Instant deadline, int limit) {
        return waitingSince(namespace, deadline, limit);
    }

    @Override
    public Set<Long> stillWaiting(Collection<Long> runIds) {
        synchronized (tables) {
            Set<Long> waiting = new HashSet<>();
            for (Long id : runIds) {
                RunRow row = tables.runs.get(id);
                if (row != null && isWaiting(row)) {
                    waiting.add(id);
                }
            }
            return waiting;
        }
    }

    @Override
    public Backlog backlog(String namespace, String group, Instant before) {
        synchronized (tables) {
            List<RunRow> rows = tables.runs.values().stream()
                    .filter(row -> row.namespace.equals(namespace) && isWaiting(row) && row.group.equals(group)
                            && row.dueAt.isBefore(before)).toList();
            return rows.isEmpty() ? Backlog.NONE : new Backlog(rows.size(),
                    rows.stream().map(row -> row.dueAt).min(Comparator.naturalOrder()).orElseThrow());
        }
    }

    private List<Run> waiting(Predicate<RunRow> filter, int limit) {
        synchronized (tables) {
            return tables.runs.values().stream().filter(row -> isWaiting(row) && filter.test(row))
                    .sorted(Comparator.comparing((RunRow row) -> row.dueAt)).limit(limit).map(RunRow::toRun).toList();
        }
    }

    private static boolean isWaiting(RunRow row) {
        return (row.status == RunStatus.QUEUED || row.status == RunStatus.RETRYING) && row.dueAt != null;
    }
}
