package io.redcron.ops;

import io.redcron.port.AuditLog;
import io.redcron.port.DeadLetters;
import io.redcron.port.EventBus;
import io.redcron.port.LiveOutput;
import io.redcron.port.RunQueue;
import io.redcron.port.RunStore;
import io.redcron.port.TaskStore;

import java.util.Objects;

/** The ports the operator actions work on, as a front end's composition root builds them. */
public record OperatorPorts(TaskStore tasks, RunStore runs, RunQueue queue, EventBus events, AuditLog audit,
                            DeadLetters deadLetters, LiveOutput liveOutput) {
    public OperatorPorts {
        Objects.requireNonNull(tasks, "tasks");
        Objects.requireNonNull(runs, "runs");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(events, "events");
        Objects.requireNonNull(audit, "audit");
        Objects.requireNonNull(deadLetters, "deadLetters");
        Objects.requireNonNull(liveOutput, "liveOutput");
    }
}
