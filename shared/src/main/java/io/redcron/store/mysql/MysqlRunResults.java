package io.redcron.store.mysql;

import io.redcron.domain.AttemptEnding;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.port.RunOutcome;
import io.redcron.port.RunStore.Completion;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The results of attempts ({@link RunTransition#RECORD_OUTCOME}, {@link RunTransition#RETRY}),
 * each fenced by its attempt and the status it expects, group-committed: outcomes that differ only
 * in their times share one statement.
 */
final class MysqlRunResults {
    private static final String COMPLETE = "UPDATE task_run SET status = ?, finished_at = ?, exit_code = ?,"
            + " output = ?, error = ?, due_at = ?, lease_until = NULL WHERE id = ? AND attempt = ? AND status = ?";
    private static final String WRITTEN_STATE = "SELECT id, attempt, status, finished_at FROM task_run WHERE id IN (%s)";
    private static final String LOCK_ATTEMPTS = "SELECT id, attempt, status, node FROM task_run WHERE id IN (%s)"
            + " ORDER BY id FOR UPDATE";

    private final Jdbc jdbc;

    MysqlRunResults(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    boolean complete(long runId, int attempt, RunStatus from, RunOutcome outcome) {
        checkTransition(runId, from, outcome.status());
        Object[] values = completeValues(new Completion(runId, attempt, from, outcome, null));
        String what = "record the outcome of run " + runId;
        if (outcome.retriedAfter() == null) {
            return jdbc.autoCommit(what, connection -> Jdbc.update(connection, COMPLETE, values) == 1);
        }
        // A retry: the attempt it ends is copied beside the run in the same transaction.
        return jdbc.transaction(what, connection -> {
            if (Jdbc.update(connection, COMPLETE, values) != 1) {
                return false;
            }
            AttemptArchive.retried(connection, List.of(runId), outcome.retriedAfter());
            return true;
        });
    }

    List<Boolean> completeAll(List<Completion> completions) {
        if (completions.isEmpty()) {
            return List.of();
        }
        for (Completion completion : completions) {
            checkTransition(completion.runId(), completion.from(), completion.outcome().status());
        }
        List<Long> ids = completions.stream().map(Completion::runId).distinct().sorted().toList();
        String what = "record the outcomes of " + completions.size() + " runs";
        if (ids.size() != completions.size()) {
            // One run twice in a batch: each outcome checked in turn, under the rows' locks.
            return jdbc.transaction(what, connection -> completeLocked(connection, completions, ids));
        }
        // One UPDATE per shape of outcome, each its own commit: every outcome is fenced by its
        // attempt in the statement itself, and no outcome depends on another. The counts prove
        // the usual case, every outcome written; otherwise the rows say which were. A batch with
        // retries is one transaction instead, so that each retry and the copy of the attempt it
        // ends (AttemptArchive) are written together.
        boolean retries = completions.stream().anyMatch(completion -> completion.outcome().retriedAfter() != null);
        Jdbc.Work<List<Boolean>> work = connection -> {
            Set<Long> refused = new HashSet<>();
            for (Map.Entry<Shape, List<Completion>> group : byShape(completions).entrySet()) {
                if (completeGroup(connection, group.getKey(), group.getValue()) != group.getValue().size()) {
                    refused.addAll(notWritten(connection, group.getKey(), group.getValue()));
                }
            }
            List<Boolean> applied = new ArrayList<>(completions.size());
            for (Completion completion : completions) {
                applied.add(!refused.contains(completion.runId()));
            }
            return applied;
        };
        return retries ? jdbc.transaction(what, work) : jdbc.autoCommitRepeatable(what, work);
    }

    /**
     * The outcomes of a group its UPDATE did not write: those whose row is not in that outcome's
     * state for that attempt. (A row written by an earlier try of the same work counts as written.)
     */
    private static Set<Long> notWritten(Connection connection, Shape shape, List<Completion> group)
            throws SQLException {
        Map<Long, Object[]> rows = new HashMap<>();
        List<Object> ids = new ArrayList<>(group.size());
        group.forEach(completion -> ids.add(completion.runId()));
        for (Object[] row : Jdbc.list(connection, RunChanges.in(WRITTEN_STATE, ids.size()), row -> new Object[] {row.getLong(1),
            row.getInt(2), row.getString(3), Jdbc.instant(row, "finished_at")}, ids.toArray())) {
            rows.put((Long) row[0], row);
        }
        Set<Long> refused = new HashSet<>();
        for (Completion completion : group) {
            Object[] row = rows.get(completion.runId());
            boolean written = row != null && (Integer) row[1] == completion.attempt()
                    && shape.to().name().equals(row[2])
                    && Jdbc.millis(completion.outcome().finishedAt()).equals(row[3]);
            if (!written) {
                refused.add(completion.runId());
            }
        }
        return refused;
    }

    /**
     * Locks the rows first, so each outcome's fence is checked here and the UPDATEs (which repeat
     * it) change exactly the rows that passed.
     */
    private static List<Boolean> completeLocked(Connection connection, List<Completion> completions, List<Long> ids)
            throws SQLException {
        Map<Long, Object[]> current = new HashMap<>();
        for (Object[] row : Jdbc.list(connection, RunChanges.in(LOCK_ATTEMPTS, ids.size()),
                row -> new Object[] {row.getLong(1), row.getInt(2) + " " + row.getString(3), row.getString(4)},
                ids.toArray())) {
            current.put((Long) row[0], row);
        }
        List<Boolean> applied = new ArrayList<>(completions.size());
        List<Completion> fenced = new ArrayList<>();
        for (Completion completion : completions) {
            Object[] row = current.remove(completion.runId());
            boolean passes = row != null && (completion.attempt() + " " + completion.from().name()).equals(row[1])
                    && (completion.node() == null || completion.node().equals(row[2]));
            applied.add(passes);
            if (passes) {
                fenced.add(completion);
            }
        }
        int changed = completeGroups(connection, fenced);
        if (changed != fenced.size()) {
            // The rows are locked and were checked with the UPDATEs' own conditions: never expected.
            throw new IllegalStateException("recording " + fenced.size() + " locked outcomes changed " + changed + " rows");
        }
        return applied;
    }

    /** Writes the outcomes, one statement per shape; returns how many rows their fences let through. */
    private static int completeGroups(Connection connection, List<Completion> completions) throws SQLException {
        int changed = 0;
        for (Map.Entry<Shape, List<Completion>> group : byShape(completions).entrySet()) {
            changed += completeGroup(connection, group.getKey(), group.getValue());
        }
        return changed;
    }

    private static Map<Shape, List<Completion>> byShape(List<Completion> completions) {
        Map<Shape, List<Completion>> byShape = new LinkedHashMap<>();
        for (Completion completion : completions) {
            byShape.computeIfAbsent(Shape.of(completion), shape -> new ArrayList<>()).add(completion);
        }
        return byShape;
    }

    /** Outcomes that differ only in when they finished are written by one statement. */
    private record Shape(RunStatus from, RunStatus to, Integer exitCode, String output, String error, Instant retryAt,
                         AttemptEnding retriedAfter, String node) {
        static Shape of(Completion completion) {
            RunOutcome outcome = completion.outcome();
            return new Shape(completion.from(), outcome.status(), outcome.exitCode(), Text.sanitize(outcome.output()),
                    RunChanges.error(outcome.error()), outcome.retryAt(), outcome.retriedAfter(), completion.node());
        }
    }

    private static int completeGroup(Connection connection, Shape shape, List<Completion> group) throws SQLException {
        StringBuilder started = new StringBuilder("CASE id");
        StringBuilder finished = new StringBuilder("CASE id");
        StringBuilder attempts = new StringBuilder("CASE id");
        List<Object> startedValues = new ArrayList<>();
        List<Object> finishedValues = new ArrayList<>();
        List<Object> attemptValues = new ArrayList<>();
        List<Object> ids = new ArrayList<>();
        for (Completion completion : group) {
            started.append(" WHEN ? THEN ?");
            finished.append(" WHEN ? THEN ?");
            attempts.append(" WHEN ? THEN ?");
            startedValues.add(completion.runId());
            startedValues.add(completion.startedAt());
            finishedValues.add(completion.runId());
            finishedValues.add(completion.outcome().finishedAt());
            attemptValues.add(completion.runId());
            attemptValues.add(completion.attempt());
            ids.add(completion.runId());
        }
        // started_at: the real start replaces the planned one the claim wrote (null: it never started).
        String sql = "UPDATE task_run SET status = ?, started_at = " + started + " END, finished_at = " + finished
                + " END, exit_code = ?, output = ?, error = ?, due_at = ?, lease_until = NULL WHERE id IN ("
                + MysqlSchedulerStore.placeholders(ids.size()) + ") AND status = ? AND attempt = " + attempts + " END"
                + (shape.node() == null ? "" : " AND node = ?");
        List<Object> values = new ArrayList<>();
        values.add(shape.to());
        values.addAll(startedValues);
        values.addAll(finishedValues);
        values.addAll(Arrays.asList(shape.exitCode(), shape.output(), shape.error(), shape.retryAt()));
        values.addAll(ids);
        values.add(shape.from());
        values.addAll(attemptValues);
        if (shape.node() != null) {
            values.add(shape.node());
        }
        int changed = Jdbc.update(connection, sql, values.toArray());
        if (shape.retriedAfter() != null && changed > 0) {
            // In the caller's transaction (completeAll): the rows this statement wrote are RETRYING
            // now; one refused is in another state, or was RETRYING from this very attempt before
            // (a repeat), whose copy is there already.
            AttemptArchive.retried(connection, ids.stream().map(id -> (Long) id).toList(), shape.retriedAfter());
        }
        return changed;
    }

    private static Object[] completeValues(Completion completion) {
        RunOutcome outcome = completion.outcome();
        String error = RunChanges.error(outcome.error());
        return new Object[] {outcome.status(), outcome.finishedAt(), outcome.exitCode(), Text.sanitize(outcome.output()),
            error, outcome.retryAt(), completion.runId(), completion.attempt(), completion.from()};
    }

    /** The end of an attempt is an outcome or a retry, from the status the attempt is in. */
    private static void checkTransition(long runId, RunStatus from, RunStatus to) {
        RunTransition.ofAttemptEnd(runId, from, to);
    }
}
