package io.redcron.store.mysql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.port.AuditEntry;
import io.redcron.port.PageRequest;
import io.redcron.port.StoreException;
import io.redcron.testing.TestDatabase;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

class MigrationsIT {

    @Test
    void migratesAnEmptyDatabaseOnceAndThenDoesNothing() {
        MysqlConfig config = TestDatabase.freshEmptySchema();
        try (HikariDataSource pool = MysqlDataSources.open(config)) {
            Migrations.Result first = Migrations.apply(pool);
            Migrations.Result second = Migrations.apply(pool);

            assertThat(first.applied()).isGreaterThanOrEqualTo(1);
            assertThat(second.applied()).isZero();
            assertThat(second.version()).isEqualTo(first.version());
        }
    }

    @Test
    void entriesAuditedBeforeMigrationFiveKeepWhatTheyHadAndNoDatabaseAccount() throws Exception {
        MysqlConfig config = TestDatabase.freshEmptySchema();
        try (HikariDataSource pool = MysqlDataSources.open(config)) {
            Flyway.configure().configuration(Migrations.flyway(pool, SqlDialect.detect(pool)).getConfiguration())
                    .target("4").load().migrate();
            try (var connection = pool.getConnection(); var statement = connection.createStatement()) {
                statement.execute("INSERT INTO audit_log (at, actor, action, subject, namespace)"
                        + " VALUES ('2024-05-01 10:00:00.000', 'alice', 'task.create', 'task:1', 'old')");
            }

            Migrations.apply(pool);
            new MysqlAuditLog(pool).record("old", "bob", "task.update", "task:1", null, null);

            var entries = new MysqlAuditLog(pool).list("old", null, PageRequest.first(10)).items();
            assertThat(entries).extracting(AuditEntry::actor).containsExactly("bob", "alice");
            AuditEntry before = entries.get(1);
            assertThat(before.at()).isEqualTo(Instant.parse("2024-05-01T10:00:00Z"));
            assertThat(before.databaseAccount()).isNull();
            assertThat(entries.get(0).databaseAccount()).startsWith(config.user() + "@");
        }
    }

    @Test
    void aDatabaseHoldingSomethingElseIsRefusedInOneLine() throws Exception {
        MysqlConfig config = TestDatabase.freshEmptySchema();
        try (HikariDataSource pool = MysqlDataSources.open(config)) {
            try (var connection = pool.getConnection(); var statement = connection.createStatement()) {
                statement.execute("CREATE TABLE someone_elses (id INT PRIMARY KEY)");
            }

            assertThatThrownBy(() -> Migrations.apply(pool))
                    .isInstanceOf(StoreException.class)
                    .hasMessageStartingWith("database migration failed: ")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        }
    }

    @Test
    void anUnreachableServerIsReportedInOneLineWithItsUrlAndWithoutThePassword() {
        MysqlConfig config = MysqlConfig.of("jdbc:mysql://127.0.0.1:1/redcron", "redcron", Secret.of("s3cret-pw"))
                .withPoolSize(2).withConnectTimeout(Duration.ofSeconds(1));

        assertThatThrownBy(() -> MysqlDataSources.open(config))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("jdbc:mysql://127.0.0.1:1/redcron")
                .hasMessageNotContaining("s3cret-pw")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aWrongPasswordIsReportedAsAccessDenied() {
        MysqlConfig good = TestDatabase.freshEmptySchema();
        MysqlConfig wrong = MysqlConfig.of(good.jdbcUrl(), "no_such_user", Secret.of("s3cret-pw"))
                .withPoolSize(2).withConnectTimeout(Duration.ofSeconds(2));

        assertThatThrownBy(() -> MysqlDataSources.open(wrong))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining(good.jdbcUrl())
                .hasMessageContaining("Access denied")
                .hasMessageNotContaining("s3cret-pw");
    }
}
