package io.redcron.store.mysql;

import io.redcron.port.StoreException;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.output.MigrateResult;

import java.util.Map;
import javax.sql.DataSource;

/** Brings a database to the current schema with the versioned scripts in {@code db/migration}. */
public final class Migrations {
    public static final String LOCATION = "classpath:db/migration";

    private Migrations() {
    }

    /** What a migration did: how many scripts ran, and the schema version now in place. */
    public record Result(int applied, String version) {
    }

    public static Result apply(DataSource dataSource) {
        SqlDialect dialect = SqlDialect.detect(dataSource);
        try {
            MigrateResult result = flyway(dataSource, dialect).migrate();
            return new Result(result.migrationsExecuted, version(result));
        } catch (FlywayException e) {
            throw new StoreException("database migration failed: " + MysqlDataSources.reason(e), e);
        }
    }

    static Flyway flyway(DataSource dataSource, SqlDialect dialect) {
        return Flyway.configure()
                .dataSource(dataSource)
                .locations(LOCATION)
                .placeholders(Map.of("nameCollation", dialect.nameCollation()))
                // Opening a node against a database that is ahead of it must not break it.
                .ignoreMigrationPatterns("*:future")
                .load();
    }

    private static String version(MigrateResult result) {
        if (result.targetSchemaVersion != null) {
            return result.targetSchemaVersion;
        }
        return result.initialSchemaVersion;
    }
}
