package io.redcron.client;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The client that writes to Redcron's database directly, through the application's own
 * {@code DataSource}. {@link #schedule(Connection, ScheduleRequest)} records the run on the
 * caller's connection, inside the caller's transaction, and commits nothing: the run exists
 * when that transaction commits and never if it rolls back. It also adds an entry to the run
 * outbox, in the same transaction, which the namespace's leader reads after the commit (every
 * quarter second) to put the run on its stream, or on the delayed set until just before its time.
 *
 * <p>An idempotency key is taken first, before the run is recorded: a second request with the
 * same key for the same task waits on the first's key row until that transaction ends; if it
 * commits, the second returns the first's run, and if it rolls back, the second records its own.
 * A request waits so at most as long as the database's lock wait timeout (then it fails naming
 * {@code idempotency-key}); keep transactions that schedule with a key short. When the key's
 * run was committed after the caller's transaction took its snapshot, the run's row is read under
 * a shared lock, which holds off the run's claim until the caller's transaction ends.
 *
 * <p>A failure leaves the caller's transaction with whatever was written before it: roll it back.
 */
public final class JdbcRedcronClient implements RedcronClient {
    private static final int MAX_MOMENTS = 1000;
    private static final int MAX_NAMESPACE = 64;
    private static final String CANCELLED = "cancelled by the application before it started";

    private final DataSource dataSource;
    private final String namespace;

    JdbcRedcronClient(DataSource dataSource, String namespace) {
        this.dataSource = Objects.requireNonNull(dataSource, "dataSource");
        if (namespace == null || namespace.isBlank() || namespace.length() > MAX_NAMESPACE) {
            throw new RedcronClientException("namespace", "1-" + MAX_NAMESPACE + " characters required, got '"
                    + namespace + "'");
        }
        this.namespace = namespace;
    }

    public String namespace() {
        return namespace;
    }

    /** Records the run in a transaction of its own, on a connection of the {@code DataSource}. */
    @Override
    public ScheduledRun schedule(ScheduleRequest request) {
        return inOwnTransaction("schedule " + request.task(), connection -> schedule(connection, request));
    }

    @Override
    public boolean cancel(long runId) {
        return inOwnTransaction("cancel run " + runId, connection -> cancel(connection, runId));
    }

    /**
     * Records the run on {@code connection}, in its transaction, committing nothing.
     *
     * @throws RedcronClientException naming {@code task} when the namespace has no such task,
     *                                {@code at} for a time more than 366 days ahead, or
     *                                {@code connection} for one in auto-commit mode
     */
    public ScheduledRun schedule(Connection connection, ScheduleRequest request) {
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(request, "request");
        try {
            // Statement by statement, a key taken and its run could be seen apart, and two requests
            // with one key could both record a run.
            if (connection.getAutoCommit()) {
                throw new RedcronClientException("connection", "is in auto-commit mode; schedule inside a transaction,"
                        + " or call schedule(request) to let the client use a transaction of its own");
            }
            ClientSql.TaskRow task = ClientSql.task(connection, namespace, request.task()).orElseThrow(() ->
                    new RedcronClientException("task", "no task '" + request.task() + "' in namespace '" + namespace + "'"));
            Instant now = task.now();
            Instant later = request.timeAfter(now);
            String key = request.idempotencyKey();
            Long staleRun = null;
            if (key != null && !takeKey(connection, task, key, now)) {
                long earlier = ClientSql.keyedRun(connection, task.id(), key).orElseThrow(() ->
                        new IllegalStateException("the key row that refused ours is gone"));
                Optional<ScheduledRun> found = existing(connection, task, earlier);
                if (found.isPresent()) {
                    return found.get();
                }
                // Its run was deleted by retention: the key is given to a new run.
                staleRun = earlier;
            }
            Instant at = offTheSecond(ClientSql.millis(later != null ? later : now));
            long id = insertAtFreeMoment(connection, task, later != null ? "ONE_OFF" : "MANUAL", at, now, request);
            if (key != null) {
                long pointedAt = staleRun == null ? 0 : staleRun;
                if (ClientSql.update(connection, ClientSql.POINT_KEY, id, now, task.id(), key, pointedAt) != 1) {
                    throw new RedcronClientException("idempotency-key", "changed by another request meanwhile; try again");
                }
            }
            if (!task.sharded()) {
                ClientSql.update(connection, ClientSql.ADD_TO_OUTBOX, id, namespace, task.group(), at, now);
            }
            return new ScheduledRun(id, task.name(), at, true);
        } catch (SQLException e) {
            if (e.getErrorCode() == ClientSql.LOCK_WAIT_TIMEOUT && request.idempotencyKey() != null) {
                throw new RedcronClientException("idempotency-key", "another transaction holds '"
                        + request.idempotencyKey() + "' and did not end within the lock wait timeout");
            }
            throw new RedcronClientException("scheduling a run of '" + request.task() + "' in namespace '" + namespace
                    + "' failed: " + e.getMessage(), e);
        }
    }

