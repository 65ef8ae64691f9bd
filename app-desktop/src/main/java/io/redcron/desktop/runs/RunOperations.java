package io.redcron.desktop.runs;

import io.redcron.desktop.session.Session;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.port.EventBus;
import io.redcron.port.Page;
import io.redcron.port.PageRequest;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunFilter;
import io.redcron.store.redis.RedisRunQueue;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.params.XReadParams;
import redis.clients.jedis.resps.StreamEntry;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the runs screen does to the stores, the same way the CLI's {@code runs}, {@code trigger}
 * and {@code cancel} do it. Blocking calls: only ever run off the JavaFX thread.
 */
public final class RunOperations {
    /** Entries per read of a live output stream; a full batch means there may be more behind it. */
    static final int LOG_BATCH = 100;
    private static final String START = "0-0";

    private final Session session;

    public RunOperations(Session session) {
        this.session = session;
    }

    /** The task with this name (or, failing that, this numeric id) in the session's namespace. */
    Optional<Task> task(String nameOrId) {
        Optional<Task> byName = session.tasks().findByName(session.namespace(), nameOrId);
        if (byName.isPresent() || !nameOrId.chars().allMatch(Character::isDigit) || nameOrId.length() > 18) {
            return byName;
        }
        return session.tasks().get(Long.parseLong(nameOrId)).filter(t -> t.namespace().equals(session.namespace()));
    }

    Page<Run> list(RunFilter filter, PageRequest page) {
        return session.runs().list(filter, page);
    }

    /** A run of the session's namespace; runs of other namespaces are not there for this screen. */
    Optional<Run> get(long runId) {
        return session.runs().get(runId).filter(run -> run.namespace().equals(session.namespace()));
    }

    /** Runs the task of an ended run again, now, with the same parameters, as a new MANUAL run. */
    Run retry(long runId) {
        Run run = get(runId).orElseThrow(() -> new RunActionException("runs.error.noRun", runId));
        if (!run.status().isFinal()) {
            throw new RunActionException("runs.error.notEnded", runId, run.status().name());
        }
        Task task = session.tasks().get(run.taskId())
                .orElseThrow(() -> new RunActionException("runs.error.taskGone", run.taskName()));
        Run again = insertAndQueue(task, run.params());
        session.audit("run.retry", "run:" + again.id(), json(run), json(again));
        return again;
    }

    /** Runs a task now with parameter overrides, as {@code redcron-node trigger} does. */
    public Run trigger(String taskName, Map<String, String> params) {
        Task task = task(taskName).orElseThrow(() -> new RunActionException("runs.error.noTask", taskName));
        // The task's own rules say which names may become $REDCRON_PARAM_<NAME>.
        task.toBuilder().params(params).build();
        Run run = insertAndQueue(task, params);
        session.audit("run.trigger", "run:" + run.id(), null, json(run));
        return run;
    }

    /**
     * The audit log's view of a run: which run of which task, and the names of its parameters
     * (not their values, which may be secrets).
     */
    static String json(Run run) {
        com.fasterxml.jackson.databind.node.ObjectNode node = com.fasterxml.jackson.databind.node.JsonNodeFactory
                .instance.objectNode();
        node.put("id", run.id());
        node.put("task", run.taskName());
        node.put("status", run.status().name());
        node.put("trigger", run.trigger().name());
        com.fasterxml.jackson.databind.node.ArrayNode names = node.putArray("params");
        run.params().keySet().stream().sorted().forEach(names::add);
        return node.toString();
    }

    private Run insertAndQueue(Task task, Map<String, String> params) {
        Run run = session.runs().insertManual(task.id(), session.clock().instant(), task.retry().maxAttempts(), params);
        // Should this fail, the run is still recorded, and the scheduler's reconciler queues it.
        new RedisRunQueue(session.redis(), session.keys()).enqueue(List.of(QueuedRun.of(run.group(), run.id())));
        return run;
    }

    /** A waiting run is cancelled at once; a running one is marked, and its node told to stop it. */
    CancelResult cancel(long runId) {
        Run before = get(runId).orElseThrow(() -> new RunActionException("runs.error.noRun", runId));
        if (before.status().isFinal()) {
            return new CancelResult(CancelResult.Outcome.ALREADY_ENDED, before);
        }
        Run after = session.runs().requestCancel(runId, session.clock().instant(),
                "cancelled by " + session.operator()).orElse(before);
        session.audit("run.cancel", "run:" + runId, json(before), json(after));
        if (after.status() == RunStatus.RUNNING) {
            session.redis().publish(session.keys().events(),
                    new EventBus.Event(EventBus.Event.Kind.CANCEL_RUN, runId).encode());
            return new CancelResult(CancelResult.Outcome.STOPPING, after);
        }
        return new CancelResult(after.status() == RunStatus.CANCELLED ? CancelResult.Outcome.CANCELLED
                : CancelResult.Outcome.ALREADY_ENDED, after);
    }

    /** Where a live tail starts: the beginning of the stream, which holds the attempt's output so far. */
    static String logStart() {
        return START;
    }

    /**
     * Reads a run's live output after {@code afterId}, waiting up to {@code block} for some. Output
     * after an end marker belongs to a later attempt and replaces what came before. With nothing
     * new, the run's status says whether there is anything left to wait for.
     */
    LogBatch readLog(long runId, String afterId, Duration block) {
        var read = session.redis().xread(XReadParams.xReadParams().block((int) block.toMillis()).count(LOG_BATCH),
                Map.of(session.keys().log(runId), new StreamEntryID(afterId)));
        StringBuilder text = new StringBuilder();
        boolean fresh = false;
        boolean ended = false;
        String last = afterId;
        int entries = 0;
        if (read != null) {
            for (Map.Entry<String, List<StreamEntry>> stream : read) {
                for (StreamEntry entry : stream.getValue()) {
                    entries++;
                    last = entry.getID().toString();
                    String chunk = entry.getFields().get("out");
                    if (chunk != null) {
                        if (ended) {
                            text.setLength(0);
                            fresh = true;
                            ended = false;
                        }
                        text.append(chunk);
                    }
                    ended |= entry.getFields().containsKey("end");
                }
            }
        }
        if (entries == 0) {
            ended = get(runId).map(run -> run.status() != RunStatus.RUNNING).orElse(true);
        } else if (entries == LOG_BATCH) {
            ended = false;
        }
        return new LogBatch(text.toString(), fresh, last, ended);
    }
}
