package io.redcron.store.mysql;

import io.redcron.port.FencingEpochs;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import javax.sql.DataSource;

/** The fencing epoch of each namespace's scheduler in {@code scheduler_epoch}. */
public final class MysqlFencingEpochs implements FencingEpochs {
    // One statement that locks the row exclusively from the start: a separate INSERT IGNORE first
    // took a shared lock, and two new leaders holding it both waited to upgrade it (a deadlock).
    private static final String BUMP = "INSERT INTO scheduler_epoch (namespace, epoch, leader, updated_at)"
            + " VALUES (?, 1, ?, ?) ON DUPLICATE KEY UPDATE epoch = epoch + 1, leader = ?, updated_at = ?";
    private static final String READ = "SELECT epoch, leader, updated_at FROM scheduler_epoch WHERE namespace = ?";

    private final Jdbc jdbc;
    private final Clock clock;

    public MysqlFencingEpochs(DataSource dataSource, Clock clock) {
        this.jdbc = new Jdbc(dataSource);
        this.clock = clock;
    }

    @Override
    public long advance(String namespace, String leader) {
        return jdbc.transaction("take the scheduler epoch of namespace '" + namespace + "'", connection -> {
            Instant now = Jdbc.millis(clock.instant());
            Jdbc.update(connection, BUMP, namespace, leader, now, leader, now);
            return Jdbc.one(connection, READ, row -> row.getLong("epoch"), namespace).orElseThrow();
        });
    }

    @Override
    public Optional<Epoch> current(String namespace) {
        return jdbc.autoCommit("read the scheduler epoch of namespace '" + namespace + "'",
                connection -> Jdbc.one(connection, READ, row -> new Epoch(row.getLong("epoch"), row.getString("leader"),
                        Jdbc.instant(row, "updated_at")), namespace));
    }
}
