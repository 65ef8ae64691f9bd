package io.redcron.desktop.queues;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;
import io.redcron.store.redis.LuaScripts;
import io.redcron.store.redis.RedisKeys;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.StreamEntryID;

import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * What an operator can do with dead runs: run their task again, or forget them. A dead run is
 * final in the run store, so "requeue" records a new manual run of the same task (with the dead
 * run's parameters) rather than reviving the old one, whose history stays as it was.
 */
final class DeadRuns {

    enum Verdict {
        /** A new run was recorded and queued. */
        REQUEUED,
        /** A new run was recorded, but Redis did not take it; the scheduler's reconciler queues it. */
        RECORDED_NOT_QUEUED,
        /** The run is not in the run store (any more). */
        NO_SUCH_RUN,
        /** The run is still in flight: it was not requeued, to never run it twice at once. */
        NOT_FINISHED,
        /** The run's task was deleted. */
        NO_SUCH_TASK,
        /** Someone else requeued or purged the entry first. */
        ALREADY_HANDLED
    }

    /** @param newRunId the run recorded for the requeue, when one was */
    record Outcome(DeadRow dead, Verdict verdict, Run run, long newRunId, String detail) {
        boolean requeued() {
            return verdict == Verdict.REQUEUED || verdict == Verdict.RECORDED_NOT_QUEUED;
        }
    }

    private final UnifiedJedis redis;
    private final RedisKeys keys;
    private final RunQueue queue;
    private final RunStore runs;
    private final TaskStore tasks;
    private final Clock clock;
    private final Audit audit;

    /** Where the operator's changes to the dead stream are recorded. */
    @FunctionalInterface
    interface Audit {
        void record(String action, String subject, String before, String after);
    }

    DeadRuns(UnifiedJedis redis, RedisKeys keys, RunQueue queue, RunStore runs, TaskStore tasks, Clock clock,
             Audit audit) {
        this.redis = redis;
        this.keys = keys;
        this.queue = queue;
        this.runs = runs;
        this.tasks = tasks;
        this.clock = clock;
        this.audit = audit;
    }

    Outcome requeue(DeadRow dead) {
        Optional<Run> found = runs.get(dead.runId());
        if (found.isEmpty()) {
            return new Outcome(dead, Verdict.NO_SUCH_RUN, null, 0, "");
        }
        Run run = found.get();
        if (!run.status().isFinal()) {
            return new Outcome(dead, Verdict.NOT_FINISHED, run, 0, run.status().name());
        }
        Optional<Task> task = tasks.get(run.taskId());
        if (task.isEmpty()) {
            return new Outcome(dead, Verdict.NO_SUCH_TASK, run, 0, "");
        }
        // The task may have changed since: its own rules say which parameters a run of it may carry.
        task.get().toBuilder().params(run.params()).build();
        // Deleting the entry first is the claim: of two operators requeueing the same dead run,
        // only the one whose XDEL removed it records a new run.
        if (redis.xdel(keys.dead(), new StreamEntryID(dead.entryId())) == 0) {
            return new Outcome(dead, Verdict.ALREADY_HANDLED, run, 0, "");
        }
        Run fresh;
        try {
            fresh = runs.insertManual(task.get().id(), clock.instant(), task.get().retry().maxAttempts(), run.params());
        } catch (RuntimeException e) {
            try {
                queue.dead(QueuedRun.of(dead.group(), dead.runId()), dead.reason(), dead.at());
            } catch (RuntimeException restoring) {
                e.addSuppressed(restoring);
            }
            throw e;
        }
        try {
            queue.enqueue(List.of(QueuedRun.of(fresh.group(), fresh.id())));
        } catch (RuntimeException e) {
            return new Outcome(dead, Verdict.RECORDED_NOT_QUEUED, run, fresh.id(), String.valueOf(e.getMessage()));
        }
        audit.record("dead.requeue", "run:" + dead.runId(), "{\"deadRun\":" + dead.runId() + "}",
                "{\"newRun\":" + fresh.id() + "}");
        return new Outcome(dead, Verdict.REQUEUED, run, fresh.id(), "");
    }

    /** Removes the given entries; returns how many were still there. */
    long purge(Collection<DeadRow> dead) {
        if (dead.isEmpty()) {
            return 0;
        }
        long removed = redis.xdel(keys.dead(), dead.stream().map(row -> new StreamEntryID(row.entryId()))
                .toArray(StreamEntryID[]::new));
        audit.record("dead.purge", "queue:dead", "{\"runs\":" + dead.stream().map(row -> Long.toString(row.runId()))
                .collect(java.util.stream.Collectors.joining(",", "[", "]")) + "}", null);
        return removed;
    }

    /** Removes the whole dead stream; returns how many entries it held. */
    long purgeAll() {
        Object purged = LuaScripts.PURGE_STREAM.eval(redis, List.of(keys.dead()), List.of());
        long length = purged instanceof Long value ? value : 0;
        audit.record("dead.purge-all", "queue:dead", "{\"entries\":" + length + "}", null);
        return length;
    }
}
