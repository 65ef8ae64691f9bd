package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.port.DeadLetters;
import io.redcron.port.QueueInspector.DeadRun;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;

import java.util.Optional;

/**
 * Runs a dead run's task again. A dead run is final in the run store, so this records a new
 * manual run of the same task with the dead run's parameters rather than reviving the old one,
 * whose history stays as it was.
 */
public final class RequeueDeadRun {
    private final RunStore runs;
    private final TaskStore tasks;
    private final DeadLetters dead;
    private final ManualRuns manualRuns;
    private final AuditTrail audit;

    RequeueDeadRun(RunStore runs, TaskStore tasks, DeadLetters dead, ManualRuns manualRuns, AuditTrail audit) {
        this.runs = runs;
        this.tasks = tasks;
        this.dead = dead;
        this.manualRuns = manualRuns;
        this.audit = audit;
    }

    public enum Verdict {
        /** A new run was recorded and queued. */
        REQUEUED,
        /** A new run was recorded, but the queue did not take it; the scheduler's reconciler queues it. */
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

    /**
     * @param run    the dead run as the run store has it; null when it has not
     * @param newRun the run recorded for the requeue; null when none was
     * @param detail the dead run's status (NOT_FINISHED) or why the new run was not queued
     */
    public record Requeue(DeadRun dead, Verdict verdict, Run run, Run newRun, String detail) {
        public boolean requeued() {
            return verdict == Verdict.REQUEUED || verdict == Verdict.RECORDED_NOT_QUEUED;
        }
    }

    public Requeue requeue(DeadRun entry) {
        Optional<Run> found = runs.get(entry.runId());
        if (found.isEmpty()) {
            return new Requeue(entry, Verdict.NO_SUCH_RUN, null, null, "");
        }
        Run run = found.get();
        if (!run.status().isFinal()) {
            return new Requeue(entry, Verdict.NOT_FINISHED, run, null, run.status().name());
        }
        Optional<Task> task = tasks.get(run.taskId());
        if (task.isEmpty()) {
            return new Requeue(entry, Verdict.NO_SUCH_TASK, run, null, "");
        }
        // The task may have changed since: its own rules say which parameters a run of it may carry.
        ManualRuns.checkParams(task.get(), run.params());
        // Taking the entry is the claim: of two operators requeueing the same dead run, only the
        // one that removed it records a new run.
        if (!dead.take(entry.entryId())) {
            return new Requeue(entry, Verdict.ALREADY_HANDLED, run, null, "");
        }
        Recorded recorded = manualRuns.start(task.get(), run.params(), again -> audit.requeued(entry, again),
                () -> dead.putBack(entry));
        return recorded.queued()
                ? new Requeue(entry, Verdict.REQUEUED, run, recorded.run(), "")
                : new Requeue(entry, Verdict.RECORDED_NOT_QUEUED, run, recorded.run(), recorded.notQueuedReason());
    }
}
