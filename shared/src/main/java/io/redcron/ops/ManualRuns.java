package io.redcron.ops;

import io.redcron.domain.InvalidTaskException;
import io.redcron.domain.Run;
import io.redcron.domain.RunStatus;
import io.redcron.domain.Task;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.QueuedRun;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Starts a new manual run of a task in the one order every operator action follows: record the
 * run, then audit it, then queue it. The record is the run: a queue that does not take it only
 * delays it until the scheduler's reconciler queues it, so that is reported, not thrown.
 */
final class ManualRuns {
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
        try {
            queue.enqueue(List.of(QueuedRun.of(run.group(), run.id())));
            return new Recorded(run, true, null);
        } catch (RuntimeException e) {
            return new Recorded(run, false, String.valueOf(e.getMessage()));
        }
    }
}
