package io.redcron.handler;

import java.io.PrintStream;
import java.time.Instant;
import java.util.Map;

/** What a {@link TaskHandler} knows about the run it executes. */
public interface TaskContext {

    long runId();

    long taskId();

    /**
     * The attempt number, starting at 1. Delivery is at least once: together with
     * {@link #runId()} it lets a handler make its side effects idempotent.
     */
    int attempt();

    /** The fire time this run belongs to (for a manual run, when it was triggered). */
    Instant scheduledAt();

    /** The task's parameters overlaid with the run's own (manual) parameters. */
    Map<String, String> params();

    /**
     * Which shard of a sharded task's fire this run is (0-based, as {@code REDCRON_SHARD_INDEX}),
     * or -1 for a run that is no shard.
     */
    default int shardIndex() {
        return -1;
    }

    /** How many shards the fire has (as {@code REDCRON_SHARD_TOTAL}); 0 for a run that is no shard. */
    default int shardTotal() {
        return 0;
    }

    /** The handler settings stored in the task definition. */
    Map<String, String> settings();

    /** The run's output (UTF-8): the tail is kept in the run history and shown live. */
    PrintStream out();

    /** True once the run timed out or was cancelled; the handler should then stop soon. */
    boolean isCancelled();
}
