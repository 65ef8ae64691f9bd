package io.redcron.testkit;

import io.redcron.domain.AgedRun;
import io.redcron.port.HistoryCleanup;
import io.redcron.testkit.Tables.RunRow;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Retention's deletes over the in-memory tables, under the MySQL adapter's conditions. */
final class InMemoryHistoryCleanup implements HistoryCleanup {
    /** The youngest audit row the database's own procedure lets anyone delete. */
    private static final Duration AUDIT_FLOOR = Duration.ofDays(30);
    private static final Comparator<RunRow> OLDEST_FIRST = Comparator.comparing((RunRow row) -> row.scheduledAt)
            .thenComparingLong(row -> row.id);

    private final Tables tables;

    InMemoryHistoryCleanup(Tables tables) {
        this.tables = tables;
    }

    @Override
    public List<AgedRun> oldest(String namespace, Long taskId, Position after, Instant before, int limit) {
        synchronized (tables) {
            return tables.runs.values().stream()
                    .filter(row -> row.namespace.equals(namespace) && (taskId == null || row.taskId == taskId))
                    .filter(row -> row.scheduledAt.isBefore(before) && isAfter(row, after))
                    .sorted(OLDEST_FIRST).limit(limit)
                    .map(row -> new AgedRun(row.id, row.taskId, row.status, row.scheduledAt, row.output != null))
                    .toList();
        }
    }

    private static boolean isAfter(RunRow row, Position after) {
        int time = row.scheduledAt.compareTo(after.scheduledAt());
        return time > 0 || time == 0 && row.id > after.id();
    }

    @Override
    public java.util.Map<Long, Instant> nthNewest(java.util.Map<Long, Integer> nByTask) {
        java.util.Map<Long, Instant> found = new java.util.HashMap<>();
        synchronized (tables) {
            nByTask.forEach((taskId, n) -> {
                if (n > 0) {
                    tables.runs.values().stream().filter(row -> row.taskId == taskId).map(row -> row.scheduledAt)
                            .sorted(Comparator.reverseOrder()).skip(n - 1L).findFirst()
                            .ifPresent(at -> found.put(taskId, at));
                }
            });
        }
        return found;
    }

    @Override
    public int delete(String namespace, Collection<Long> runIds, Instant before) {
        synchronized (tables) {
            Instant youngest = tables.now().minus(YOUNGEST_DELETED);
            int deleted = 0;
            for (long id : runIds) {
                RunRow row = tables.runs.get(id);
                if (row != null && row.namespace.equals(namespace) && mayGo(row) && row.scheduledAt.isBefore(before)
                        && row.scheduledAt.isBefore(youngest)) {
                    tables.runs.remove(id);
                    tables.attempts.remove(id);
                    tables.requestKeys.values().removeIf(run -> run == id);
                    deleted++;
                }
            }
            return deleted;
        }
    }

    @Override
    public int dropOutputs(Collection<Long> runIds) {
        synchronized (tables) {
            int dropped = 0;
            for (long id : runIds) {
                RunRow row = tables.runs.get(id);
                if (row != null && mayGo(row) && row.output != null) {
                    row.output = null;
                    dropped++;
                }
            }
            return dropped;
        }
    }

    private boolean mayGo(RunRow row) {
        return row.status.isFinal() && !tables.pins.containsKey(row.id);
    }

    @Override
    public int purgeAudit(String namespace, Instant before, int limit) {
        synchronized (tables) {
            Instant floor = tables.now().minus(AUDIT_FLOOR);
            Instant cut = before.isBefore(floor) ? before : floor;
            List<io.redcron.port.AuditEntry> going = tables.audit.stream()
                    .filter(entry -> entry.namespace().equals(namespace) && entry.at().isBefore(cut))
                    .sorted(Comparator.comparing(io.redcron.port.AuditEntry::at)).limit(limit).toList();
            tables.audit.removeAll(going);
            return going.size();
        }
    }

    /** The key of a namespace's own policy among its tasks' (task ids start at 1), as retention_policy keeps it. */
    private static final long NAMESPACE_POLICY = 0L;

    @Override
    public int purgeWorkflowRuns(String namespace, int limit) {
        synchronized (tables) {
            io.redcron.domain.RetentionPolicy policy = tables.retention.getOrDefault(namespace, java.util.Map.of())
                    .getOrDefault(NAMESPACE_POLICY, io.redcron.domain.RetentionPolicy.INHERIT);
            Instant now = tables.now();
            List<io.redcron.workflow.WorkflowRun> going = tables.workflowRuns.values().stream()
                    .filter(run -> run.namespace().equals(namespace) && run.finishedAt() != null
                            && run.finishedAt().isBefore(now.minus(java.time.Duration.ofDays(1)))
                            && expired(run, policy, now))
                    .sorted(Comparator.comparing(io.redcron.workflow.WorkflowRun::finishedAt)).limit(limit).toList();
            for (io.redcron.workflow.WorkflowRun run : going) {
                tables.workflowRuns.remove(run.id());
                tables.workflowSteps.remove(run.id());
            }
            return going.size();
        }
    }

    private static boolean expired(io.redcron.workflow.WorkflowRun run, io.redcron.domain.RetentionPolicy policy,
                                   Instant now) {
        boolean failed = run.status() == io.redcron.workflow.WorkflowRunStatus.FAILED;
        Integer stored = failed ? policy.failedDays() : policy.succeededDays();
        io.redcron.domain.RetentionPolicy defaults = io.redcron.domain.RetentionPolicy.DEFAULTS;
        int days = stored != null ? stored : failed ? defaults.failedDays() : defaults.succeededDays();
        return days > 0 && run.finishedAt().isBefore(now.minus(java.time.Duration.ofDays(days)));
    }

    @Override
    public Optional<Instant> oldestRun(String namespace) {
        synchronized (tables) {
            return tables.runs.values().stream().filter(row -> row.namespace.equals(namespace))
                    .map(row -> row.scheduledAt).min(Comparator.naturalOrder());
        }
    }
}
