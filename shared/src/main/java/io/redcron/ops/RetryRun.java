package io.redcron.ops;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.ops.OperationException.Kind;
import io.redcron.port.TaskStore;

/**
 * Runs the task of an ended run again, now, with the same parameters, as a new MANUAL run; the
 * ended run's history stays as it was. An ended shard is run again alone, with its index and
 * total: the new run is no shard of the fire it came from, whose result stays as it was.
 */
public final class RetryRun {
    private final Lookup lookup;
    private final TaskStore tasks;
    private final ManualRuns manualRuns;
    private final AuditTrail audit;

    RetryRun(Lookup lookup, TaskStore tasks, ManualRuns manualRuns, AuditTrail audit) {
        this.lookup = lookup;
        this.tasks = tasks;
        this.manualRuns = manualRuns;
        this.audit = audit;
    }

    public Recorded retry(long runId) {
        Run ended = lookup.run(runId);
        if (!ended.status().isFinal()) {
            throw new OperationException(Kind.RUN_NOT_ENDED, "run " + runId + " has not ended (" + ended.status()
                    + "); only an ended run can be run again");
        }
        Task task = tasks.get(ended.taskId()).orElseThrow(() -> new OperationException(Kind.TASK_GONE,
                "the task of run " + runId + " ('" + ended.taskName() + "') was deleted"));
        if (ended.isShard()) {
            // One shard, not the whole fire again: its siblings' work was done.
            return manualRuns.startShardAgain(task, ended, again -> audit.retried(ended, again));
        }
        return manualRuns.start(task, ended.params(), again -> audit.retried(ended, again));
    }
}
