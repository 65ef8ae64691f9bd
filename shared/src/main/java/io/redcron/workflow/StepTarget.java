package io.redcron.workflow;

import java.util.Objects;

/** What a step runs: a task, or another workflow (the step ends when that workflow's run ends). */
public record StepTarget(Kind kind, String name) {
    public enum Kind { TASK, WORKFLOW }

    public StepTarget {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
    }

    public static StepTarget task(String name) {
        return new StepTarget(Kind.TASK, name);
    }

    public static StepTarget workflow(String name) {
        return new StepTarget(Kind.WORKFLOW, name);
    }

    @Override
    public String toString() {
        return (kind == Kind.TASK ? "task " : "workflow ") + name;
    }
}
