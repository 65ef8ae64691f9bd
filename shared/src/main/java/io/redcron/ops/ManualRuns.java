package io.redcron.ops;

import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.Run;
import io.redcron.domain.RunRequest;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Starts a new manual run of a task in the one order every operator action follows: record the
 * run, then audit it, then queue it. The record is the run: a queue that does not take it only
 * delays it until the scheduler's reconciler queues it, so that is reported, not thrown.
 */
final class ManualRuns {
    /** How long before its time a run asked for later reaches its stream: the scheduler's default lookahead. */
    static final java.time.Duration LEAD = io.redcron.config.SchedulerConfig.DEFAULT_LOOKAHEAD;

    private final RunStore runs;
    private final RunQueue queue;
    private final Clock clock;

    ManualRuns(RunStore runs, RunQueue queue, Clock clock) {
        this.runs = runs;
        this.queue = queue;
        this.clock = clock;
    }

    /**
     * The run store takes parameters as given; the task's own rules say which names can become
     * {@code $REDCRON_PARAM_<NAME>}, so they are checked before anything is recorded.
     */
    static void checkParams(Task task, Map<String, String> params) {
        try {
            task.toBuilder().params(params).build();
        } catch (InvalidTaskException e) {
            throw new OperationException(Kind.BAD_INPUT, e.getMessage(), e);
        }
    }

    Recorded start(Task task, Map<String, String> params, Consumer<Run> audit) {
        return start(task, params, audit, () -> { });
    }

    /** As {@link #start(Task, Map, Consumer)}; {@code notRecorded} runs when recording fails, before it is thrown. */
    Recorded start(Task task, Map<String, String> params, Consumer<Run> audit, Runnable notRecorded) {
        checkParams(task, params);
        Run run;
        try {
            run = runs.insertManual(task.id(), clock.instant(), task.retry().maxAttempts(), params);
        } catch (RuntimeException e) {
            try {
                notRecorded.run();
            } catch (RuntimeException undoing) {
                e.addSuppressed(undoing);
            }
            throw e;
        }
        audit.accept(run);
        if (run.status() != RunStatus.QUEUED) {
            // The parent of a sharded run waits for its shards, which the leader makes and queues.
            return new Recorded(run, true, null);
        }
        return queue(run);
    }

    /**
     * Runs one shard of a sharded fire again on its own: the shard's index, total and parameters,
     * as a queued manual run; the fire it came from keeps its shards and its result.
     */
    Recorded startShardAgain(Task task, Run shard, Consumer<Run> audit) {
        Run run = runs.insertShardAgain(shard, clock.instant(), task.retry().maxAttempts());
        audit.accept(run);
        return queue(run);
    }

    /**
     * Records the run a request asks for, unless its idempotency key names an earlier run (then
     * that one is returned as it is: not audited or queued again). A run for later is put on the
     * delayed set to reach its stream {@link #LEAD} before its time, as the scheduler's lookahead
     * does for fires: a worker claims it ahead and holds it until then.
     */
    RequestedRun request(Task task, RunRequest request, Consumer<Run> audit) {
        checkParams(task, request.params());
        Instant now = clock.instant();
        try {
            request.checkAt(now);
        } catch (InvalidTaskException e) {
            throw new OperationException(Kind.BAD_INPUT, e.getMessage(), e);
        }
        RunStore.Requested requested = runs.insertRequested(task.id(), request, now, task.retry().maxAttempts());
        if (!requested.recorded()) {
            return new RequestedRun(new Recorded(requested.run(), true, null), false);
        }
        Run run = requested.run();
        audit.accept(run);
        if (run.status() != RunStatus.QUEUED) {
            return new RequestedRun(new Recorded(run, true, null), true);
        }
        Instant reachStream = run.scheduledAt().minus(LEAD);
        if (run.trigger().waitsForItsTime() && reachStream.isAfter(now)) {
            try {
                queue.delay(QueuedRun.of(run.group(), run.id()), reachStream);
                return new RequestedRun(new Recorded(run, true, null), true);
            } catch (RuntimeException e) {
                return new RequestedRun(new Recorded(run, false, String.valueOf(e.getMessage())), true);
            }
        }
        return new RequestedRun(queue(run), true);
    }

    private Recorded queue(Run run) {
        try {
            queue.enqueue(List.of(QueuedRun.of(run.group(), run.id())));
            return new Recorded(run, true, null);
        } catch (RuntimeException e) {
            return new Recorded(run, false, String.valueOf(e.getMessage()));
        }
    }
}
