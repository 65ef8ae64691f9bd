package io.redcron.testing;

import io.redcron.config.MysqlConfig;
import io.redcron.config.Secret;
import io.redcron.store.mysql.Migrations;
import io.redcron.store.mysql.MysqlDataSources;

import com.zaxxer.hikari.HikariDataSource;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The MySQL/MariaDB server of a test JVM: the one named by {@code redcron.test.jdbc.url} (or
 * {@code REDCRON_TEST_JDBC_URL}) when given, otherwise an embedded MariaDB started once, on first
 * use. Each caller gets a database of its own, so test classes never see each other's rows and
 * nothing shared is ever flushed.
 *
 * <pre>{@code
 * MysqlConfig config = TestDatabase.freshSchema();          // new, migrated database
 * try (HikariDataSource pool = MysqlDataSources.open(config)) { ... }
 * }</pre>
 */
public final class TestDatabase {
    private static final String PREFIX = "rc_test_";
    private static Server server;

    private TestDatabase() {
    }

    /**
     * A new, migrated database on the test server: a copy of a template database that Flyway
     * migrated once per JVM, made from the template's table and routine definitions and its
     * Flyway history, so it is what Flyway would have left (a node that migrates it at start
     * finds nothing to do). Copying takes a fraction of Flyway's time.
     */
    public static MysqlConfig freshSchema() {
        Server target = server();
        String name = newName();
        target.create(name);
        target.copySchema(name);
        return target.configOf(name);
    }

    /** A new database without any table, for tests of the migrations themselves. */
    public static MysqlConfig freshEmptySchema() {
        Server target = server();
        String name = newName();
        target.create(name);
        return target.configOf(name);
    }

    private static String newName() {
        return PREFIX + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toLowerCase(Locale.ROOT);
    }

    /** A new, migrated database with an open pool; close it when the test class is done. */
    public static HikariDataSource freshDataSource() {
        return MysqlDataSources.open(freshSchema());
    }

    /** Whether the tests run against an external server rather than the embedded one. */
    public static boolean isExternal() {
        return server().external;
    }

    private static synchronized Server server() {
        if (server == null) {
            server = Server.fromEnvironment();
        }
        return server;
    }

    /** The migrated template database of this JVM, made on first use. */
    private static final class Template {
        record Made(String name, List<String> definitions) {
        }

        private Made made;

        synchronized Made get(Supplier<Made> make) {
            if (made == null) {
                made = make.get();
            }
            return made;
        }
    }

