package io.redcron.client;

import javax.sql.DataSource;

/**
 * Schedules runs of a namespace's existing tasks from an application: now, at a given time or
 * after a delay, with parameters and an optional idempotency key, and cancels them before they
 * start. One client per namespace, shared by the whole application; it holds no connection of its
 * own and is safe for concurrent use.
 */
public interface RedcronClient {

    /**
     * A client that writes to Redcron's database through the application's own {@code DataSource}:
     * see {@link JdbcRedcronClient} for scheduling inside a transaction of the application's.
     */
    static JdbcRedcronClient jdbc(DataSource dataSource, String namespace) {
        return new JdbcRedcronClient(dataSource, namespace);
    }

    /** Schedules a run and commits it before returning. */
    ScheduledRun schedule(ScheduleRequest request);

    /**
     * Cancels a run of this namespace that has not started: one still waiting for its time or for
     * a worker, never attempted, and not yet claimed (a worker claims a run up to the scheduler's
     * lookahead, 2.5 s by default, before its time).
     *
     * @return whether it was cancelled; false when it started, ended, was claimed, or is unknown
     */
    boolean cancel(long runId);
}
