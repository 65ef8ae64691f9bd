package io.redcron.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * InnoDB's row lock waits, server-wide ({@code Innodb_row_lock_waits}, {@code Innodb_row_lock_time}
 * in milliseconds): the difference of two readings says how often, and how long in all, statements
 * waited for a row another transaction held meanwhile. On a shared server it counts every client.
 */
record RowLocks(long waits, long waitedMillis) {

    static RowLocks read(DataSource pool) {
        long waits = 0;
        long millis = 0;
        try (Connection connection = pool.getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SHOW GLOBAL STATUS LIKE 'Innodb_row_lock_%'")) {
            while (rows.next()) {
                switch (rows.getString(1)) {
                    case "Innodb_row_lock_waits" -> waits = rows.getLong(2);
                    case "Innodb_row_lock_time" -> millis = rows.getLong(2);
                    default -> { }
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot read InnoDB's lock counters: " + e.getMessage(), e);
        }
        return new RowLocks(waits, millis);
    }

    RowLocks minus(RowLocks before) {
        return new RowLocks(waits - before.waits, waitedMillis - before.waitedMillis);
    }
}
