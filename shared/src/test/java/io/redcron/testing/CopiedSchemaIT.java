package io.redcron.testing;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.MysqlConfig;
import io.redcron.store.mysql.Migrations;
import io.redcron.store.mysql.MysqlDataSources;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A copied test database is the database Flyway makes, so tests on a copy test the real schema. */
class CopiedSchemaIT {

    @Test
    void aCopiedDatabaseHasTheTablesRoutinesAndHistoryFlywayWouldLeave() throws SQLException {
        MysqlConfig migrated = TestDatabase.freshEmptySchema();
        try (HikariDataSource pool = MysqlDataSources.open(migrated)) {
            Migrations.apply(pool);
        }
        MysqlConfig copied = TestDatabase.freshSchema();

        assertThat(describe(copied)).isEqualTo(describe(migrated)).anyMatch(line -> line.contains("PROCEDURE"))
                .anyMatch(line -> line.contains("FOREIGN KEY"));
        try (HikariDataSource pool = MysqlDataSources.open(copied)) {
            assertThat(Migrations.apply(pool).applied()).as("Flyway finds nothing left to do").isZero();
        }
    }

    @Test
    void everyCopyIsADatabaseOfItsOwn() throws SQLException {
        MysqlConfig first = TestDatabase.freshSchema();
        MysqlConfig second = TestDatabase.freshSchema();
        try (HikariDataSource pool = MysqlDataSources.open(first); Connection connection = pool.getConnection();
             Statement statement = connection.createStatement()) {
            statement.execute("INSERT INTO scheduler_epoch (namespace, epoch, leader, updated_at)"
                    + " VALUES ('only-in-first', 1, 'a', UTC_TIMESTAMP(3))");
        }

        assertThat(first.jdbcUrl()).isNotEqualTo(second.jdbcUrl());
        try (HikariDataSource pool = MysqlDataSources.open(second); Connection connection = pool.getConnection();
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT COUNT(*) FROM scheduler_epoch")) {
            rows.next();
            assertThat(rows.getLong(1)).isZero();
        }
    }

    /** Every table and routine definition, and the Flyway history without its timings. */
    private static List<String> describe(MysqlConfig database) throws SQLException {
        List<String> lines = new ArrayList<>();
        try (HikariDataSource pool = MysqlDataSources.open(database); Connection connection = pool.getConnection();
             Statement statement = connection.createStatement()) {
            List<String> tables = new ArrayList<>();
            try (ResultSet rows = statement.executeQuery("SELECT table_name FROM information_schema.tables"
                    + " WHERE table_schema = DATABASE() ORDER BY table_name")) {
                while (rows.next()) {
                    tables.add(rows.getString(1));
                }
            }
            for (String table : tables) {
                try (ResultSet rows = statement.executeQuery("SHOW CREATE TABLE `" + table + "`")) {
                    rows.next();
                    lines.add(rows.getString(2).replaceAll(" AUTO_INCREMENT=\\d+", ""));
                }
            }
            try (ResultSet rows = statement.executeQuery("SELECT routine_type, routine_name, routine_definition,"
                    + " security_type, sql_mode FROM information_schema.routines WHERE routine_schema = DATABASE()"
                    + " ORDER BY routine_name")) {
                while (rows.next()) {
                    lines.add(rows.getString(1) + " " + rows.getString(2) + " " + rows.getString(3) + " "
                            + rows.getString(4) + " " + rows.getString(5));
                }
            }
            try (ResultSet rows = statement.executeQuery("SELECT installed_rank, version, description, type, script,"
                    + " checksum, success FROM flyway_schema_history ORDER BY installed_rank")) {
                while (rows.next()) {
                    lines.add("history " + rows.getInt(1) + " " + rows.getString(2) + " " + rows.getString(3) + " "
                            + rows.getString(4) + " " + rows.getString(5) + " " + rows.getInt(6) + " " + rows.getBoolean(7));
                }
            }
        }
        return lines;
    }
}
