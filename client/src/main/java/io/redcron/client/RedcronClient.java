package io.redcron.client;

import java.net.URI;
import javax.sql.DataSource;

/**
 * Schedules runs of a namespace's existing tasks from an application: now, at a given time or
 * after a delay, with parameters and an optional idempotency key, and cancels them before they
 * start. One client per namespace, shared by the whole application and safe for concurrent use:
 * {@link #jdbc} writes through the application's {@code DataSource} (and can join its
 * transaction), {@link #http} asks a node's HTTP API with a token (and needs no database account).
 */
public interface RedcronClient {

    /**
     * A client that writes to Redcron's database through the application's own {@code DataSource}:
     * see {@link JdbcRedcronClient} for scheduling inside a transaction of the application's.
     */
    static JdbcRedcronClient jdbc(DataSource dataSource, String namespace) {
        return new JdbcRedcronClient(dataSource, namespace);
    }

    /**
     * A client that asks a node with the api role over its HTTP API, with a bearer token of scope
     * operate (admin for {@link HttpRedcronClient#reconcile}): see {@link HttpRedcronClient}, and
     * {@link HttpRedcronClient#builder} for TLS with a private CA or another request timeout.
     *
     * @param baseUrl the node, for example {@code https://scheduler.example.com:8686}
     */
    static HttpRedcronClient http(URI baseUrl, String token, String namespace) {
        return HttpRedcronClient.builder(baseUrl).token(token).namespace(namespace).build();
    }

    /** Schedules a run and commits it before returning. */
    ScheduledRun schedule(ScheduleRequest request);

    /**
     * Cancels a run of this namespace that has not started: one still waiting for its time or for
     * a worker, never attempted, and not yet claimed (a worker claims a run up to the scheduler's
     * lookahead, 2.5 s by default, before its time).
     *
     * @return whether it was cancelled; false when it started, ended, was claimed, or is unknown
     *         (the HTTP client cancels as an operator does, claimed and running runs too: see
     *         {@link HttpRedcronClient#cancel})
     */
    boolean cancel(long runId);
}