    private static String setting(String property, String variable, String fallback) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            value = System.getenv(variable);
        }
        return value == null || value.isBlank() ? fallback : value.trim();
    }

    /**
     * Where the test databases are created: a server URL without a database part. Database
     * names are generated here ({@code rc_test_} and hex digits), never taken from input.
     */
    private record Server(String baseUrl, String user, String password, boolean external, Template template) {

        static Server fromEnvironment() {
            String url = setting("redcron.test.jdbc.url", "REDCRON_TEST_JDBC_URL", "");
            String user = setting("redcron.test.jdbc.user", "REDCRON_TEST_JDBC_USER", "root");
            String password = setting("redcron.test.jdbc.password", "REDCRON_TEST_JDBC_PASSWORD", "");
            if (!url.isEmpty()) {
                return new Server(withoutDatabase(url), user, password, true, new Template());
            }
            EmbeddedMariaDb embedded = EmbeddedMariaDb.start();
            return new Server(embedded.jdbcUrl(""), "root", "", false, new Template());
        }

        MysqlConfig configOf(String database) {
            return MysqlConfig.of(urlOf(database), user, Secret.of(password));
        }

        /** Gives an empty database the migrated schema, from the template (made on first use). */
        void copySchema(String database) {
            Template.Made made = template.get(this::migrateTemplate);
            try (Connection connection = DriverManager.getConnection(configOf(database).connectorUrl(), user, password);
                 Statement statement = connection.createStatement()) {
                statement.execute("SET foreign_key_checks = 0");
                for (String sql : made.definitions()) {
                    statement.execute(sql);
                }
                statement.execute("INSERT INTO flyway_schema_history SELECT * FROM " + made.name()
                        + ".flyway_schema_history");
            } catch (SQLException e) {
                throw new IllegalStateException("copying the test schema into " + database + ": " + e.getMessage(), e);
            }
        }

        /** Migrates a database that no test gets with Flyway, and reads back how to create what it holds. */
        private Template.Made migrateTemplate() {
            String database = newName();
            create(database);
            MysqlConfig config = configOf(database);
            try (HikariDataSource pool = MysqlDataSources.open(config)) {
                Migrations.apply(pool);
                List<String> definitions = new ArrayList<>();
                try (Connection connection = pool.getConnection(); Statement statement = connection.createStatement()) {
                    List<String> tables = new ArrayList<>();
                    try (ResultSet rows = statement.executeQuery("SELECT table_name FROM information_schema.tables"
                            + " WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name")) {
                        while (rows.next()) {
                            tables.add(rows.getString(1));
                        }
                    }
                    for (String table : tables) {
                        try (ResultSet rows = statement.executeQuery("SHOW CREATE TABLE `" + table + "`")) {
                            rows.next();
                            definitions.add(rows.getString(2));
                        }
                    }
                    List<String> routines = new ArrayList<>();
                    try (ResultSet rows = statement.executeQuery("SELECT routine_type, routine_name FROM"
                            + " information_schema.routines WHERE routine_schema = DATABASE()")) {
                        while (rows.next()) {
                            routines.add(rows.getString(1) + " `" + rows.getString(2) + "`");
                        }
                    }
                    for (String routine : routines) {
                        try (ResultSet rows = statement.executeQuery("SHOW CREATE " + routine)) {
                            rows.next();
                            definitions.add(rows.getString(3));
                        }
                    }
                    if (hasOther(statement, "SELECT COUNT(*) FROM information_schema.views WHERE table_schema = DATABASE()")
                            || hasOther(statement, "SELECT COUNT(*) FROM information_schema.triggers"
                            + " WHERE trigger_schema = DATABASE()")) {
                        throw new IllegalStateException("the migrations create views or triggers, which the copy of"
                                + " the test schema does not make: teach TestDatabase to copy them");
                    }
                }
                return new Template.Made(database, definitions);
            } catch (SQLException e) {
                throw new IllegalStateException("reading the migrated test schema: " + e.getMessage(), e);
            }
        }

        private static boolean hasOther(Statement statement, String count) throws SQLException {
            try (ResultSet rows = statement.executeQuery(count)) {
                rows.next();
                return rows.getLong(1) > 0;
            }
        }

        /** Creates a database, and drops it again when the JVM exits so an external server stays tidy. */
        void create(String database) {
            execute("CREATE DATABASE " + database + " CHARACTER SET utf8mb4 COLLATE utf8mb4_bin");
            if (external) {
                Runtime.getRuntime().addShutdownHook(new Thread(() -> dropQuietly(database), "drop-" + database));
            }
        }

        private void dropQuietly(String database) {
            try {
                execute("DROP DATABASE IF EXISTS " + database);
            } catch (IllegalStateException e) {
                System.err.println(e.getMessage());
            }
        }

        String urlOf(String database) {
            int query = baseUrl.indexOf('?');
            return query < 0 ? baseUrl + database : baseUrl.substring(0, query) + database + baseUrl.substring(query);
        }

        void execute(String sql) {
            String url = MysqlConfig.of(urlOf(""), user, Secret.of(password)).connectorUrl();
            try (Connection connection = DriverManager.getConnection(url, user, password);
                 Statement statement = connection.createStatement()) {
                statement.execute(sql);
            } catch (SQLException e) {
                throw new IllegalStateException("test database server " + baseUrl + ": " + e.getMessage(), e);
            }
        }

        /** {@code jdbc:mysql://host:3306/test?x=y} becomes {@code jdbc:mysql://host:3306/?x=y}. */
        static String withoutDatabase(String url) {
            int query = url.indexOf('?');
            String main = query < 0 ? url : url.substring(0, query);
            String rest = query < 0 ? "" : url.substring(query);
            int hostStart = main.indexOf("//");
            int slash = main.indexOf('/', hostStart < 0 ? 0 : hostStart + 2);
            String server = slash < 0 ? main : main.substring(0, slash);
            return server + "/" + rest;
        }
    }
}
