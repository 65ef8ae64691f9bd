package io.redcron.domain;

/** Why a run exists. */
public enum TriggerType {
    /** A fire of the task's cron schedule. */
    CRON,
    /** Started by an operator (CLI or desktop), possibly with parameter overrides. */
    MANUAL,
    /** A step of a workflow run (see {@code io.redcron.workflow}). */
    WORKFLOW;

    public static TriggerType parse(String text) {
        return Enums.parse(TriggerType.class, "trigger", text);
    }
}
