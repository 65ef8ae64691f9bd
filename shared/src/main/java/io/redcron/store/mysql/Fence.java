package io.redcron.store.mysql;

import io.redcron.port.FencedOutException;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The first statement of every leader transaction: read the namespace's epoch under a shared lock
 * and refuse to go on unless it is still the caller's. A new leader's epoch bump needs an exclusive
 * lock on the same row, so it waits for fenced transactions in flight and every later one sees it.
 */
final class Fence {
    private final String select;

    Fence(SqlDialect dialect) {
        this.select = "SELECT epoch FROM scheduler_epoch WHERE namespace = ? " + dialect.forShare();
    }

    void check(Connection connection, String namespace, long epoch) throws SQLException {
        long current = Jdbc.one(connection, select, row -> row.getLong(1), namespace).orElse(0L);
        // No row means nobody ever led the namespace: no caller holds its fence (and no row is locked).
        if (current == 0 || current != epoch) {
            throw new FencedOutException(namespace, epoch, current);
        }
    }
}
