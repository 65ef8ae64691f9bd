package io.redcron.spring;

import io.redcron.client.JdbcRedcronClient;
import io.redcron.client.RedcronClientException;
import io.redcron.client.ScheduleRequest;
import io.redcron.client.ScheduledRun;

import java.sql.Connection;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Function;
import javax.sql.DataSource;

import org.springframework.jdbc.datasource.DataSourceUtils;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Schedules and cancels runs inside the current Spring-managed transaction (a
 * {@code @Transactional} method, a {@code TransactionTemplate}), on its connection: the run exists
 * when that transaction commits, and never if it rolls back.
 *
 * <p>Without a transaction on the application's {@code DataSource} the template refuses (a
 * {@link RedcronClientException} naming {@code transaction}) rather than commit the run on its
 * own: a call outside the transaction the caller meant would silently lose the all-or-nothing
 * the template exists for. To record a run in a transaction of its own, call
 * {@link #client()}{@code .schedule(request)}.
 *
 * <p>It holds no connection, thread or other resource between calls, and is safe for concurrent use.
 */
public final class RedcronTemplate {
    private final JdbcRedcronClient client;
    private final DataSource dataSource;
    private final ScheduleObserver observer;

    public RedcronTemplate(JdbcRedcronClient client, DataSource dataSource, ScheduleObserver observer) {
        this.client = Objects.requireNonNull(client, "client");
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        this.observer = Objects.requireNonNull(observer, "observer");
    }

    /** The namespace whose tasks this template schedules runs of. */
    public String namespace() {
        return client.namespace();
    }

    /** The client itself, for work in transactions of its own ({@code client().schedule(request)}). */
    public JdbcRedcronClient client() {
        return client;
    }

    /**
     * Records a run in the current transaction.
     *
     * @throws RedcronClientException naming {@code transaction} when no Spring-managed transaction
     *                                on the {@code DataSource} is active; otherwise as
     *                                {@link JdbcRedcronClient#schedule(Connection, ScheduleRequest)}.
     *                                Either way, let the transaction roll back.
     */
    public ScheduledRun schedule(ScheduleRequest request) {
        Objects.requireNonNull(request, "request");
        long start = System.nanoTime();
        ScheduledRun run;
        try {
            run = inTransaction("schedule a run of '" + request.task() + "'",
                    connection -> client.schedule(connection, request));
        } catch (RuntimeException e) {
            observer.called(ScheduleObserver.Outcome.REFUSED, Duration.ofNanos(System.nanoTime() - start));
            throw e;
        }
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        if (run.created()) {
            observer.called(ScheduleObserver.Outcome.RECORDED, took);
            TransactionSynchronizationManager.registerSynchronization(new TransactionSynchronization() {
                @Override
                public void afterCompletion(int status) {
                    if (status != STATUS_UNKNOWN) {
                        observer.settled(status == STATUS_COMMITTED);
                    }
                }
            });
        } else {
            observer.called(ScheduleObserver.Outcome.EXISTING, took);
        }
        return run;
    }

    /**
     * Cancels a run of the namespace that has not started, in the current transaction (the run
     * stays waiting if it rolls back). See {@link JdbcRedcronClient#cancel(long)}.
     *
     * @return whether it was cancelled
     * @throws RedcronClientException naming {@code transaction} when no transaction is active
     */
    public boolean cancel(long runId) {
        return inTransaction("cancel run " + runId, connection -> client.cancel(connection, runId));
    }

    private <T> T inTransaction(String what, Function<Connection, T> work) {
        if (!TransactionSynchronizationManager.isActualTransactionActive()
                || !TransactionSynchronizationManager.isSynchronizationActive()) {
            throw notInTransaction(what);
        }
        Connection connection = DataSourceUtils.getConnection(dataSource);
        try {
            if (!DataSourceUtils.isConnectionTransactional(connection, dataSource)) {
                throw notInTransaction(what);
            }
            return work.apply(connection);
        } finally {
            DataSourceUtils.releaseConnection(connection, dataSource);
        }
    }

    private static RedcronClientException notInTransaction(String what) {
        return new RedcronClientException("transaction", "no Spring-managed transaction on the application's"
                + " DataSource is active to " + what + " in; call it from a @Transactional method (or a"
                + " TransactionTemplate), or use client() for a transaction of its own");
    }
}