    /**
     * Cancels a run that has not started, on {@code connection}, in its transaction: the run stays
     * waiting if that transaction rolls back. See {@link RedcronClient#cancel}.
     */
    public boolean cancel(Connection connection, long runId) {
        try {
            return ClientSql.update(connection, ClientSql.CANCEL, CANCELLED, runId, namespace) == 1;
        } catch (SQLException e) {
            throw new RedcronClientException("cancelling run " + runId + " failed: " + e.getMessage(), e);
        }
    }

    /** Whether the key was free; false when another request holds it (and has committed). */
    private static boolean takeKey(Connection connection, ClientSql.TaskRow task, String key, Instant now)
            throws SQLException {
        try {
            ClientSql.update(connection, ClientSql.TAKE_KEY, task.id(), key, now);
            return true;
        } catch (SQLException e) {
            if (e.getErrorCode() == ClientSql.DUPLICATE_KEY) {
                return false;
            }
            throw e;
        }
    }

    /** The run a key names, if it still exists: read in the caller's snapshot, else as committed. */
    private static Optional<ScheduledRun> existing(Connection connection, ClientSql.TaskRow task, long runId)
            throws SQLException {
        Optional<Instant> time = ClientSql.runTime(connection, runId, false);
        if (time.isEmpty()) {
            time = ClientSql.runTime(connection, runId, true);
        }
        return time.map(at -> new ScheduledRun(runId, task.name(), at, false));
    }

    private long insertAtFreeMoment(Connection connection, ClientSql.TaskRow task, String trigger, Instant first,
                                    Instant now, ScheduleRequest request) throws SQLException {
        Instant at = first;
        for (int tries = 0; tries < MAX_MOMENTS; tries++) {
            Optional<Long> id = ClientSql.insertRun(connection, namespace, task, trigger, at, now, request.params());
            if (id.isPresent()) {
                return id.get();
            }
            at = offTheSecond(at.plusMillis(1));
        }
        throw new RedcronClientException("at", "task '" + task.name() + "' has runs at every millisecond from "
                + first + " on; no free moment for the run");
    }

    /** A whole second belongs to cron fires: a requested run never takes one, so never swallows one. */
    private static Instant offTheSecond(Instant at) {
        return at.getNano() == 0 ? at.plusMillis(1) : at;
    }

    private interface Work<T> {
        T on(Connection connection) throws SQLException;
    }

    private <T> T inOwnTransaction(String what, Work<T> work) {
        try (Connection connection = dataSource.getConnection()) {
            boolean autoCommit = connection.getAutoCommit();
            connection.setAutoCommit(false);
            try {
                T result = work.on(connection);
                connection.commit();
                return result;
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.rollback();
                } catch (SQLException undoing) {
                    e.addSuppressed(undoing);
                }
                throw e;
            } finally {
                connection.setAutoCommit(autoCommit);
            }
        } catch (SQLException e) {
            throw new RedcronClientException(what + " failed: " + e.getMessage(), e);
        }
    }
}
