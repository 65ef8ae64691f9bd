package io.redcron.domain;

/** Why a run exists. */
public enum TriggerType {
    /** A fire of the task's cron schedule. */
    CRON,
    /** Started by an operator (CLI or desktop), possibly with parameter overrides. */
    MANUAL,
    /** A step of a workflow run (see {@code io.redcron.workflow}). */
    WORKFLOW,
    /**
     * One shard of a sharded task's fire (or manual run), made by the leader when it splits the
     * parent run. Its time is the parent's, so neither misfire rules nor holding for the fire time
     * apply to it, and its task's concurrency policy was applied to the fire as a whole.
     */
    SHARD,
    /**
     * A run of a task asked for a given time (or after a delay) by an operator or an application,
     * outside its schedule: like a cron fire, it is claimed ahead and held until its time.
     */
    ONE_OFF;

    /** Whether a run of this trigger waits for its scheduled time (claimed ahead, held until then). */
    public boolean waitsForItsTime() {
        return this == CRON || this == ONE_OFF;
    }

    public static TriggerType parse(String text) {
        return Enums.parse(TriggerType.class, "trigger", text);
    }
}
