package io.redcron.ops;

import io.redcron.domain.RunRequest;
import io.redcron.domain.Task;

import java.util.Map;

/** Runs a task now, outside its schedule, as a MANUAL run; parameters override the task's own. */
public final class TriggerRun {
    private final Lookup lookup;
    private final ManualRuns manualRuns;
    private final AuditTrail audit;

    TriggerRun(Lookup lookup, ManualRuns manualRuns, AuditTrail audit) {
        this.lookup = lookup;
        this.manualRuns = manualRuns;
        this.audit = audit;
    }

    /** @param nameOrId the task's name or, failing that, its id */
    public Recorded trigger(String nameOrId, Map<String, String> params) {
        Task task = lookup.task(nameOrId);
        return manualRuns.start(task, params, audit::triggered);
    }

    /**
     * Runs a task now or at the request's time (a one-off run, claimed ahead and held until then
     * like a cron fire), once per idempotency key: a repeated request gets the first one's run.
     * Cancel a one-off run before its time as any waiting run.
     */
    public RequestedRun request(String nameOrId, RunRequest request) {
        Task task = lookup.task(nameOrId);
        return manualRuns.request(task, request, audit::triggered);
    }
}
