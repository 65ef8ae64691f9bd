package io.redcron.store.mysql;

import io.redcron.testkit.TaskStoreContract;
import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.MysqlConfig;
import io.redcron.port.AuditEntry;
import io.redcron.port.AuditLog;
import io.redcron.port.PageRequest;
import io.redcron.port.TaskStore;
import io.redcron.domain.Task;
import io.redcron.testing.TestDatabase;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class MysqlTaskStoreIT extends TaskStoreContract {
    private static MysqlConfig database;
    private static HikariDataSource pool;

    @BeforeAll
    static void openDatabase() {
        database = TestDatabase.freshSchema();
        pool = MysqlDataSources.open(database);
    }

    @AfterAll
    static void closeDatabase() {
        pool.close();
    }

    @Override
    protected TaskStore newTaskStore(Clock clock) {
        return new MysqlTaskStore(pool, clock);
    }

    @Override
    protected AuditLog auditLog() {
        return new MysqlAuditLog(pool);
    }

    /** The store's clock reads 2030; the entries carry the database's time and the account it let in. */
    @Test
    void theDatabaseStampsEveryAuditEntryWithItsOwnTimeAndTheAccountThatMadeTheChange() throws SQLException {
        Instant before = databaseNow();
        Task task = store.create(TaskFixtures.shell(ns, "stamped").build(), "claims-to-be-alice");
        audit.record(ns, "claims-to-be-bob", "run.trigger", "run:1", null, "{}");
        Instant after = databaseNow();

        var entries = audit.list(ns, null, PageRequest.first(10)).items();

        assertThat(entries).extracting(AuditEntry::actor).containsExactlyInAnyOrder("claims-to-be-alice",
                "claims-to-be-bob");
        assertThat(entries).allSatisfy(entry -> {
            assertThat(entry.at()).isBetween(before, after).isNotEqualTo(clock.instant());
            assertThat(entry.databaseAccount()).startsWith(database.user() + "@");
        });
        assertThat(entries).extracting(AuditEntry::subject).contains("task:" + task.id());
    }

    private static Instant databaseNow() throws SQLException {
        try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement();
             ResultSet row = statement.executeQuery("SELECT CAST(UTC_TIMESTAMP(3) AS CHAR)")) {
            row.next();
            return LocalDateTime.parse(row.getString(1).replace(' ', 'T')).toInstant(ZoneOffset.UTC);
        }
    }
}
