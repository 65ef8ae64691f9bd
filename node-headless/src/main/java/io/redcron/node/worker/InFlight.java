package io.redcron.node.worker;

import io.redcron.domain.Run;
import io.redcron.domain.Task;
import io.redcron.node.worker.execution.Cancellation;

/** A run this node has claimed (executing, or held for its scheduled time), with the means to stop it. */
final class InFlight {
    final Run run;
    /** The task's definition it runs: read when claimed, read again (from the cache) when a held claim begins. */
    volatile Task task;
    final Cancellation cancellation = new Cancellation();
    /** Set when the node gives the run back instead of finishing it (shutdown). */
    volatile boolean handBack;
    /** When a slot began executing it; null while it waits for its time, or if it never began. */
    volatile java.time.Instant startedAt;

    /** Until when this node's claim holds, as last written. */
    volatile java.time.Instant leaseUntil;

    InFlight(Run run, Task task) {
        this.run = run;
        this.task = task;
        this.leaseUntil = run.leaseUntil() == null ? java.time.Instant.MIN : run.leaseUntil();
    }
}
