package io.redcron.store.mysql;

import io.redcron.port.FencingEpochs;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import javax.sql.DataSource;

/** The fencing epoch of each namespace's scheduler in {@code scheduler_epoch}. */
public final class MysqlFencingEpochs implements FencingEpochs {
    // One statement that locks the row exclusively from the start: a separate INSERT IGNORE first
    // took a shared lock, and two new leaders holding it both waited to upgrade it (a deadlock).
    private static final String BUMP = "INSERT INTO scheduler_epoch (namespace, epoch, leader, updated_at,"
            + " misfire_threshold_ms) VALUES (?, 1, ?, ?, ?) ON DUPLICATE KEY UPDATE epoch = epoch + 1, leader = ?,"
            + " updated_at = ?, misfire_threshold_ms = ?";
    private static final String THRESHOLD = "SELECT misfire_threshold_ms FROM scheduler_epoch WHERE namespace = ?";
    private static final String READ = "SELECT epoch, leader, updated_at FROM scheduler_epoch WHERE namespace = ?";

    private final Jdbc jdbc;
    private final Clock clock;
    private final Duration misfireThreshold;

    /** For readers of the epoch (operators' tools). */
    public MysqlFencingEpochs(DataSource dataSource, Clock clock) {
        this(dataSource, clock, null);
    }

    /**
     * @param misfireThreshold the leader's {@code scheduler.misfire-threshold}, published with each
     *                         term for task changes made while no scheduler runs
     */
    public MysqlFencingEpochs(DataSource dataSource, Clock clock, Duration misfireThreshold) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
        this.misfireThreshold = misfireThreshold;
    }

    @Override
    public long advance(String namespace, String leader) {
        return jdbc.transaction("take the scheduler epoch of namespace '" + namespace + "'", connection -> {
            Instant now = Jdbc.millis(clock.instant());
            Long threshold = misfireThreshold == null ? null : misfireThreshold.toMillis();
            Jdbc.update(connection, BUMP, namespace, leader, now, threshold, leader, now, threshold);
            return Jdbc.one(connection, READ, row -> row.getLong("epoch"), namespace).orElseThrow();
        });
    }

    /** The misfire threshold the namespace's latest leader published, if any leader ever did. */
    static Optional<Duration> misfireThreshold(java.sql.Connection connection, String namespace)
            throws java.sql.SQLException {
        return Jdbc.one(connection, THRESHOLD, row -> {
            long millis = row.getLong(1);
            return row.wasNull() ? null : Duration.ofMillis(millis);
        }, namespace);
    }

    @Override
    public Optional<Epoch> current(String namespace) {
        return jdbc.autoCommit("read the scheduler epoch of namespace '" + namespace + "'",
                connection -> Jdbc.one(connection, READ, row -> new Epoch(row.getLong("epoch"), row.getString("leader"),
                        Jdbc.instant(row, "updated_at")), namespace));
    }
}
