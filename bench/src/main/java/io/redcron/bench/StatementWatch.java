package io.redcron.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/**
 * The longest statement of the retention sweep seen running, by sampling MariaDB's process list
 * every {@link #EVERY} on a connection of its own: the batch read through the namespace's index
 * and the purge procedure (with the deletes it runs). Without the performance schema (off by
 * default in MariaDB) a statement's own duration is not recorded anywhere; sampled, a statement
 * shorter than the interval may be missed, a longer one is seen at most one interval short.
 */
final class StatementWatch implements AutoCloseable {
    static final Duration EVERY = Duration.ofMillis(50);
    private static final String LONGEST = "SELECT COALESCE(MAX(TIME_MS), 0) FROM information_schema.PROCESSLIST"
            + " WHERE ID <> CONNECTION_ID() AND DB = DATABASE() AND COMMAND = 'Query'"
            + " AND (INFO LIKE '%history_purge%' OR INFO LIKE '%FORCE INDEX (ix_task_run_namespace)%'"
            + " OR INFO LIKE 'DELETE r FROM JSON_TABLE%' OR INFO LIKE 'DELETE a FROM JSON_TABLE%')";

    private final Connection connection;
    private final AtomicBoolean watching = new AtomicBoolean(true);
    private final AtomicLong longestMicros = new AtomicLong();
    private final AtomicLong samples = new AtomicLong();
    private final Thread sampler;

    private StatementWatch(Connection connection) {
        this.connection = connection;
        this.sampler = new Thread(this::sample, "bench-statement-watch");
        sampler.setDaemon(true);
    }

    /** Starts sampling the database {@code pool} connects to. */
    static StatementWatch start(DataSource pool) {
        try {
            StatementWatch watch = new StatementWatch(pool.getConnection());
            watch.sampler.start();
            return watch;
        } catch (SQLException e) {
            throw new IllegalStateException("cannot watch the process list: " + e.getMessage(), e);
        }
    }

    private void sample() {
        try (PreparedStatement read = connection.prepareStatement(LONGEST)) {
            while (watching.get()) {
                try (ResultSet row = read.executeQuery()) {
                    row.next();
                    long micros = Math.round(row.getDouble(1) * 1000);
                    longestMicros.accumulateAndGet(micros, Math::max);
                    samples.incrementAndGet();
                }
                NodeProcess.pause(EVERY);
            }
        } catch (SQLException | IllegalStateException e) {
            Progress.say("Statement watch stopped: " + e.getMessage());
        }
    }

    /** The longest sweep statement seen so far, in milliseconds. */
    double longestMillis() {
        return longestMicros.get() / 1000.0;
    }

    long samples() {
        return samples.get();
    }

    @Override
    public void close() {
        watching.set(false);
        try {
            sampler.join(Duration.ofSeconds(5).toMillis());
            connection.close();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException e) {
            // closing a connection the sampler no longer uses: nothing to recover
        }
    }
}
