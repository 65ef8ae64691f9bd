package io.redcron.store.mysql;

import io.redcron.domain.ConcurrencyPolicy;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.RunTransition;
import io.redcron.domain.TriggerType;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.WorkflowRuns;
import io.redcron.schedule.PlannedFire;
import io.redcron.workflow.StepPlan;
import io.redcron.workflow.StepRun;
import io.redcron.workflow.StepStatus;
import io.redcron.workflow.Workflow;
import io.redcron.workflow.WorkflowProgress;
import io.redcron.workflow.WorkflowRun;
import io.redcron.workflow.WorkflowRunStatus;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

/**
 * Workflow runs in {@code workflow_run} and their steps in {@code workflow_step} (migration 16).
 * Every writer of a run's steps first locks the run's row, so the leader's {@link #advance} and an
 * operator's cancel or rerun never interleave, and a step moves from PENDING to RUNNING in the
 * transaction that records its run: at most once.
 */
public final class MysqlWorkflowRuns implements WorkflowRuns {
    private static final String COLUMNS = "SELECT w.id, w.workflow_id, w.namespace, w.workflow_name, w.trigger_type,"
            + " w.scheduled_at, w.status, w.params, w.steps, w.parent_run_id, w.parent_step, w.created_at,"
            + " w.started_at, w.finished_at, w.error FROM workflow_run w";
    private static final String BY_ID = COLUMNS + " WHERE w.id = ?";
    private static final String LOCK = BY_ID + " FOR UPDATE";
    private static final String INSERT_RUN = "INSERT INTO workflow_run (workflow_id, namespace, workflow_name,"
            + " trigger_type, scheduled_at, status, params, steps, parent_run_id, parent_step, created_at, started_at,"
            + " finished_at, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String INSERT_STEP = "INSERT INTO workflow_step (workflow_run_id, step, namespace, status,"
            + " reason, round, finished_at) VALUES (?, ?, ?, ?, ?, 1, ?)";
    private static final String STEP_COLUMNS = "SELECT s.workflow_run_id, s.step, s.status, s.run_id, s.child_run_id,"
            + " s.output, s.reason, s.round, s.started_at, s.finished_at FROM workflow_step s";
    private static final String STEPS = STEP_COLUMNS + " WHERE s.workflow_run_id = ?";
    private static final String STEP_OF_RUN = STEP_COLUMNS + " WHERE s.run_id = ?";
    private static final String LIST = COLUMNS + " WHERE w.namespace = ? ORDER BY w.scheduled_at DESC, w.id DESC"
            + " LIMIT ? OFFSET ?";
    private static final String LIST_ONE = COLUMNS + " WHERE w.namespace = ? AND w.workflow_name = ?"
            + " ORDER BY w.scheduled_at DESC, w.id DESC LIMIT ? OFFSET ?";
    private static final String COUNT = "SELECT COUNT(*) FROM (SELECT 1 FROM workflow_run w WHERE w.namespace = ?"
            + " LIMIT " + (BoundedCount.LIMIT + 1) + ") c";
    private static final String COUNT_ONE = "SELECT COUNT(*) FROM (SELECT 1 FROM workflow_run w WHERE w.namespace = ?"
            + " AND w.workflow_name = ? LIMIT " + (BoundedCount.LIMIT + 1) + ") c";

    // What the leader looks at: bounded by the runs and steps under way, through the state indexes.
    // Queued runs that may start: every one of a workflow that allows overlaps (or is gone), else
    // only its earliest, for the others wait behind it anyway (forbid) or are cancelled by a later
    // one (replace): a backlog behind a long run costs one check per workflow and pass, not one per run.
    private static final String QUEUED = "SELECT w.id FROM workflow_run w LEFT JOIN workflow d ON d.id = w.workflow_id"
            + " WHERE w.namespace = ? AND w.status = 'QUEUED' AND (d.id IS NULL OR d.concurrency_policy = 'ALLOW'"
            + " OR w.id = (SELECT q.id FROM workflow_run q WHERE q.namespace = w.namespace AND q.status = 'QUEUED'"
            + " AND q.workflow_id = w.workflow_id ORDER BY q.scheduled_at, q.id LIMIT 1))"
            + " ORDER BY w.scheduled_at, w.id LIMIT ?";
    private static final String ENDED_STEP_RUNS = "SELECT DISTINCT s.workflow_run_id FROM workflow_step s"
            + " JOIN task_run r ON r.id = s.run_id WHERE s.namespace = ? AND s.status = 'RUNNING' AND r."
            + RunTransition.condition(RunStatus.FINAL) + " LIMIT ?";
    private static final String ENDED_CHILD_RUNS = "SELECT DISTINCT s.workflow_run_id FROM workflow_step s"
            + " JOIN workflow_run c ON c.id = s.child_run_id WHERE s.namespace = ? AND s.status = 'RUNNING'"
            + " AND c.status IN ('SUCCEEDED', 'FAILED', 'CANCELLED', 'SKIPPED') LIMIT ?";
    private static final String IDLE_RUNS = "SELECT w.id FROM workflow_run w WHERE w.namespace = ?"
            + " AND w.status = 'RUNNING' AND NOT EXISTS (SELECT 1 FROM workflow_step s"
            + " WHERE s.workflow_run_id = w.id AND s.status = 'RUNNING') LIMIT ?";

    private static final String EARLIER_UNFINISHED = "SELECT w.id, w.status FROM workflow_run w"
            + " WHERE w.namespace = ? AND w.status IN ('QUEUED', 'RUNNING') AND w.workflow_id = ?"
            + " AND (w.scheduled_at < ? OR (w.scheduled_at = ? AND w.id < ?)) FOR UPDATE";
    private static final String START_RUN = "UPDATE workflow_run SET status = 'RUNNING', started_at = ?"
            + " WHERE id = ? AND status = 'QUEUED'";
    private static final String END_RUN = "UPDATE workflow_run SET status = ?, finished_at = ?, error = ?"
            + " WHERE id = ? AND status IN ('QUEUED', 'RUNNING')";
    private static final String RERUN = "UPDATE workflow_run SET status = 'RUNNING', finished_at = NULL, error = NULL"
            + " WHERE id = ? AND status IN ('FAILED', 'CANCELLED')";
    private static final String SETTLE_STEP = "UPDATE workflow_step SET status = ?, output = ?, reason = ?,"
            + " finished_at = ? WHERE workflow_run_id = ? AND step = ? AND status IN ('PENDING', 'RUNNING')";
    private static final String START_TASK_STEP = "UPDATE workflow_step SET status = 'RUNNING', run_id = ?,"
            + " child_run_id = NULL, started_at = ?, finished_at = NULL, reason = NULL, output = NULL"
            + " WHERE workflow_run_id = ? AND step = ? AND status = 'PENDING'";
    private static final String START_CHILD_STEP = "UPDATE workflow_step SET status = 'RUNNING', child_run_id = ?,"
            + " run_id = NULL, started_at = ?, finished_at = NULL, reason = NULL, output = NULL"
            + " WHERE workflow_run_id = ? AND step = ? AND status = 'PENDING'";
    private static final String CANCEL_PENDING = "UPDATE workflow_step SET status = 'CANCELLED', reason = ?,"
            + " finished_at = ? WHERE workflow_run_id = ? AND status = 'PENDING'";
    private static final String RESET_STEP = "UPDATE workflow_step SET status = 'PENDING', round = round + 1,"
            + " reason = NULL, output = NULL, finished_at = NULL WHERE workflow_run_id = ? AND step = ?";
    private static final String STEP_RUN_ENDS = "SELECT r.id, r.status, r.error, r.exit_code, r.output FROM task_run r"
            + " WHERE r.id IN (";
    private static final int IDS_PER_QUERY = 1000;
    private static final String TASK_BY_NAME = "SELECT t.id, t.retry_max_attempts FROM task t"
            + " WHERE t.namespace = ? AND t.name = ?";
    // A step's run: recorded like a manual run (a free millisecond off the whole second), trigger
    // WORKFLOW; a sharded task's as the parent of its shards, which the leader splits.
    private static final String NEXT_FIRE = "UPDATE workflow SET next_fire_at = ? WHERE id = ? AND version = ?";
    private static final int MAX_FREE_TRIES = 1000;

    private final Jdbc jdbc;
    private final Fence fence;

    public MysqlWorkflowRuns(DataSource dataSource) {
        this.jdbc = new Jdbc(dataSource);
        this.fence = new Fence(SqlDialect.detect(dataSource));
    }

    @Override
    public WorkflowRun record(Workflow workflow, TriggerType trigger, Instant at, Map<String, String> params,
                              String actor) {
        String who = AuditWriter.actor(actor);
        Map<String, String> merged = merged(workflow.params(), params);
        return jdbc.transaction("record a run of workflow " + workflow.name(), connection -> {
            WorkflowRun run = insertRun(connection, workflow, trigger, Jdbc.millis(at), merged, null, null,
                    WorkflowRunStatus.QUEUED, null, Jdbc.millis(at));
            AuditWriter.write(connection, who, "workflow.trigger", "workflow-run:" + run.id(), workflow.namespace(),
                    null, Json.write(Map.of("workflow", workflow.name(), "params",
                            merged.keySet().stream().sorted().toList())));
            return run;
        });
    }

    private static Map<String, String> merged(Map<String, String> base, Map<String, String> over) {
        Map<String, String> merged = new LinkedHashMap<>(base);
        if (over != null) {
            merged.putAll(over);
        }
        return io.redcron.workflow.WorkflowParams.check("params", merged);
    }

    /**
     * Inserts a run and its step rows. A run recorded in a final status (a skipped fire) has its
     * steps SKIPPED with the same reason. Manual and child runs take the first free millisecond
     * off the whole second; a cron fire takes its second and is skipped if recorded before.
     */
    private static WorkflowRun insertRun(Connection connection, Workflow workflow, TriggerType trigger, Instant at,
                                         Map<String, String> params, Long parentRunId, String parentStep,
                                         WorkflowRunStatus status, String error, Instant now) throws SQLException {
        Instant scheduled = trigger == TriggerType.CRON ? at : NewRuns.offTheSecond(at);
        for (int tries = 0; tries < MAX_FREE_TRIES; tries++) {
            Optional<Long> id = tryInsertRun(connection, workflow, trigger, scheduled, params, parentRunId, parentStep,
                    status, error, now);
            if (id.isPresent()) {
                StepStatus stepStatus = status.isFinal() ? StepStatus.SKIPPED : StepStatus.PENDING;
                List<Object[]> rows = new ArrayList<>();
                for (io.redcron.workflow.Step step : workflow.steps()) {
                    rows.add(new Object[] {id.get(), step.name(), workflow.namespace(), stepStatus.name(),
                        status.isFinal() ? RunChanges.error(error) : null, status.isFinal() ? now : null});
                }
                for (Object[] row : rows) {
                    Jdbc.update(connection, INSERT_STEP, row);
                }
                return Jdbc.one(connection, BY_ID, MysqlWorkflowRuns::read, id.get()).orElseThrow();
            }
            if (trigger == TriggerType.CRON) {
                return null;
            }
            scheduled = NewRuns.offTheSecond(scheduled.plusMillis(1));
        }
        throw new IllegalStateException("workflow " + workflow.name() + " has runs at every millisecond from " + at
                + " on; no free moment for another");
    }

    private static Optional<Long> tryInsertRun(Connection connection, Workflow workflow, TriggerType trigger,
                                               Instant scheduled, Map<String, String> params, Long parentRunId,
                                               String parentStep, WorkflowRunStatus status, String error, Instant now)
            throws SQLException {
        try (PreparedStatement statement = connection.prepareStatement(INSERT_RUN, Statement.RETURN_GENERATED_KEYS)) {
            Jdbc.bind(statement, workflow.id(), workflow.namespace(), workflow.name(), trigger.name(), scheduled,
                    status.name(), Json.write(params), StepsJson.write(workflow.steps()), parentRunId, parentStep, now,
                    null, status.isFinal() ? now : null, RunChanges.error(error));
            statement.executeUpdate();
            try (ResultSet keys = statement.getGeneratedKeys()) {
                keys.next();
                return Optional.of(keys.getLong(1));
            }
        } catch (SQLException e) {
            if (Jdbc.isDuplicateKey(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    @Override
    public Optional<WorkflowRun> get(long id) {
        return jdbc.autoCommit("read workflow run " + id, connection -> Jdbc.one(connection, BY_ID,
                MysqlWorkflowRuns::read, id));
    }

    @Override
    public Page<WorkflowRun> list(String namespace, String workflowName, PageRequest page) {
        return jdbc.autoCommit("list workflow runs", connection -> {
            List<WorkflowRun> runs = workflowName == null
                    ? Jdbc.list(connection, LIST, MysqlWorkflowRuns::read, namespace, page.limit(), page.offset())
                    : Jdbc.list(connection, LIST_ONE, MysqlWorkflowRuns::read, namespace, workflowName, page.limit(),
                            page.offset());
            long total = workflowName == null ? Jdbc.count(connection, COUNT, namespace)
                    : Jdbc.count(connection, COUNT_ONE, namespace, workflowName);
            boolean lowerBound = total > BoundedCount.LIMIT;
            return new Page<>(runs, Math.min(total, BoundedCount.LIMIT), page.offset(), page.limit(), lowerBound);
        });
    }

    @Override
    public List<StepRun> steps(long workflowRunId) {
        return jdbc.autoCommit("read the steps of workflow run " + workflowRunId,
                connection -> ordered(connection, workflowRunId));
    }

    /** The steps in the order of the run's definition. */
    private static List<StepRun> ordered(Connection connection, long workflowRunId) throws SQLException {
        Optional<WorkflowRun> run = Jdbc.one(connection, BY_ID, MysqlWorkflowRuns::read, workflowRunId);
        Map<String, StepRun> byName = new LinkedHashMap<>();
        for (StepRun step : Jdbc.list(connection, STEPS, MysqlWorkflowRuns::readStep, workflowRunId)) {
            byName.put(step.step(), step);
        }
        List<StepRun> ordered = new ArrayList<>();
        run.ifPresent(found -> found.steps().forEach(step -> {
            StepRun row = byName.remove(step.name());
            if (row != null) {
                ordered.add(row);
            }
        }));
        ordered.addAll(byName.values());
        return ordered;
    }

    @Override
    public Optional<StepRun> stepOfRun(long runId) {
        return jdbc.autoCommit("read the step of run " + runId, connection -> Jdbc.one(connection, STEP_OF_RUN,
                MysqlWorkflowRuns::readStep, runId));
    }

    @Override
    public Optional<Cancellation> cancel(long workflowRunId, String reason, Instant now, String actor) {
        String who = actor == null ? null : AuditWriter.actor(actor);
        Instant at = Jdbc.millis(now);
        return jdbc.transaction("cancel workflow run " + workflowRunId, connection -> {
            Optional<WorkflowRun> run = Jdbc.one(connection, LOCK, MysqlWorkflowRuns::read, workflowRunId);
            if (run.isEmpty()) {
                return Optional.empty();
            }
            if (run.get().status().isFinal()) {
                return Optional.of(new Cancellation(run.get(), false, List.of(), List.of()));
            }
            Cancellation cancellation = cancelLocked(connection, run.get(), reason, at);
            if (actor != null) {
                AuditWriter.write(connection, who, "workflow.cancel", "workflow-run:" + workflowRunId,
                        run.get().namespace(), null, Json.write(Map.of("reason", reason)));
            }
            return Optional.of(cancellation);
        });
    }

    /** Cancels a locked run that has not ended; its running steps are left for their runs' ends. */
    private static Cancellation cancelLocked(Connection connection, WorkflowRun run, String reason, Instant now)
            throws SQLException {
        Jdbc.update(connection, END_RUN, WorkflowRunStatus.CANCELLED.name(), now, RunChanges.error(reason), run.id());
        Jdbc.update(connection, CANCEL_PENDING, RunChanges.error("workflow run cancelled: " + reason), now, run.id());
        List<Long> runs = new ArrayList<>();
        List<Long> children = new ArrayList<>();
        for (StepRun step : Jdbc.list(connection, STEPS, MysqlWorkflowRuns::readStep, run.id())) {
            if (step.status() == StepStatus.RUNNING) {
                if (step.runId() != null) {
                    runs.add(step.runId());
                }
                if (step.childRunId() != null) {
                    children.add(step.childRunId());
                }
            }
        }
        WorkflowRun after = Jdbc.one(connection, BY_ID, MysqlWorkflowRuns::read, run.id()).orElseThrow();
        return new Cancellation(after, true, runs, children);
    }

    @Override
    public Optional<WorkflowRun> rerun(long workflowRunId, Instant now, String actor) {
        String who = AuditWriter.actor(actor);
        return jdbc.transaction("rerun workflow run " + workflowRunId, connection -> {
            Optional<WorkflowRun> run = Jdbc.one(connection, LOCK, MysqlWorkflowRuns::read, workflowRunId);
            if (run.isEmpty()) {
                return Optional.empty();
            }
            WorkflowRunStatus status = run.get().status();
            if (status != WorkflowRunStatus.FAILED && status != WorkflowRunStatus.CANCELLED) {
                throw new IllegalStateException("workflow run " + workflowRunId + " is " + status
                        + ": only a failed or cancelled run can be run again");
            }
            Map<String, StepStatus> steps = new LinkedHashMap<>();
            List<StepRun> rows = Jdbc.list(connection, STEPS, MysqlWorkflowRuns::readStep, workflowRunId);
            for (StepRun row : rows) {
                if (!row.status().isSettled()) {
                    throw new IllegalStateException("workflow run " + workflowRunId + ": step " + row.step()
                            + " is still " + row.status() + "; wait until it ends");
                }
                steps.put(row.step(), row.status());
            }
            Set<String> again = WorkflowProgress.rerun(run.get(), steps);
            if (again.isEmpty()) {
                throw new IllegalStateException("workflow run " + workflowRunId + " has no failed step to run again");
            }
            for (String step : again) {
                Jdbc.update(connection, RESET_STEP, workflowRunId, step);
            }
            Jdbc.update(connection, RERUN, workflowRunId);
            AuditWriter.write(connection, who, "workflow.rerun", "workflow-run:" + workflowRunId,
                    run.get().namespace(), null, Json.write(Map.of("steps", List.copyOf(again))));
            return Jdbc.one(connection, BY_ID, MysqlWorkflowRuns::read, workflowRunId);
        });
    }

    @Override
    public List<WorkflowRun> recordFires(String namespace, long epoch, Workflow workflow, List<PlannedFire> fires,
                                         Instant next, Instant now) {
        return jdbc.transaction("record the fires of workflow " + workflow.name(), connection -> {
            fence.check(connection, namespace, epoch);
            Instant at = Jdbc.millis(now);
            List<WorkflowRun> recorded = new ArrayList<>();
            if (Jdbc.update(connection, NEXT_FIRE, next == null ? null : Jdbc.millis(next), workflow.id(),
                    workflow.version()) == 0) {
                // Changed since it was read: the change planned its own next fire.
                return recorded;
            }
            recorded.addAll(recordCronFires(connection, workflow, fires, at));
            return recorded;
        });
    }

    /** Records cron fires, each once: one recorded before is left as it is. */
    static List<WorkflowRun> recordCronFires(Connection connection, Workflow workflow, List<PlannedFire> fires,
                                             Instant now) throws SQLException {
        List<WorkflowRun> recorded = new ArrayList<>();
        for (PlannedFire fire : fires) {
            WorkflowRun run = insertRun(connection, workflow, TriggerType.CRON, fire.scheduledAt(), workflow.params(),
                    null, null, fire.skipped() ? WorkflowRunStatus.SKIPPED : WorkflowRunStatus.QUEUED, fire.reason(),
                    now);
            if (run != null) {
                recorded.add(run);
            }
        }
        return recorded;
    }

    @Override
    public List<Long> needingAttention(String namespace, int limit) {
        return jdbc.autoCommit("find the workflow runs to advance", connection -> {
            Set<Long> ids = new LinkedHashSet<>();
            ids.addAll(Jdbc.list(connection, ENDED_STEP_RUNS, row -> row.getLong(1), namespace, limit));
            ids.addAll(Jdbc.list(connection, ENDED_CHILD_RUNS, row -> row.getLong(1), namespace, limit));
            ids.addAll(Jdbc.list(connection, QUEUED, row -> row.getLong(1), namespace, limit));
            ids.addAll(Jdbc.list(connection, IDLE_RUNS, row -> row.getLong(1), namespace, limit));
            return ids.stream().limit(limit).toList();
        });
    }

    @Override
    public Advance advance(String namespace, long epoch, long workflowRunId, Instant now) {
        Instant at = Jdbc.millis(now);
        return jdbc.transaction("advance workflow run " + workflowRunId, connection -> {
            fence.check(connection, namespace, epoch);
            Optional<WorkflowRun> locked = Jdbc.one(connection, LOCK, MysqlWorkflowRuns::read, workflowRunId);
            if (locked.isEmpty() || !locked.get().namespace().equals(namespace)) {
                return Advance.NOTHING;
            }
            WorkflowRun run = locked.get();
            List<Long> runsToStop = new ArrayList<>();
            List<Long> childrenToCancel = new ArrayList<>();
            if (run.status() == WorkflowRunStatus.QUEUED) {
                if (!mayStart(connection, run, at, runsToStop, childrenToCancel)) {
                    return new Advance(List.of(), runsToStop, childrenToCancel, !runsToStop.isEmpty()
                            || !childrenToCancel.isEmpty(), null);
                }
                Jdbc.update(connection, START_RUN, at, run.id());
                run = Jdbc.one(connection, BY_ID, MysqlWorkflowRuns::read, run.id()).orElseThrow();
            }
            List<StepRun> steps = Jdbc.list(connection, STEPS, MysqlWorkflowRuns::readStep, run.id());
            Map<Long, RunEnd> runEnds = runEnds(connection, steps);
            Map<String, WorkflowProgress.StepState> states = new LinkedHashMap<>();
            for (StepRun step : steps) {
                states.put(step.step(), new WorkflowProgress.StepState(step, ended(connection, step, runEnds)));
            }
            StepPlan plan = StepPlan.of(run, states, targets(connection, run.namespace()));
            List<Run> queued = apply(connection, run, plan, at);
            boolean changed = plan.changesAnything() || !runsToStop.isEmpty();
            return new Advance(queued, runsToStop, childrenToCancel, changed, plan.end());
        });
    }

    /**
     * Whether a queued run may start under its workflow's concurrency policy, judged against the
     * workflow's earlier unfinished runs (locked): allow starts it; forbid waits for them to end;
     * replace cancels them and starts.
     */
    private boolean mayStart(Connection connection, WorkflowRun run, Instant now, List<Long> runsToStop,
                             List<Long> childrenToCancel) throws SQLException {
        ConcurrencyPolicy policy = workflowPolicy(connection, run);
        if (policy == ConcurrencyPolicy.ALLOW) {
            return true;
        }
        List<Long> earlier = Jdbc.list(connection, EARLIER_UNFINISHED, row -> row.getLong(1), run.namespace(),
                run.workflowId(), run.scheduledAt(), run.scheduledAt(), run.id());
        if (earlier.isEmpty()) {
            return true;
        }
        if (policy == ConcurrencyPolicy.FORBID) {
            return false;
        }
        for (Long id : earlier) {
            WorkflowRun other = Jdbc.one(connection, LOCK, MysqlWorkflowRuns::read, id).orElseThrow();
            if (!other.status().isFinal()) {
                Cancellation cancellation = cancelLocked(connection, other, "replaced by workflow run " + run.id(), now);
                runsToStop.addAll(cancellation.runsToStop());
                childrenToCancel.addAll(cancellation.childRunsToCancel());
            }
        }
        return true;
    }

    private static ConcurrencyPolicy workflowPolicy(Connection connection, WorkflowRun run) throws SQLException {
        // A deleted workflow's runs go on as allowed: nothing is left to weigh them against.
        return Jdbc.one(connection, "SELECT concurrency_policy FROM workflow WHERE id = ?",
                row -> ConcurrencyPolicy.valueOf(row.getString(1)), run.workflowId()).orElse(ConcurrencyPolicy.ALLOW);
    }

    /** What a running step's task run has come to, as {@link #ended} weighs it. */
    private record RunEnd(long id, RunStatus status, String error, Integer exitCode, String output) {
        static RunEnd read(ResultSet row) throws SQLException {
            return new RunEnd(row.getLong("id"), RunStatus.valueOf(row.getString("status")), row.getString("error"),
                    Jdbc.nullableInt(row, "exit_code"), row.getString("output"));
        }
    }

    /**
     * The task runs of the running steps, by id, in one statement (a run's steps are bounded, but
     * cut like any list of ids); a run deleted since is absent. A plain read, as each step's was.
     */
    private static Map<Long, RunEnd> runEnds(Connection connection, List<StepRun> steps) throws SQLException {
        List<Long> ids = steps.stream().filter(step -> step.status() == StepStatus.RUNNING && step.runId() != null)
                .map(StepRun::runId).distinct().toList();
        Map<Long, RunEnd> ends = new HashMap<>();
        for (List<Long> chunk : SqlLists.chunks(ids, IDS_PER_QUERY)) {
            String sql = STEP_RUN_ENDS + MysqlSchedulerStore.placeholders(chunk.size()) + ")";
            for (RunEnd end : Jdbc.list(connection, sql, RunEnd::read, chunk.toArray())) {
                ends.put(end.id(), end);
            }
        }
        return ends;
    }

    private static WorkflowProgress.Ended ended(Connection connection, StepRun step, Map<Long, RunEnd> runEnds)
            throws SQLException {
        if (step.status() != StepStatus.RUNNING) {
            return null;
        }
        if (step.runId() != null) {
            RunEnd end = runEnds.get(step.runId());
            if (end == null) {
                return new WorkflowProgress.Ended(false, "run " + step.runId() + " was deleted before it ended", null);
            }
            if (!end.status().isFinal()) {
                return null;
            }
            boolean succeeded = end.status() == RunStatus.SUCCEEDED;
            String description = "run " + end.id() + " ended " + end.status()
                    + (end.exitCode() != null && !succeeded ? " (exit " + end.exitCode() + ")" : "")
                    + (end.error() != null && !succeeded ? ": " + end.error() : "");
            return new WorkflowProgress.Ended(succeeded, description, end.output());
        }
        if (step.childRunId() != null) {
            Optional<WorkflowRun> child = Jdbc.one(connection, BY_ID, MysqlWorkflowRuns::read, step.childRunId());
            if (child.isEmpty() || !child.get().status().isFinal()) {
                return null;
            }
            WorkflowRun ended = child.get();
            return new WorkflowProgress.Ended(ended.status() == WorkflowRunStatus.SUCCEEDED, "workflow run "
                    + ended.id() + " ended " + ended.status() + (ended.error() != null ? ": " + ended.error() : ""),
                    null);
        }
        return null;
    }

    private static StepPlan.Targets targets(Connection connection, String namespace) {
        return new StepPlan.Targets() {
            @Override
            public StepPlan.Resolved<StepPlan.TaskTarget> task(String name) {
                try {
                    return Jdbc.one(connection, TASK_BY_NAME, row -> new StepPlan.TaskTarget(row.getLong(1),
                            row.getInt(2)), namespace, name).map(StepPlan.Resolved::of)
                            .orElseGet(() -> StepPlan.Resolved.refused("task '" + name + "' does not exist"));
                } catch (SQLException e) {
                    throw new io.redcron.port.StoreException("read task " + name + ": " + e.getMessage(), e);
                }
            }

            @Override
            public StepPlan.Resolved<Workflow> workflow(String name) {
                try {
                    Optional<Workflow> workflow = Jdbc.one(connection, MysqlWorkflowStore.COLUMNS
                            + " WHERE namespace = ? AND name = ?", MysqlWorkflowStore::read, namespace, name);
                    if (workflow.isEmpty()) {
                        return StepPlan.Resolved.refused("workflow '" + name + "' does not exist");
                    }
                    if (!workflow.get().enabled()) {
                        return StepPlan.Resolved.refused("workflow '" + name + "' is paused");
                    }
                    return StepPlan.Resolved.of(workflow.get());
                } catch (SQLException e) {
                    throw new io.redcron.port.StoreException("read workflow " + name + ": " + e.getMessage(), e);
                }
            }
        };
    }

    private static List<Run> apply(Connection connection, WorkflowRun run, StepPlan plan, Instant now)
            throws SQLException {
        for (WorkflowProgress.Settle settle : plan.settled()) {
            Jdbc.update(connection, SETTLE_STEP, settle.status().name(),
                    settle.output().isEmpty() ? null : Json.write(settle.output()), RunChanges.error(settle.reason()),
                    now, run.id(), settle.step());
        }
        for (Map.Entry<String, String> skip : plan.skipped().entrySet()) {
            Jdbc.update(connection, SETTLE_STEP, StepStatus.SKIPPED.name(), null, RunChanges.error(skip.getValue()),
                    now, run.id(), skip.getKey());
        }
        List<Run> queued = new ArrayList<>();
        for (StepPlan.Launch launch : plan.started()) {
            if (launch.task() != null) {
                Run stepRun = insertStepRun(connection, launch, now);
                Jdbc.update(connection, START_TASK_STEP, stepRun.id(), now, run.id(), launch.step());
                if (stepRun.status() == RunStatus.QUEUED) {
                    queued.add(stepRun);
                }
            } else {
                Workflow child = launch.workflow();
                WorkflowRun childRun = insertRun(connection, child, TriggerType.WORKFLOW, now,
                        merged(child.params(), launch.params()), run.id(), launch.step(), WorkflowRunStatus.QUEUED,
                        null, now);
                Jdbc.update(connection, START_CHILD_STEP, childRun.id(), now, run.id(), launch.step());
            }
        }
        if (plan.end() != null) {
            Jdbc.update(connection, END_RUN, plan.end().name(), now, RunChanges.error(plan.error()), run.id());
        }
        return queued;
    }

    private static Run insertStepRun(Connection connection, StepPlan.Launch launch, Instant now) throws SQLException {
        long id = NewRuns.insertAtFreeMoment(connection, launch.task().taskId(), TriggerType.WORKFLOW, now,
                launch.task().maxAttempts(), Json.write(launch.params()), now);
        return RunRows.reread(connection, id);
    }

    static WorkflowRun read(ResultSet row) throws SQLException {
        long parent = row.getLong("parent_run_id");
        Long parentRunId = row.wasNull() ? null : parent;
        return new WorkflowRun(row.getLong("id"), row.getLong("workflow_id"), row.getString("namespace"),
                row.getString("workflow_name"), TriggerType.valueOf(row.getString("trigger_type")),
                Jdbc.instant(row, "scheduled_at"), WorkflowRunStatus.valueOf(row.getString("status")),
                Json.stringMap(row.getString("params")), StepsJson.read(row.getString("steps")), parentRunId,
                row.getString("parent_step"), Jdbc.instant(row, "created_at"), Jdbc.instant(row, "started_at"),
                Jdbc.instant(row, "finished_at"), row.getString("error"));
    }

    static StepRun readStep(ResultSet row) throws SQLException {
        long run = row.getLong("run_id");
        Long runId = row.wasNull() ? null : run;
        long child = row.getLong("child_run_id");
        Long childRunId = row.wasNull() ? null : child;
        String output = row.getString("output");
        return new StepRun(row.getLong("workflow_run_id"), row.getString("step"),
                StepStatus.valueOf(row.getString("status")), runId, childRunId,
                output == null ? Map.of() : Json.stringMap(output), row.getString("reason"), row.getInt("round"),
                Jdbc.instant(row, "started_at"), Jdbc.instant(row, "finished_at"));
    }
}
